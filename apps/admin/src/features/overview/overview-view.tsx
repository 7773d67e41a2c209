import { ServiceStatusCard } from '@sieve/auth';
import { Button, Card, Icon, type IconName, Spinner } from '@sieve/ui';
import { useState } from 'react';
import { AlertList } from '../dashboard/alert-list';
import { useDashboard } from '../dashboard/dashboard-context';
import { formatCount } from '../dashboard/format';
import { HealthCard } from '../dashboard/health-card';
import { QueueControls } from '../dashboard/queue-controls';
import type { ViewId } from '../dashboard/views';
import { useCsvExport } from '../tables/export-csv';
import { ExportDataDialog } from '../tables/export-data-dialog';

const OVERVIEW_ALERTS = 3;

const TOOLS: readonly { view: ViewId; icon: IconName; label: string; description: string }[] = [
  { view: 'submit', icon: 'send', label: 'Submit a request', description: 'On behalf of a requester' },
  {
    view: 'invite-codes',
    icon: 'ticket',
    label: 'Generate an invite',
    description: 'For a reviewer or an admin',
  },
  { view: 'operations', icon: 'flow', label: 'Operations', description: 'Flow map and interventions' },
  { view: 'team', icon: 'activity', label: 'Team Pulse', description: 'Team metrics and invites' },
  { view: 'analytics', icon: 'bar-chart', label: 'Analytics', description: 'Trends over 14 days' },
];

function Shortcut({
  icon,
  title,
  figure,
  detail,
  onOpen,
}: {
  icon: IconName;
  title: string;
  figure: string;
  detail: string;
  onOpen: () => void;
}) {
  return (
    <button type="button" className="adm-shortcut" onClick={onOpen}>
      <span className="adm-shortcut__icon">
        <Icon name={icon} size={18} />
      </span>
      <span className="adm-shortcut__text">
        <span className="adm-shortcut__title">{title}</span>
        <span className="adm-shortcut__figure">{figure}</span>
        <span className="adm-shortcut__detail">{detail}</span>
      </span>
      <Icon name="arrow-right" className="adm-shortcut__arrow" />
    </button>
  );
}

/** spec 02 §2 Overview. */
export default function OverviewView() {
  const { stats, isStatsLoading, navigate, refreshStats } = useDashboard();
  const { exportKind } = useCsvExport();
  const [isExportOpen, setIsExportOpen] = useState(false);
  const [isRefreshing, setIsRefreshing] = useState(false);

  if (!stats) {
    return (
      <section className="adm-view" aria-label="Overview">
        {isStatsLoading ? <Spinner label="Loading overview" /> : null}
        <ServiceStatusCard className="adm-card" titleClassName="adm-card__title" titleAs="h3" />
      </section>
    );
  }

  const { operationsData: ops, teamMetrics: team, alerts } = stats;
  const inQueue = ops.queues.pending + ops.queues.processing;

  const refreshData = async () => {
    setIsRefreshing(true);
    try {
      await refreshStats();
    } finally {
      setIsRefreshing(false);
    }
  };

  return (
    <section className="adm-view" aria-labelledby="overview-title">
      <header className="adm-view__header">
        <div>
          <h2 id="overview-title" className="adm-view__title">
            Overview
          </h2>
          <p className="adm-view__description">The state of the system, the queue and the team right now.</p>
        </div>
        <div className="adm-toolbar">
          <QueueControls />
          <Button size="sm" onClick={() => void refreshData()} disabled={isRefreshing}>
            <Icon name="refresh" className={isRefreshing ? 'adm-spin' : undefined} />
            Refresh Data
          </Button>
          <Button size="sm" onClick={() => setIsExportOpen(true)}>
            <Icon name="download" />
            Export Data
          </Button>
        </div>
      </header>

      {/* Uptime, throughput, latency, active reviewers and efficiency are in the status strip above
          every view, and the system's state is in System health: not repeated here (issue 15). */}
      <div className="adm-shortcuts">
        <Shortcut
          icon="list"
          title="Requests"
          figure={formatCount(ops.requests.total)}
          detail={`${formatCount(inQueue)} pending or processing · ${formatCount(ops.requests.failed)} failed`}
          onOpen={() => navigate('requests')}
        />
        <Shortcut
          icon="users"
          title="Reviewers"
          figure={formatCount(team.totalWorkers + team.pendingWorkers)}
          detail={`${formatCount(team.activeWorkers)} active · ${formatCount(team.pendingWorkers)} pending approval`}
          onOpen={() => navigate('workers')}
        />
        <Shortcut
          icon="building"
          title="Requesters"
          // issue 40: the same live figures as the reviewers' counts, not a list's kept total.
          figure={formatCount(team.totalRequesters)}
          detail="Accounts that submit documents"
          onOpen={() => navigate('requesters')}
        />
      </div>

      <div className="adm-columns">
        <Card as="section" className="adm-card" aria-labelledby="overview-alerts-title">
          <div className="adm-card__head">
            <h3 id="overview-alerts-title" className="adm-card__title">
              Active alerts
            </h3>
            <button type="button" className="adm-link-button" onClick={() => navigate('operations')}>
              View All{alerts.length > OVERVIEW_ALERTS ? ` (${alerts.length})` : ''}
            </button>
          </div>
          <AlertList alerts={alerts.slice(0, OVERVIEW_ALERTS)} />
        </Card>
        <HealthCard stats={stats} />
      </div>

      <div className="adm-columns">
        <Card as="section" className="adm-card" aria-labelledby="overview-tools-title">
          <h3 id="overview-tools-title" className="adm-card__title">
            Admin tools
          </h3>
          <ul className="adm-tools">
            {TOOLS.map((tool) => (
              <li key={tool.view}>
                <button type="button" className="adm-tool" onClick={() => navigate(tool.view)}>
                  <Icon name={tool.icon} />
                  <span>
                    <span className="adm-tool__label">{tool.label}</span>
                    <span className="adm-tool__description">{tool.description}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Card>
        <ServiceStatusCard className="adm-card" titleClassName="adm-card__title" titleAs="h3" />
      </div>

      <ExportDataDialog
        isOpen={isExportOpen}
        onClose={() => setIsExportOpen(false)}
        onExport={(kind) => void exportKind(kind)}
      />
    </section>
  );
}
