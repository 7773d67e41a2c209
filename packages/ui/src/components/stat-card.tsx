import './stat-card.css';
import type { ReactNode } from 'react';
import { classNames } from './class-names';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A second line: what the value is out of, its companion figure. */
  detail?: ReactNode;
  /** Colours the value's marker (status); the value's text says the same in words. */
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info';
  icon?: ReactNode;
  /** Compact tiles for a status strip. */
  size?: 'md' | 'sm';
  className?: string;
}

/** One figure with its label: dashboard stat cards and status-strip tiles. */
export function StatCard({
  label,
  value,
  detail,
  tone = 'neutral',
  icon,
  size = 'md',
  className,
}: StatCardProps) {
  return (
    <div className={classNames('sv-stat', `sv-stat--${size}`, `sv-stat--${tone}`, className)}>
      <div className="sv-stat__top">
        {icon ? <span className="sv-stat__icon">{icon}</span> : null}
        <p className="sv-stat__label">{label}</p>
      </div>
      <p className="sv-stat__value">{value}</p>
      {detail ? <p className="sv-stat__detail">{detail}</p> : null}
    </div>
  );
}
