import { type RequestSummary, TOP_DOCUMENT_TYPES } from '@sieve/contracts';

const MINUTE_MS = 60_000;

/**
 * spec 02 §9: average turnaround is the mean of updated minus created time — over the completed
 * requests, the ones whose turnaround is over. Null when none has completed yet.
 */
export function averageTurnaroundMs(requests: readonly RequestSummary[]): number | null {
  const durations = requests
    .filter((request) => request.status === 'completed')
    .map((request) => Date.parse(request.updated_at) - Date.parse(request.created_at))
    .filter((ms) => Number.isFinite(ms) && ms >= 0);
  if (durations.length === 0) return null;
  return durations.reduce((sum, ms) => sum + ms, 0) / durations.length;
}

/** spec 02 §9: shown as "Xh Ym" (minutes rounded; 59.5 minutes reads 1h 0m). */
export function formatTurnaround(ms: number): string {
  const totalMinutes = Math.round(ms / MINUTE_MS);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

/** Completed or failed: a finished request (its result says how it ended). */
export function isFinished(request: Pick<RequestSummary, 'status'>): boolean {
  return request.status === 'completed' || request.status === 'failed';
}

/**
 * spec 02 §9: the share of finished requests whose result succeeded: completed, against completed
 * and failed (a listed request is a summary; its status says how it ended). Null before any finished.
 */
export function successRate(requests: readonly RequestSummary[]): number | null {
  const finished = requests.filter(isFinished);
  if (finished.length === 0) return null;
  return finished.filter((request) => request.status === 'completed').length / finished.length;
}

export function formatRate(share: number): string {
  const percent = Math.round(share * 1000) / 10;
  return `${percent}%`;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

export interface TypeTally {
  type: RequestSummary['document_type'];
  count: number;
}

/** spec 02 §9: the five most requested document types, most first (ties by name). */
export function topDocumentTypes(
  requests: readonly RequestSummary[],
  limit = TOP_DOCUMENT_TYPES,
): TypeTally[] {
  const counts = new Map<TypeTally['type'], number>();
  for (const request of requests)
    counts.set(request.document_type, (counts.get(request.document_type) ?? 0) + 1);
  return [...counts.entries()]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type))
    .slice(0, limit);
}
