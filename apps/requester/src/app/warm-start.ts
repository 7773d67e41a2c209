import { readStoredSession, swrFetcher } from '@sieve/auth';
import { DASHBOARD_FETCH_LIMIT } from '@sieve/contracts';
import { preload } from 'swr';
import { requestListKey } from '../features/requests/api';
import { APP } from './app-config';

/**
 * issue 15: with a stored requester session on the Overview, its request list (spec 02 §7: page 1
 * of 50) is asked for now, in parallel with the page's chunks; the Overview's SWR hook picks it up.
 */
export function warmStart(): void {
  const session = readStoredSession();
  if (session?.user.userType !== APP.area) return;
  const { pathname, search } = window.location;
  if (!pathname.startsWith(`/${APP.area}/dashboard`) || new URLSearchParams(search).has('view')) return;
  void preload(requestListKey({ page: 1, limit: DASHBOARD_FETCH_LIMIT }), swrFetcher);
}
