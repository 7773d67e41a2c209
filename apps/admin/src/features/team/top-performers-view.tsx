import { Button, Icon, Spinner } from '@sieve/ui';
import { useDashboard } from '../dashboard/dashboard-context';
import { TopPerformersTable } from './top-performers';

/** The 'users' view (spec 02 §2): not in the sidebar, opened from Team Pulse. */
export default function TopPerformersView() {
  const { stats, isStatsLoading, navigate } = useDashboard();
  return (
    <section className="adm-view" aria-labelledby="users-title">
      <header className="adm-view__header">
        <div>
          <h2 id="users-title" className="adm-view__title">
            Top Performers
          </h2>
          <p className="adm-view__description">
            The reviewers with the most reviews submitted in the last 7 days. A quality score above 90% is
            marked.
          </p>
        </div>
        <div className="adm-toolbar">
          <Button size="sm" onClick={() => navigate('team')}>
            <Icon name="activity" />
            Back to Team Pulse
          </Button>
        </div>
      </header>
      {stats ? (
        <TopPerformersTable
          performers={stats.teamMetrics.topPerformers}
          caption="Top performers, last 7 days"
        />
      ) : isStatsLoading ? (
        <Spinner label="Loading top performers" />
      ) : null}
    </section>
  );
}
