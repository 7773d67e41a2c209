import { API_PREFIX } from '@sieve/contracts';
import { readStoredToken } from '../session/session-storage';
import { ApiError } from './api-error';
import { requestHeaders, takeEarlyGet } from './early-get';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Defaults to the stored session's token; `null` sends none. */
  token?: string | null;
  signal?: AbortSignal;
}

type SessionRejectedListener = (token: string) => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/**
 * Called when the server answers 401 to a call made with the stored session's token: the session
 * ended elsewhere (logout in another tab, password reset, revocation). The AuthProvider listens
 * and signs the user out here too.
 */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  sessionRejectedListeners.add(listener);
  return () => {
    sessionRejectedListeners.delete(listener);
  };
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Calls `/api/v1<path>` with a JSON body, the bearer token when there is one, and credentials
 * (spec 01 §7). Throws `ApiError` for a non-OK status or an unreachable server.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const token = options.token === undefined ? readStoredToken() : options.token;
  const early = method === 'GET' && token && !signal ? takeEarlyGet(path, token) : undefined;

  let response: Response;
  try {
    response = await (early ??
      fetch(`${API_PREFIX}${path}`, {
        method,
        headers: requestHeaders(token),
        credentials: 'include',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw ApiError.network();
  }

  const payload = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token && options.token === undefined) {
      for (const listener of sessionRejectedListeners) listener(token);
    }
    throw ApiError.fromResponse(response.status, payload);
  }
  return payload as T;
}

/** SWR's fetcher: the key is the path under `/api/v1`. */
export function swrFetcher<T>(path: string): Promise<T> {
  return apiRequest<T>(path);
}
