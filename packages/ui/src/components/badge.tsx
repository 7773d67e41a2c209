import type { ReactNode } from 'react';
import { classNames } from './class-names';

export interface BadgeProps {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
  /** Prefix a coloured dot (status badges). */
  hasDot?: boolean;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', hasDot = false, children }: BadgeProps) {
  return (
    <span className={classNames('sv-badge', `sv-badge--${tone}`)}>
      {hasDot ? <span className="sv-badge__dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
