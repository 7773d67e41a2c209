import type { HealthResponse, healthEndpoints } from '@sieve/contracts';
import { Badge, Card, Spinner } from '@sieve/ui';
import useSWR from 'swr';
import { errorMessageFor } from '../api/api-error';

/**
 * The SWR key of the API's health: a path under /api/v1, checked against the contract by type (a
 * value import of the endpoint table would bring its zod schemas into the bundle).
 */
const HEALTH_KEY = '/health' satisfies (typeof healthEndpoints)['health']['path'];

/** The API's health, polled every 30 s; the app's `SWRConfig` supplies the fetcher. */
export function useApiHealth() {
  return useSWR<HealthResponse>(HEALTH_KEY, { refreshInterval: 30_000 });
}

function statusBadge(status: string) {
  return (
    <Badge tone={status === 'ok' ? 'success' : 'danger'} hasDot>
      {status === 'ok' ? 'Operational' : status === 'degraded' ? 'Degraded' : 'Down'}
    </Badge>
  );
}

export interface ServiceStatusCardProps {
  /** The app's class of a card on its dashboard. */
  className: string;
  /** The app's class of that card's title. */
  titleClassName: string;
  /** The title's level in the page's outline. */
  titleAs?: 'h2' | 'h3';
}

/** The API's health, so a user can tell an outage from a slow request. */
export function ServiceStatusCard({
  className,
  titleClassName,
  titleAs: Title = 'h2',
}: ServiceStatusCardProps) {
  const { data, error, isLoading } = useApiHealth();
  return (
    <Card as="section" className={className} aria-labelledby="service-status-title">
      <Title id="service-status-title" className={titleClassName}>
        Service status
      </Title>
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
