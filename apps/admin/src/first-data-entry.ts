import { startFirstDataCall } from '@sieve/auth/first-data-call';

/**
 * issue 15 (first paint), issue 42: the page's first script, loaded async beside the app's entry,
 * starts the dashboard's stats (its first data call) before React and the app's code arrive;
 * warm-start's `apiRequest` of the same path takes the answer up (@sieve/auth early-get). It
 * imports nothing the app imports but the constants (a shared module would split the app's
 * chunks): the call is @sieve/auth's first-data-call; first-data-entry.test.ts holds it
 * to the app's own rules (warm-start, DASHBOARD_KEYS.stats).
 */

/** The dashboard's first data call (the stats of its Overview), or null on another page. */
export function firstDataPath(location: { pathname: string }): string | null {
  if (!location.pathname.startsWith('/admin/dashboard')) return null;
  return '/admin/stats';
}

export function startFirstData(): void {
  startFirstDataCall('admin', firstDataPath(window.location));
}

startFirstData();
