import { Icon, type IconName } from '@sieve/ui';
import type { ReactNode } from 'react';

/**
 * What a workspace pane shows when it has nothing to show, in the shared empty-state look
 * (`sv-empty-state` of @sieve/ui), with the workspace's icons. `role="status"` announces it.
 */
export function EmptyPanel({
  title,
  description,
  icon,
  action,
}: {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}) {
  return (
    <div className="sv-empty-state" role="status">
      {icon ? (
        <span className="sv-empty-state__icon" aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
      ) : null}
      <p className="sv-empty-state__title">{title}</p>
      {description ? <p className="sv-empty-state__description">{description}</p> : null}
      {action ? <div className="sv-empty-state__action">{action}</div> : null}
    </div>
  );
}
