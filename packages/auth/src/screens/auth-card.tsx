import { Card } from '@sieve/ui';
import { type ReactNode, useId } from 'react';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** Under the card: the link to the other mode. */
  footer?: ReactNode;
  children: ReactNode;
}

export function AuthCard({ title, description, footer, children }: AuthCardProps) {
  const titleId = useId();
  return (
    <>
      <Card as="section" className="sv-auth-card" aria-labelledby={titleId}>
        <header className="sv-auth-card__header">
          <h1 id={titleId} className="sv-auth-card__title">
            {title}
          </h1>
          {description ? <p className="sv-muted">{description}</p> : null}
        </header>
        {children}
      </Card>
      {footer ? <p className="sv-auth-card__footer">{footer}</p> : null}
    </>
  );
}
