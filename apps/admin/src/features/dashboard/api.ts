import { apiRequest } from '@sieve/auth';
import type { AdminLiveFigures, AdminStats, adminEndpoints, healthEndpoints, z } from '@sieve/contracts';

/**
 * SWR keys and calls of the dashboard: paths under /api/v1, checked against the contract by type
 * (a value import of the endpoint table would bring its zod schemas into the bundle).
 */
export const DASHBOARD_KEYS = {
  health: '/health',
  stats: '/admin/stats',
  liveFigures: '/admin/stats/live',
  audit: '/admin/audit?page=1&limit=200',
} as const satisfies {
  health: (typeof healthEndpoints)['health']['path'];
  stats: (typeof adminEndpoints)['stats']['path'];
  liveFigures: (typeof adminEndpoints)['liveFigures']['path'];
  audit: `${(typeof adminEndpoints)['audit']['path']}?${string}`;
};

const PATHS = {
  pause: '/admin/queue/pause',
  resume: '/admin/queue/resume',
  retryFailed: '/admin/operations/retry-failed',
  releaseExpired: '/admin/operations/release-expired',
} as const satisfies {
  [K in 'pause' | 'resume' | 'retryFailed' | 'releaseExpired']: (typeof adminEndpoints)[K]['path'];
};

export type QueueState = z.infer<(typeof adminEndpoints)['pause']['response']['schema']>;
export type Intervention = z.infer<(typeof adminEndpoints)['retryFailed']['response']['schema']>;
export type AuditPage = z.infer<(typeof adminEndpoints)['audit']['response']['schema']>;
export type AuditEntry = AuditPage['entries'][number];

/** Pause or resume the extraction queue (DESIGN §7: really pauses the job runner). */
export function setQueuePaused(paused: boolean): Promise<QueueState> {
  return apiRequest<QueueState>(paused ? PATHS.pause : PATHS.resume, { method: 'POST' });
}

export function retryFailedRequests(): Promise<Intervention> {
  return apiRequest<Intervention>(PATHS.retryFailed, { method: 'POST' });
}

export function releaseExpiredClaims(): Promise<Intervention> {
  return apiRequest<Intervention>(PATHS.releaseExpired, { method: 'POST' });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether an answer has the shape the dashboard reads. The contract validates it on the server;
 * this only keeps a proxy's or an older server's answer from breaking the page.
 */
export function isAdminStats(value: unknown): value is AdminStats {
  if (!isRecord(value)) return false;
  const { systemHealth, operationsData, teamMetrics, alerts, analytics } = value;
  return (
    isRecord(systemHealth) &&
    isRecord(operationsData) &&
    isRecord(operationsData.queues) &&
    isRecord(operationsData.tasks) &&
    isRecord(operationsData.requests) &&
    isRecord(teamMetrics) &&
    Array.isArray(teamMetrics.topPerformers) &&
    Array.isArray(alerts) &&
    isRecord(analytics)
  );
}

/** Whether an answer has the shape of the live figures (as isAdminStats, for a stray answer). */
export function isLiveFigures(value: unknown): value is AdminLiveFigures {
  if (!isRecord(value)) return false;
  const { systemHealth, teamMetrics, alerts, paused } = value;
  return (
    isRecord(systemHealth) && isRecord(teamMetrics) && Array.isArray(alerts) && typeof paused === 'boolean'
  );
}
