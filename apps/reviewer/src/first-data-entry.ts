import { STORAGE_KEYS } from '@sieve/contracts';

/**
 * issue 15 (first paint), issue 42: the page's first script, loaded async beside the app's entry,
 * starts the queue's first page (the dashboard's first data call) before React and the app's code
 * arrive; warm-start's `apiRequest` of the same path takes the answer up (@sieve/auth early-get).
 * It imports nothing the app imports but the constants (a shared module would split the app's
 * chunks), so it reads the session and writes the call itself; first-data-entry.test.ts holds it
 * to the app's own rules (warm-start, taskListPath, QUEUE_PAGE_SIZE).
 */

const API_PREFIX = '/api/v1';
const EARLY_GETS_KEY = '__sieveEarlyGets';
/** The queue's page size (features/queue/use-task-queue QUEUE_PAGE_SIZE; the test keeps them equal). */
const FIRST_PAGE_SIZE = 100;

/** The token of a stored reviewer session (spec 01 §4: localStorage, then this tab's). */
function reviewerToken(): string | null {
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      const storage = window[kind];
      const token = storage.getItem(STORAGE_KEYS.authToken);
      if (token && storage.getItem(STORAGE_KEYS.userId) && storage.getItem(STORAGE_KEYS.userType)) {
        return storage.getItem(STORAGE_KEYS.userType) === 'worker' ? token : null;
      }
    } catch {
      // storage unavailable (privacy mode): the app signs in as usual
    }
  }
  return null;
}

/** The dashboard's first data call (the queue's first page, unfiltered), or null on another page. */
export function firstDataPath(location: { pathname: string }): string | null {
  if (!location.pathname.startsWith('/worker/dashboard')) return null;
  return `/worker/tasks?page=1&limit=${FIRST_PAGE_SIZE}`;
}

export function startFirstData(): void {
  const path = firstDataPath(window.location);
  const token = reviewerToken();
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
    priority: 'high',
  });
  response.catch(() => undefined);
  holder[EARLY_GETS_KEY].set(path, { token, response });
}

startFirstData();
