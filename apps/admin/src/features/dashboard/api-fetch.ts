import { ApiError, readStoredSession } from '@sieve/auth';
import { API_PREFIX } from '@sieve/contracts';

/**
 * A call whose body or answer is not JSON (CSV exports, multipart uploads): the same bearer token
 * and credentials as `apiRequest`, and the same `ApiError` on a non-OK status.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = readStoredSession()?.token;
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, { ...init, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw ApiError.network();
  }
  if (!response.ok) {
    let payload: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      payload = await response.json().catch(() => null);
    }
    throw ApiError.fromResponse(response.status, payload);
  }
  return response;
}
