import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { Icon } from './icon';

export interface BannerProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}

/** An inline message; errors are announced at once (role="alert"), others politely. */
export function Banner({ tone = 'info', children, className }: BannerProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={classNames('sv-banner', `sv-banner--${tone}`, className)}
    >
      <Icon name={tone === 'success' ? 'check' : 'alert'} className="sv-banner__icon" />
      <div className="sv-banner__body">{children}</div>
    </div>
  );
}
