import './sidebar-nav.css';
import type { ReactNode } from 'react';
import { classNames } from './class-names';

export interface SidebarNavItem<Id extends string = string> {
  id: Id;
  label: string;
  icon?: ReactNode;
  /** A count next to the label; hidden when undefined. */
  badge?: number | undefined;
  /** Read with the badge, e.g. "3 active reviewers" (else just the number). */
  badgeLabel?: string | undefined;
}

export interface SidebarNavProps<Id extends string = string> {
  /** Names the navigation landmark. */
  label: string;
  items: readonly SidebarNavItem<Id>[];
  currentId: Id | null;
  onSelect: (id: Id) => void;
  className?: string;
}

/** A vertical list of views; the current one is marked with aria-current="page". */
export function SidebarNav<Id extends string>({
  label,
  items,
  currentId,
  onSelect,
  className,
}: SidebarNavProps<Id>) {
  return (
    <nav className={classNames('sv-sidebar-nav', className)} aria-label={label}>
      <ul className="sv-sidebar-nav__list">
        {items.map((item) => {
          const isCurrent = item.id === currentId;
          return (
            <li key={item.id}>
              <button
                type="button"
                className="sv-sidebar-nav__item"
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => onSelect(item.id)}
              >
                {item.icon ? <span className="sv-sidebar-nav__icon">{item.icon}</span> : null}
                <span className="sv-sidebar-nav__label">{item.label}</span>
                {item.badge !== undefined ? (
                  <span className="sv-sidebar-nav__badge">
                    <span aria-hidden="true">{item.badge.toLocaleString()}</span>
                    <span className="sv-visually-hidden">
                      {`(${item.badgeLabel ?? item.badge.toLocaleString()})`}
                    </span>
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
