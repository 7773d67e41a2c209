import { errorMessageFor } from '@sieve/auth';
import type { RequestSummary } from '@sieve/contracts';
import { Banner, Button, Card, EmptyState, Glyph } from '@sieve/ui';
import { matchesSearch } from '../requests/request-format';
import { RequestTable } from '../requests/request-table';
import { useActiveRequests } from '../requests/use-requests';

export interface ActiveViewProps {
  search: string;
  onView: (request: RequestSummary) => void;
  onNewRequest: () => void;
}

/** spec 02 §2 Active: pending and processing requests, refreshed every 3 s while any is in flight. */
export function ActiveView({ search, onView, onNewRequest }: ActiveViewProps) {
  const active = useActiveRequests();
  const shown = active.requests.filter((request) => matchesSearch(request, search));
  return (
    <Card as="section" className="rq-panel" aria-labelledby="active-title">
      <header className="rq-panel__header">
        <h2 id="active-title" className="rq-panel__title">
          In progress{active.count ? ` (${active.count})` : ''}
        </h2>
        <p className="sv-muted rq-panel__note">
          {active.count
            ? 'Updates every few seconds while requests are in progress'
            : 'Updates every 30 seconds'}
        </p>
      </header>
      {active.error ? (
        <Banner tone="error">{errorMessageFor(active.error, 'Failed to fetch dashboard data')}</Banner>
      ) : null}
      <RequestTable
        caption="Active requests"
        requests={shown}
        onView={onView}
        isLoading={active.isLoading}
        empty={
          search.trim() && active.requests.length > 0 ? (
            <EmptyState
              glyph="search"
              title="No matching requests"
              description={`No active request matches “${search.trim()}”.`}
            />
          ) : (
            <EmptyState
              glyph="activity"
              title="No active requests"
              description="Requests waiting for extraction or review show here."
              action={
                <Button size="sm" onClick={onNewRequest}>
                  <Glyph name="plus" /> New Request
                </Button>
              }
            />
          )
        }
      />
    </Card>
  );
}
