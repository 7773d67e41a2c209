import { type AdminStats, BOTTLENECK } from '@sieve/contracts';

export interface FlowStage {
  id: 'submitted' | 'queued' | 'processing' | 'review' | 'completed' | 'failed';
  label: string;
  count: number;
  unit: 'requests' | 'tasks';
  /** Share of all requests (request stages only), 0–1; null when there are none. */
  share: number | null;
  detail: string;
  tone: 'neutral' | 'info' | 'warning' | 'success' | 'danger';
}

export interface Bottleneck {
  id: string;
  severity: 'high' | 'medium' | 'low';
  title: string;
  message: string;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The operations flow map from live figures (DESIGN §9, no placeholder percentages): every
 * request is submitted, waits as pending, is processed (extraction, then review when it needs
 * people) and ends completed or failed. Review is counted in tasks, the rest in requests.
 */
export function flowStages(stats: AdminStats): FlowStage[] {
  const { queues, tasks, requests } = stats.operationsData;
  const total = requests.total;
  const share = (count: number) => (total > 0 ? count / total : null);
  return [
    {
      id: 'submitted',
      label: 'Submitted',
      count: total,
      unit: 'requests',
      share: total > 0 ? 1 : null,
      detail: 'All requests on record',
      tone: 'neutral',
    },
    {
      id: 'queued',
      label: 'Pending',
      count: queues.pending,
      unit: 'requests',
      share: share(queues.pending),
      detail: stats.operationsData.paused ? 'Waiting: the queue is paused' : 'Waiting for extraction',
      tone: stats.operationsData.paused && queues.pending > 0 ? 'warning' : 'neutral',
    },
    {
      id: 'processing',
      label: 'Processing',
      count: queues.processing,
      unit: 'requests',
      share: share(queues.processing),
      detail: 'Being extracted or reviewed',
      tone: 'info',
    },
    {
      id: 'review',
      label: 'Awaiting review',
      count: tasks.available + tasks.claimed,
      unit: 'tasks',
      share: null,
      detail: `${plural(tasks.available, 'task')} open · ${plural(tasks.claimed, 'claim')} in progress`,
      tone: 'info',
    },
    {
      id: 'completed',
      label: 'Completed',
      count: requests.completed,
      unit: 'requests',
      share: share(requests.completed),
      detail: 'With an AI or human-verified result',
      tone: 'success',
    },
    {
      id: 'failed',
      label: 'Failed',
      count: requests.failed,
      unit: 'requests',
      share: share(requests.failed),
      detail: 'Extraction gave up after its retries',
      tone: requests.failed > 0 ? 'danger' : 'neutral',
    },
  ];
}

/**
 * spec 02 §9 bottleneck rules — more than 100 pending is a high-severity queue bottleneck, fewer
 * than 10 active reviewers a medium one — plus the two things an intervention can fix.
 */
export function bottlenecks(stats: AdminStats): Bottleneck[] {
  const { queues, tasks, requests } = stats.operationsData;
  const active = stats.teamMetrics.activeWorkers;
  const found: Bottleneck[] = [];
  if (queues.pending > BOTTLENECK.pendingHigh) {
    found.push({
      id: 'queue',
      severity: 'high',
      title: 'Queue backlog',
      message: `${plural(queues.pending, 'request')} pending (more than ${BOTTLENECK.pendingHigh}).`,
    });
  }
  if (active < BOTTLENECK.activeWorkersMedium) {
    found.push({
      id: 'reviewers',
      severity: 'medium',
      title: 'Few active reviewers',
      message: `${plural(active, 'reviewer')} active in the last 24 hours (fewer than ${BOTTLENECK.activeWorkersMedium}).`,
    });
  }
  if (tasks.expiredClaims > 0) {
    found.push({
      id: 'expired',
      severity: 'low',
      title: 'Expired claims',
      message: `${plural(tasks.expiredClaims, 'claim')} passed its lease and still holds a review slot.`,
    });
  }
  if (requests.failed > 0) {
    found.push({
      id: 'failed',
      severity: 'low',
      title: 'Failed requests',
      message: `${plural(requests.failed, 'request')} failed; extraction failures can be retried.`,
    });
  }
  return found;
}
