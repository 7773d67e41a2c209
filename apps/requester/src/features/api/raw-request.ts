import { ApiError, readStoredSession } from '@sieve/auth';

export interface RawRequestInit {
  method?: 'GET' | 'POST';
  /** JSON-encoded unless it is FormData (a multipart upload). */
  body?: unknown;
  accept?: string;
}

/**
 * A call apiRequest does not cover — a multipart upload, a file download, or a path outside
 * /api/v1 (the spec's /api/subscription/*) — with the same bearer token, credentials and errors.
 * `path` is absolute (starts with /api).
 */
export async function rawRequest(path: string, { method = 'GET', body, accept }: RawRequestInit = {}) {
  const token = readStoredSession()?.token;
  const headers: Record<string, string> = {};
  if (accept) headers.Accept = accept;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      ...(payload === undefined ? {} : { body: payload }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw ApiError.network();
  }
  if (!response.ok) {
    const errorBody = (response.headers.get('content-type') ?? '').includes('json')
      ? await response.json().catch(() => null)
      : null;
    throw ApiError.fromResponse(response.status, errorBody);
  }
  return response;
}
