import { errorMessageFor } from '@sieve/auth';
import { Badge, Card, Spinner } from '@sieve/ui';
import { useApiHealth } from './use-api-health';

function statusBadge(status: string) {
  return (
    <Badge tone={status === 'ok' ? 'success' : 'danger'} hasDot>
      {status === 'ok' ? 'Operational' : status === 'degraded' ? 'Degraded' : 'Down'}
    </Badge>
  );
}

/** The API's health: the first thing an admin checks. */
export function ServiceStatusCard() {
  const { data, error, isLoading } = useApiHealth();
  return (
    <Card as="section" className="adm-card" aria-labelledby="service-status-title">
      <h3 id="service-status-title" className="adm-card__title">
        Service status
      </h3>
      {isLoading ? (
        <Spinner size="sm" label="Loading service status" />
      ) : error || !data ? (
        <p className="sv-muted">{errorMessageFor(error, 'The service status is not available.')}</p>
      ) : (
        <ul className="sv-list">
          <li className="sv-list__row">API {statusBadge(data.status)}</li>
          <li className="sv-list__row">Database {statusBadge(data.db)}</li>
          <li className="sv-list__row">Job queue {statusBadge(data.queue)}</li>
        </ul>
      )}
    </Card>
  );
}
