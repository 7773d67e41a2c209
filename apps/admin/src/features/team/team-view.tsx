import { apiRequest, errorMessageFor } from '@sieve/auth';
import { Button, Card, Icon, Spinner, StatCard } from '@sieve/ui';
import { useState } from 'react';
import useSWR from 'swr';
import { useDashboard } from '../dashboard/dashboard-context';
import { formatCount, formatDate, formatPercent } from '../dashboard/format';
import { InviteGenerator } from '../invites/invite-generator';
import { RecentInvitesCard } from '../invites/recent-invites-card';
import { listKey, normaliseList, setWorkerActive, type Worker } from '../tables/api';
import { useCsvExport } from '../tables/export-csv';
import { TopPerformersTable } from './top-performers';

const PENDING_KEY = listKey('workers', {
  page: 1,
  limit: 10,
  sortBy: 'created_at',
  sortOrder: 'asc',
  status: 'pending',
});

/** Reviewers waiting for approval, oldest first, each with Approve. */
function PendingApprovals() {
  const { notify, refreshStats } = useDashboard();
  const { data, isLoading, mutate } = useSWR(PENDING_KEY, async (path: string) =>
    normaliseList<Worker>(await apiRequest<unknown>(path), 'workers', 1, 10),
  );
  const [busyId, setBusyId] = useState<string | null>(null);

  const approve = async (worker: Worker) => {
    setBusyId(worker.worker_id);
    try {
      await setWorkerActive(worker.worker_id, true);
      notify(`Approved ${worker.full_name || worker.email}.`, 'success');
      await Promise.all([mutate(), refreshStats()]);
    } catch (error) {
      notify(errorMessageFor(error, 'Failed to update worker status'), 'error');
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Card as="section" className="adm-card" aria-labelledby="pending-title">
      <h3 id="pending-title" className="adm-card__title">
        Awaiting approval{data ? ` (${data.total})` : ''}
      </h3>
      {isLoading ? (
        <Spinner size="sm" label="Loading reviewers awaiting approval" />
      ) : !data || data.rows.length === 0 ? (
        <p className="sv-muted adm-empty-line">Nobody is waiting for approval.</p>
      ) : (
        <ul className="adm-people">
          {data.rows.map((worker) => (
            <li key={worker.worker_id}>
              <span className="adm-person">
                <span className="adm-person__name">{worker.full_name || worker.email}</span>
                <span className="adm-person__email">
                  {worker.email} · signed up {formatDate(worker.created_at)}
                </span>
              </span>
              <Button
                size="sm"
                variant="primary"
                disabled={busyId === worker.worker_id}
                aria-label={`Approve ${worker.full_name || worker.email}`}
                onClick={() => void approve(worker)}
              >
                Approve
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** spec 02 §2 Team (labelled Team Pulse): team metrics, invite management, reviewers CSV, refresh. */
export default function TeamView() {
  const { stats, isStatsLoading, navigate, refreshStats } = useDashboard();
  const { exportKind, busyKind } = useCsvExport();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const team = stats?.teamMetrics;

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await refreshStats();
    } finally {
      setIsRefreshing(false);
    }
  };

  return (
    <section className="adm-view" aria-labelledby="team-title">
      <header className="adm-view__header">
        <div>
          <h2 id="team-title" className="adm-view__title">
            Team Pulse
          </h2>
          <p className="adm-view__description">Who is reviewing, how well, and who is waiting to join.</p>
        </div>
        <div className="adm-toolbar">
          <Button
            size="sm"
            onClick={() =>
              void exportKind('workers', team ? team.totalWorkers + team.pendingWorkers : undefined)
            }
            disabled={busyKind !== null}
          >
            <Icon name="download" />
            {busyKind === 'workers' ? 'Exporting...' : 'Export Reviewers CSV'}
          </Button>
          <Button size="sm" onClick={() => void refresh()} disabled={isRefreshing}>
            <Icon name="refresh" className={isRefreshing ? 'adm-spin' : undefined} />
            Refresh
          </Button>
        </div>
      </header>

      {team ? (
        <div className="adm-stat-grid">
          <StatCard
            label="Active reviewers"
            icon={<Icon name="users" />}
            value={formatCount(team.activeWorkers)}
            detail="Active in the last 24 hours"
          />
          <StatCard
            label="Approved reviewers"
            icon={<Icon name="user-check" />}
            value={formatCount(team.totalWorkers)}
            detail={`${formatCount(team.pendingWorkers)} awaiting approval`}
            tone={team.pendingWorkers > 0 ? 'warning' : 'neutral'}
          />
          <StatCard
            label="Efficiency"
            icon={<Icon name="activity" />}
            value={formatPercent(team.efficiency)}
            detail="Reviews submitted of reviews finished, 7 days"
          />
          <StatCard
            label="Top reviewer"
            icon={<Icon name="trophy" />}
            value={team.topPerformers[0] ? formatCount(team.topPerformers[0].tasksCompleted) : '—'}
            detail={
              team.topPerformers[0]
                ? `reviews by ${team.topPerformers[0].name}, 7 days`
                : 'No reviews in 7 days'
            }
          />
        </div>
      ) : isStatsLoading ? (
        <Spinner label="Loading team metrics" />
      ) : null}

      <div className="adm-columns">
        <Card as="section" className="adm-card" aria-labelledby="team-top-title">
          <div className="adm-card__head">
            <h3 id="team-top-title" className="adm-card__title">
              Top performers
            </h3>
            <button type="button" className="adm-link-button" onClick={() => navigate('users')}>
              View all
            </button>
          </div>
          {team ? (
            <TopPerformersTable
              performers={team.topPerformers.slice(0, 5)}
              caption="Top performers, last 7 days"
            />
          ) : null}
        </Card>
        <PendingApprovals />
      </div>

      <Card as="section" className="adm-card" aria-label="Invite code management">
        <div className="adm-columns adm-columns--wide-left adm-columns--flush">
          <InviteGenerator />
          <RecentInvitesCard />
        </div>
      </Card>
    </section>
  );
}
