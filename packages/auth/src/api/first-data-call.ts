import { API_PREFIX, STORAGE_KEYS, type UserType } from '@sieve/contracts';

/**
 * issue 15 (first paint), issue 42: what each app's first-data entry does — the page's first
 * script, loaded async beside the app's entry, starts the dashboard's first data call before React
 * and the app's code arrive; the app's `apiRequest` of the same path takes the answer up
 * (early-get.ts). Only those entries import this module, and it imports nothing the apps import but
 * the constants (a module shared with the app would split the app's chunks), so it reads the
 * session and writes the call itself; early-get.ts reads what it leaves on the window.
 */

/** early-get.ts's key, written here so that the entries import nothing of the app's modules. */
const EARLY_GETS_KEY = '__sieveEarlyGets';

/** The token of a stored session of this role (spec 01 §4: localStorage, then this tab's). */
function tokenOf(role: UserType): string | null {
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      const storage = window[kind];
      const token = storage.getItem(STORAGE_KEYS.authToken);
      if (token && storage.getItem(STORAGE_KEYS.userId) && storage.getItem(STORAGE_KEYS.userType)) {
        return storage.getItem(STORAGE_KEYS.userType) === role ? token : null;
      }
    } catch {
      // storage unavailable (privacy mode): the app signs in as usual
    }
  }
  return null;
}

/** Starts `GET /api/v1<path>` for a stored session of `role`; nothing without one or a path. */
export function startFirstDataCall(role: UserType, path: string | null): void {
  const token = tokenOf(role);
  if (!path || !token) return;
  const holder = globalThis as unknown as Record<string, Map<string, unknown> | undefined>;
  holder[EARLY_GETS_KEY] ??= new Map();
  if (holder[EARLY_GETS_KEY].has(path)) return;
  const response = fetch(`${API_PREFIX}${path}`, {
    method: 'GET',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
    credentials: 'include',
    // Ahead of the app's own chunks, which fill the browser's connections meanwhile.
    priority: 'high',
  });
  // Not taken (another screen opened first): its failure is nobody's to report.
  response.catch(() => undefined);
  holder[EARLY_GETS_KEY].set(path, { token, response });
}
