import { readStoredSession } from '@sieve/auth';
import { preload } from 'swr';
import { DASHBOARD_KEYS } from '../features/dashboard/api';
import { fetchStats } from '../features/dashboard/use-admin-stats';
import { APP } from './app-config';

/**
 * issue 15: with a stored admin session on the dashboard, the stats call starts now, in parallel
 * with the page's chunks, instead of after them; the dashboard's SWR hook picks up the answer. The
 * call itself began with the page (src/first-data-entry.ts), which `apiRequest` takes up.
 */
export function warmStart(): void {
  const session = readStoredSession();
  if (session?.user.userType !== APP.area) return;
  if (!window.location.pathname.startsWith(`/${APP.area}/dashboard`)) return;
  void preload(DASHBOARD_KEYS.stats, fetchStats);
}
