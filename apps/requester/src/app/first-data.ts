import { readStoredSession } from '@sieve/auth';
import { DASHBOARD_FETCH_LIMIT } from '@sieve/contracts';
import { requestListKey } from '../features/requests/request-keys';
import { APP } from './app-config';

/**
 * issue 15: the first data call of the screen being opened, when a stored requester session opens
 * the Overview: its request list (spec 02 §7: page 1 of 50). Null for any other screen or no session.
 */
export function firstDataPath(): string | null {
  const session = readStoredSession();
  if (session?.user.userType !== APP.area) return null;
  const { pathname, search } = window.location;
  if (!pathname.startsWith(`/${APP.area}/dashboard`) || new URLSearchParams(search).has('view')) return null;
  return requestListKey({ page: 1, limit: DASHBOARD_FETCH_LIMIT });
}
