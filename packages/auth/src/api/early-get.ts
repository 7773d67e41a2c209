import { API_PREFIX } from '@sieve/contracts';
import { readStoredToken } from '../session/session-storage';

/**
 * issue 15 (first paint): a screen's first GET, started by a small script of the page's own while
 * the app's code is still on its way. The app's first `apiRequest` of the same path, with the same
 * token, takes that answer instead of asking again; it is taken once, later calls fetch afresh.
 *
 * The script is an entry of its own that shares no module with the app (a shared module would
 * split the app's chunks further), so the two meet on the window: `EARLY_GETS_KEY`.
 */
export interface EarlyGet {
  token: string;
  response: Promise<Response>;
}

export const EARLY_GETS_KEY = '__sieveEarlyGets';

type EarlyGets = Map<string, EarlyGet>;

function earlyGets(): EarlyGets {
  const holder = globalThis as unknown as Record<string, EarlyGets | undefined>;
  holder[EARLY_GETS_KEY] ??= new Map();
  return holder[EARLY_GETS_KEY];
}

/** The headers of every call: JSON, and the bearer token when there is one (spec 01 §7). */
export function requestHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Starts `GET /api/v1<path>` with the stored session's token; nothing without a session. */
export function startEarlyGet(path: string): void {
  const token = readStoredToken();
  if (!token || earlyGets().has(path)) return;
  const response = fetch(`${API_PREFIX}${path}`, {
    method: 'GET',
    headers: requestHeaders(token),
    credentials: 'include',
    // Ahead of the screen's own chunks, which fill the browser's connections meanwhile.
    priority: 'high',
  });
  // Not taken (another screen opened first): its failure is nobody's to report.
  response.catch(() => undefined);
  earlyGets().set(path, { token, response });
}

/** The early answer to `GET <path>` made with `token`, once; undefined when there is none. */
export function takeEarlyGet(path: string, token: string): Promise<Response> | undefined {
  const gets = earlyGets();
  const early = gets.get(path);
  if (!early) return undefined;
  gets.delete(path);
  return early.token === token ? early.response : undefined;
}
