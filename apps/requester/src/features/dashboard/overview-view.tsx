import { errorMessageFor, ServiceStatusCard } from '@sieve/auth';
import { DASHBOARD_FETCH_LIMIT, OVERVIEW_RECENT_COUNT, type RequestSummary } from '@sieve/contracts';
import { Banner, Button, Card, EmptyState, Glyph, StatCard } from '@sieve/ui';
import { usePlans, useSubscription } from '../billing/api';
import { formatUsed, limitReachedMessage, monthCost, usageLines } from '../billing/plan-cost';
import { documentTypeLabel, matchesSearch } from '../requests/request-format';
import { RequestTable } from '../requests/request-table';
import { useActiveRequests, useRequestList } from '../requests/use-requests';
import {
  averageTurnaroundMs,
  formatDollars,
  formatRate,
  formatTurnaround,
  isFinished,
  successRate,
  topDocumentTypes,
} from './dashboard-stats';

export interface OverviewViewProps {
  search: string;
  onView: (request: RequestSummary) => void;
  onShowHistory: () => void;
  onShowBilling: () => void;
  onNewRequest: () => void;
}

/** spec 02 §2 Overview: four stat cards, the 5 most recent requests, cost this month. */
export function OverviewView({
  search,
  onView,
  onShowHistory,
  onShowBilling,
  onNewRequest,
}: OverviewViewProps) {
  // spec 02 §7: the dashboard fetches page 1 with 50.
  const list = useRequestList({ page: 1, limit: DASHBOARD_FETCH_LIMIT });
  const active = useActiveRequests();
  const subscription = useSubscription();
  const loaded = list.data?.requests ?? [];
  const total = list.data?.total;
  const turnaround = averageTurnaroundMs(loaded);
  const rate = successRate(loaded);
  const finished = loaded.filter(isFinished).length;
  const recent = loaded.filter((request) => matchesSearch(request, search)).slice(0, OVERVIEW_RECENT_COUNT);
  const tally = topDocumentTypes(loaded);
  // spec 02 §7: the figures come from the latest 50 requests; say so once there are more.
  const basis = total !== undefined && total > loaded.length ? ` · last ${loaded.length}` : '';
  const plans = usePlans();
  // A subscription without its usage (an older API, a failed read) shows no cost rather than crashing.
  const usage = subscription.data?.usage;
  const month = subscription.data?.usage
    ? monthCost(
        subscription.data,
        plans.data?.plans?.find((plan) => plan.id === subscription.data?.plan_id),
      )
    : null;

  return (
    <div className="rq-overview">
      {list.error ? (
        <Banner tone="error">{errorMessageFor(list.error, 'Failed to fetch dashboard data')}</Banner>
      ) : null}

      <div className="rq-stats">
        <StatCard
          label="Total Requests"
          value={total === undefined ? '—' : total.toLocaleString('en-US')}
          detail="All time"
          icon={<Glyph name="file" />}
        />
        <StatCard
          label="Active Requests"
          value={active.count === undefined ? '—' : active.count.toLocaleString('en-US')}
          detail="Pending and processing"
          icon={<Glyph name="activity" />}
        />
        <StatCard
          label="Avg Turnaround"
          value={turnaround === null ? '—' : formatTurnaround(turnaround)}
          detail={turnaround === null ? 'No completed requests yet' : `Submit to completed${basis}`}
          icon={<Glyph name="history" />}
        />
        <StatCard
          label="Success Rate"
          value={rate === null ? '—' : formatRate(rate)}
          detail={rate === null ? 'No finished requests yet' : `Of ${finished} finished${basis}`}
          icon={<Glyph name="sparkles" />}
        />
      </div>

      <div className="rq-overview__columns">
        <Card as="section" className="rq-panel" aria-labelledby="recent-title">
          <header className="rq-panel__header">
            <h2 id="recent-title" className="rq-panel__title">
              Recent Requests
            </h2>
            <Button size="sm" variant="ghost" onClick={onShowHistory}>
              View All <Glyph name="chevron-right" />
            </Button>
          </header>
          <RequestTable
            caption="Recent requests"
            requests={recent}
            onView={onView}
            isCompact
            isLoading={list.isLoading}
            empty={
              search.trim() && loaded.length > 0 ? (
                <EmptyState
                  glyph="search"
                  title="No matching requests"
                  description={`Nothing among your recent requests matches “${search.trim()}”.`}
                />
              ) : (
                <EmptyState
                  title="No recent requests"
                  description="Submit a document to see it here."
                  action={
                    <Button variant="primary" size="sm" onClick={onNewRequest}>
                      <Glyph name="plus" /> New Request
                    </Button>
                  }
                />
              )
            }
          />
        </Card>

        <div className="rq-overview__side">
          <Card as="section" className="rq-panel" aria-labelledby="month-title">
            <h2 id="month-title" className="rq-panel__title">
              This Month
            </h2>
            <p className="rq-month__cost">{month ? formatDollars(month.amount) : '—'}</p>
            <p className="sv-muted rq-month__basis">{month ? month.basis : 'Loading your plan…'}</p>
            {usage ? <PlanUsage usage={usage} /> : null}
            <Button size="sm" variant="ghost" className="rq-month__link" onClick={onShowBilling}>
              Plan and usage <Glyph name="chevron-right" />
            </Button>
          </Card>

          <Card as="section" className="rq-panel" aria-labelledby="types-title">
            <h2 id="types-title" className="rq-panel__title">
              Top Document Types
            </h2>
            {tally.length === 0 ? (
              <p className="sv-muted">None yet.</p>
            ) : (
              <ol className="rq-tally">
                {tally.map((entry) => (
                  <li key={entry.type}>
                    <span>{documentTypeLabel(entry.type)}</span>
                    <span className="rq-tally__count">{entry.count}</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>

          <ServiceStatusCard className="rq-panel" titleClassName="rq-panel__title" />
        </div>
      </div>
    </div>
  );
}

/**
 * The requests used against each of the plan's limits, the figures the server checks when it
 * accepts a request (issue 40), and which limit refuses new requests when one is reached.
 */
function PlanUsage({ usage }: { usage: Parameters<typeof usageLines>[0] }) {
  const reached = limitReachedMessage(usage);
  return (
    <>
      <dl className="rq-limits" aria-label="Requests used of your plan's limits">
        {usageLines(usage).map((line) => (
          <div
            key={line.period}
            className={line.isReached ? 'rq-limits__row rq-limits__row--reached' : 'rq-limits__row'}
          >
            <dt>{line.label}</dt>
            <dd>{formatUsed(line.used, line.limit)}</dd>
          </div>
        ))}
      </dl>
      {reached ? (
        <p className="rq-limits__reached" role="status">
          {reached}
        </p>
      ) : null}
    </>
  );
}
