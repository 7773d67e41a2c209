import { readStoredSession } from '@sieve/auth';
import { QUEUE_PAGE_SIZE } from '../features/queue/use-task-queue';
import { taskListPath, warmTaskPage } from '../features/workspace/worker-api';
import { APP } from './app-config';

/**
 * issue 15: with a stored reviewer session on the dashboard, the queue's first page is asked for
 * now, in parallel with the page's chunks, instead of after them; the call itself began with the
 * page (src/first-data-entry.ts), which `apiRequest` takes up. True when it did: the page opens
 * on the dashboard, signed in.
 */
export function warmStart(): boolean {
  const session = readStoredSession();
  if (session?.user.userType !== APP.area) return false;
  if (!window.location.pathname.startsWith(`/${APP.area}/dashboard`)) return false;
  warmTaskPage(taskListPath({}, 1, QUEUE_PAGE_SIZE));
  return true;
}
