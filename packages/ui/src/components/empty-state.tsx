import type { ReactNode } from 'react';
import './shared-pieces.css';
import { Icon, type IconName } from './icon';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Buttons or links that get the user going again. */
  action?: ReactNode;
  /** The picture above the title: an `Icon` name (`glyph` is the former spelling of the same). */
  icon?: IconName;
  glyph?: IconName;
}

/** What a list shows when it has nothing to show ("No requests found"). */
export function EmptyState({ title, description, action, icon, glyph }: EmptyStateProps) {
  return (
    <div className="sv-empty-state">
      <span className="sv-empty-state__icon">
        <Icon name={icon ?? glyph ?? 'inbox'} size={20} />
      </span>
      <p className="sv-empty-state__title">{title}</p>
      {description ? <div className="sv-empty-state__description">{description}</div> : null}
      {action ? <div className="sv-empty-state__action">{action}</div> : null}
    </div>
  );
}
