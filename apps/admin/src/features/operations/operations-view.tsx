import { errorMessageFor } from '@sieve/auth';
import { Button, Card, Icon, Spinner } from '@sieve/ui';
import { Fragment, useState } from 'react';
import { AlertList } from '../dashboard/alert-list';
import { releaseExpiredClaims, retryFailedRequests } from '../dashboard/api';
import { useDashboard } from '../dashboard/dashboard-context';
import { formatCount, formatShare } from '../dashboard/format';
import { QueueControls } from '../dashboard/queue-controls';
import { AlertSettingsCard } from './alert-settings-card';
import { AuditLog } from './audit-log';
import { bottlenecks, type FlowStage, flowStages } from './flow';

const BOTTLENECK_TONE = { high: 'danger', medium: 'warning', low: 'info' } as const;
const BOTTLENECK_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;

function Stage({ stage }: { stage: FlowStage }) {
  return (
    <li className={`adm-flow__stage adm-flow__stage--${stage.tone}`}>
      <span className="adm-flow__label">{stage.label}</span>
      <span className="adm-flow__count">{formatCount(stage.count)}</span>
      <span className="adm-flow__unit">
        {stage.unit}
        {stage.share !== null && stage.id !== 'submitted' ? ` · ${formatShare(stage.share)} of all` : ''}
      </span>
      <span className="adm-flow__detail">{stage.detail}</span>
    </li>
  );
}

type Intervention = 'retry' | 'release';

/** spec 02 §2 Operations: the flow map with real counts, bottlenecks, alerts and interventions. */
export default function OperationsView() {
  const { stats, isStatsLoading, refreshStats, notify } = useDashboard();
  const [busy, setBusy] = useState<Intervention | null>(null);

  if (!stats) return isStatsLoading ? <Spinner label="Loading operations" /> : null;

  const stages = flowStages(stats);
  const [submitted, queued, processing, review, completed, failed] = stages as [
    FlowStage,
    FlowStage,
    FlowStage,
    FlowStage,
    FlowStage,
    FlowStage,
  ];
  const found = bottlenecks(stats);
  const { tasks, requests } = stats.operationsData;

  const intervene = async (kind: Intervention) => {
    setBusy(kind);
    try {
      if (kind === 'retry') {
        const { affected } = await retryFailedRequests();
        notify(
          affected > 0
            ? `Queued ${affected} failed request${affected === 1 ? '' : 's'} again.`
            : 'No failed requests could be retried (those with review tasks are kept as they are).',
          affected > 0 ? 'success' : 'info',
        );
      } else {
        const { affected } = await releaseExpiredClaims();
        notify(
          affected > 0
            ? `Released ${affected} expired claim${affected === 1 ? '' : 's'}; the tasks are open again.`
            : 'No expired claims to release.',
          affected > 0 ? 'success' : 'info',
        );
      }
      await refreshStats();
    } catch (error) {
      notify(
        errorMessageFor(
          error,
          kind === 'retry' ? 'Failed to retry failed requests' : 'Failed to release expired claims',
        ),
        'error',
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="adm-view" aria-labelledby="operations-title">
      <header className="adm-view__header">
        <div>
          <h2 id="operations-title" className="adm-view__title">
            Operations
          </h2>
          <p className="adm-view__description">
            Where requests are in their life, what is holding them up, and what to do.
          </p>
        </div>
        <div className="adm-toolbar">
          <QueueControls />
        </div>
      </header>

      <Card as="section" className="adm-card" aria-labelledby="flow-title">
        <h3 id="flow-title" className="adm-card__title">
          Operations flow
        </h3>
        <ol className="adm-flow" aria-label="Request flow, in order">
          {[submitted, queued, processing, review].map((stage, index) => (
            <Fragment key={stage.id}>
              {index > 0 ? (
                <li className="adm-flow__arrow" aria-hidden="true">
                  <Icon name="arrow-right" />
                </li>
              ) : null}
              <Stage stage={stage} />
            </Fragment>
          ))}
          <li className="adm-flow__arrow" aria-hidden="true">
            <Icon name="arrow-right" />
          </li>
          <li className="adm-flow__ends">
            <ol className="adm-flow__ends-list" aria-label="Outcomes">
              <Stage stage={completed} />
              <Stage stage={failed} />
            </ol>
          </li>
        </ol>
      </Card>

      <div className="adm-columns">
        <Card as="section" className="adm-card" aria-labelledby="interventions-title">
          <h3 id="interventions-title" className="adm-card__title">
            Interventions
          </h3>
          <ul className="adm-interventions">
            <li>
              <div>
                <p className="adm-interventions__name">Retry failed requests</p>
                <p className="sv-muted">
                  {formatCount(requests.failed)} failed. Requests that failed before review are queued again.
                </p>
              </div>
              <Button size="sm" onClick={() => void intervene('retry')} disabled={busy !== null}>
                <Icon name="rotate-ccw" />
                {busy === 'retry' ? 'Retrying...' : 'Retry failed'}
              </Button>
            </li>
            <li>
              <div>
                <p className="adm-interventions__name">Release expired claims</p>
                <p className="sv-muted">
                  {formatCount(tasks.expiredClaims)} past their lease. Their review slots open for other
                  reviewers.
                </p>
              </div>
              <Button size="sm" onClick={() => void intervene('release')} disabled={busy !== null}>
                <Icon name="unlock" />
                {busy === 'release' ? 'Releasing...' : 'Release expired'}
              </Button>
            </li>
          </ul>
          <h4 className="adm-subtitle">Bottlenecks</h4>
          {found.length === 0 ? (
            <p className="sv-muted adm-empty-line">
              No bottlenecks: the queue and the team are within their limits.
            </p>
          ) : (
            <ul className="adm-bottlenecks">
              {found.map((item) => (
                <li
                  key={item.id}
                  className={`adm-bottleneck adm-bottleneck--${BOTTLENECK_TONE[item.severity]}`}
                >
                  <span className="adm-bottleneck__severity">{BOTTLENECK_LABEL[item.severity]}</span>
                  <span>
                    <strong>{item.title}.</strong> {item.message}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card as="section" className="adm-card" aria-labelledby="all-alerts-title">
          <h3 id="all-alerts-title" className="adm-card__title">
            Alerts ({stats.alerts.length})
          </h3>
          <AlertList alerts={stats.alerts} />
        </Card>
      </div>

      <AlertSettingsCard />
      <AuditLog />
    </section>
  );
}
