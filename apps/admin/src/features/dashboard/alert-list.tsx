import type { Alert } from '@sieve/contracts';
import { Icon, type IconName } from '@sieve/ui';

const SEVERITY: Record<Alert['severity'], { icon: IconName; label: string }> = {
  critical: { icon: 'alert', label: 'Critical' },
  warning: { icon: 'alert-triangle', label: 'Warning' },
  info: { icon: 'info', label: 'Info' },
};

/** Alerts of spec 02 §9 with their severity in words and colour. */
export function AlertList({
  alerts,
  emptyText = 'No active alerts. Everything is within its limits.',
}: {
  alerts: readonly Alert[];
  emptyText?: string;
}) {
  if (alerts.length === 0) return <p className="sv-muted adm-empty-line">{emptyText}</p>;
  return (
    <ul className="sv-list">
      {alerts.map((alert) => (
        <li key={alert.id} className={`adm-alert adm-alert--${alert.severity}`}>
          <Icon name={SEVERITY[alert.severity].icon} className="adm-alert__icon" />
          <div>
            <p className="adm-alert__title">
              <span className="adm-alert__severity">{SEVERITY[alert.severity].label}</span> {alert.title}
            </p>
            <p className="adm-alert__message">{alert.message}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
