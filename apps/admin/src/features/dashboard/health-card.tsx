import { ADMIN_QUEUE_BAR_MAX, type AdminStats } from '@sieve/contracts';
import { Badge, Card } from '@sieve/ui';
import { formatCount, formatDecimal } from './format';
import { HEALTH_LABEL, HEALTH_TONE, queueFill } from './health';

function QueueBar({
  label,
  count,
  kind,
}: {
  label: string;
  count: number;
  kind: keyof typeof ADMIN_QUEUE_BAR_MAX;
}) {
  const fill = queueFill(kind, count);
  return (
    <div className="adm-queue-bar">
      <div className="adm-queue-bar__row">
        <span>{label}</span>
        <span className="adm-num">{formatCount(count)}</span>
      </div>
      <div
        className={`adm-meter ${fill >= 1 ? 'adm-meter--full' : fill >= 0.8 ? 'adm-meter--high' : ''}`}
        aria-hidden="true"
        title={`${count} of ${ADMIN_QUEUE_BAR_MAX[kind]}`}
      >
        <span className="adm-meter__fill" style={{ width: `${fill * 100}%` }} />
      </div>
    </div>
  );
}

/** spec 02 §2 system health card: the state, failures and the queues (the strip has the rest). */
export function HealthCard({ stats }: { stats: AdminStats }) {
  const { systemHealth, operationsData: ops } = stats;
  return (
    <Card as="section" className="adm-card" aria-labelledby="health-card-title">
      <div className="adm-card__head">
        <h3 id="health-card-title" className="adm-card__title">
          System health
        </h3>
        <Badge tone={HEALTH_TONE[systemHealth.status]} hasDot>
          {HEALTH_LABEL[systemHealth.status]}
        </Badge>
      </div>
      <dl className="adm-facts">
        <div>
          <dt>Requests failed</dt>
          <dd>
            {formatCount(ops.requests.failed)} of {formatCount(ops.requests.total)}
          </dd>
        </div>
        <div>
          <dt>Error ratio</dt>
          <dd>{formatDecimal(systemHealth.errorRatio * 100, 1)}%</dd>
        </div>
      </dl>
      <QueueBar label="Pending" count={ops.queues.pending} kind="pending" />
      <QueueBar label="Processing" count={ops.queues.processing} kind="processing" />
      {ops.paused ? (
        <p className="adm-text-warning adm-small">The queue is paused: nothing new is being processed.</p>
      ) : null}
    </Card>
  );
}
