import { startFirstDataCall } from '@sieve/auth/first-data-call';

/**
 * issue 15 (first paint), issue 42: the page's first script, loaded async beside the app's entry,
 * starts the queue's first page (the dashboard's first data call) before React and the app's code
 * arrive; warm-start's `apiRequest` of the same path takes the answer up (@sieve/auth early-get).
 * It imports nothing the app imports but the constants (a shared module would split the app's
 * chunks): the call is @sieve/auth's first-data-call; first-data-entry.test.ts holds it
 * to the app's own rules (warm-start, taskListPath, QUEUE_PAGE_SIZE).
 */

/** The queue's page size (features/queue/use-task-queue QUEUE_PAGE_SIZE; the test keeps them equal). */
const FIRST_PAGE_SIZE = 100;

/** The dashboard's first data call (the queue's first page, unfiltered), or null on another page. */
export function firstDataPath(location: { pathname: string }): string | null {
  if (!location.pathname.startsWith('/worker/dashboard')) return null;
  return `/worker/tasks?page=1&limit=${FIRST_PAGE_SIZE}`;
}

export function startFirstData(): void {
  startFirstDataCall('worker', firstDataPath(window.location));
}

startFirstData();
