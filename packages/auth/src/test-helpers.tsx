import { vi } from 'vitest';

/** Helpers for this package's tests only. */

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch with one answer per API path (`/auth/login`, …); other paths answer 404. */
export function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api\/v1/, '');
    const route = routes[path];
    return route ? route(init) : jsonResponse(404, { code: 'NOT_FOUND', detail: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: (path: string) =>
      fetchMock.mock.calls
        .filter(([url]) => url === `/api/v1${path}`)
        .map(([, init]) => ({
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
          headers: (init?.headers ?? {}) as Record<string, string>,
        })),
  };
}

/** A JWT-shaped token with the given claims (unsigned: the client only reads `iat`). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.sig`;
}

export function storeSignedIn(
  userType: 'worker' | 'requester' | 'admin',
  { token = 'token-1', storage = localStorage }: { token?: string; storage?: Storage } = {},
) {
  storage.setItem('authToken', token);
  storage.setItem('userType', userType);
  storage.setItem('userId', `${userType}-1`);
  storage.setItem('userEmail', `${userType}@company.io`);
}
