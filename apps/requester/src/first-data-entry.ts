import { startFirstDataCall } from '@sieve/auth/first-data-call';
import { DASHBOARD_FETCH_LIMIT } from '@sieve/contracts';

/**
 * issue 15 (first paint): the page's first script, loaded async beside the app's entry, starts
 * the Overview's request list (spec 02 §7: page 1 of 50) before React and the app's code arrive;
 * the app's `apiRequest` takes the answer up (@sieve/auth early-get). It imports nothing the app
 * imports but the constants (a shared module would split the app's chunks), so the call is
 * @sieve/auth's first-data-call; first-data-entry.test.ts holds it to the app's own rules.
 */

/** The Overview's first data call, when the page opened is the Overview; null otherwise. */
export function firstDataPath(location: { pathname: string; search: string }): string | null {
  if (!location.pathname.startsWith('/requester/dashboard')) return null;
  if (new URLSearchParams(location.search).has('view')) return null;
  return `/requests?page=1&limit=${DASHBOARD_FETCH_LIMIT}`;
}

export function startFirstData(): void {
  startFirstDataCall('requester', firstDataPath(window.location));
}

startFirstData();
