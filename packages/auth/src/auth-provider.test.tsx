import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api/api-client';
import type { AuthOutcome } from './auth-context';
import { AuthProvider } from './auth-provider';
import { storeSignedIn, stubApi } from './test-helpers';
import { useAuth } from './use-auth';

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('AuthProvider', () => {
  it('throws a misuse error for useAuth outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('starts anonymous with nothing stored, once no open tab shares a session', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(result.current.user).toBeNull();
  });

  it('a new tab takes the tab-only session (no Remember me) of an open tab of the app', async () => {
    sessionStorage.setItem('authToken', 'tab-token');
    sessionStorage.setItem('userType', 'requester');
    sessionStorage.setItem('userId', 'r1');
    sessionStorage.setItem('userEmail', 'r@example.org');
    const openTab = renderHook(() => useAuth(), { wrapper });
    expect(openTab.result.current.status).toBe('authenticated');
    // The new tab's sessionStorage starts empty.
    sessionStorage.clear();
    const newTab = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(newTab.result.current.status).toBe('authenticated'));
    expect(newTab.result.current.token).toBe('tab-token');
    expect(newTab.result.current.user?.email).toBe('r@example.org');
    // kept for this tab only, as the open tab keeps it
    expect(sessionStorage.getItem('authToken')).toBe('tab-token');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('restores a stored session and logs out by clearing it', () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'w1');
    localStorage.setItem('userEmail', 'w@example.org');
    const fetchMock = vi.fn(async () => jsonResponse(204, {}));
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user).toEqual({
      uid: 'w1',
      email: 'w@example.org',
      userType: 'worker',
      isApproved: true,
    });

    act(() => result.current.logout());
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userEmail')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('signs in through POST /api/v1/auth/login; an unknown user type falls back to requester', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { token: 'jwt', user_type: 'robot', user_id: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });

    let outcome: AuthOutcome | undefined;
    await act(async () => {
      outcome = await result.current.signIn({ email: 'r@example.org', password: 'pw', remember: true });
    });
    expect(outcome).toEqual({
      kind: 'signed-in',
      user: { uid: '7', email: 'r@example.org', userType: 'requester', isApproved: true },
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/auth/login',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'r@example.org', password: 'pw', remember: true }),
      }),
    );
    expect(localStorage.getItem('authToken')).toBe('jwt');
    expect(localStorage.getItem('userId')).toBe('7');
  });

  it('after registration signs in again, falling back to the registration token (spec 01 §4)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/auth/register')
        ? jsonResponse(201, { token: 'from-register', user_type: 'worker', user_id: 'w9' })
        : jsonResponse(401, { code: 'INVALID_LOGIN_CREDENTIALS', detail: 'no' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });

    await act(async () => {
      await result.current.register({
        email: 'w@example.org',
        password: 'secret123',
        full_name: 'W',
        user_type: 'worker',
        invite_code: 'INV',
      });
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.token).toBe('from-register');
    // spec 01 §4: only requesters are approved at registration
    expect(result.current.user?.isApproved).toBe(false);
  });

  it('ends the session when the server refuses its token (revoked elsewhere), with a reason', async () => {
    storeSignedIn('worker', { token: 'revoked' });
    stubApi({ '/worker/tasks': () => jsonResponse(401, { code: 'UNAUTHORIZED', detail: 'x' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await apiRequest('/worker/tasks').catch(() => {});
    });
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(result.current.signOutNotice).toEqual({
      error: 'You need to be logged in to access this feature.',
    });
  });

  it('keeps the session when a call made with another token is refused', async () => {
    storeSignedIn('worker', { token: 'mine' });
    stubApi({ '/auth/me': () => jsonResponse(401, { code: 'UNAUTHORIZED', detail: 'x' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await apiRequest('/auth/me', { token: 'someone-else' }).catch(() => {});
    });
    expect(result.current.status).toBe('authenticated');
  });

  it('logout keeps a notice for the sign-in screen until the next session', async () => {
    storeSignedIn('worker');
    stubApi({ '/auth/logout': () => jsonResponse(200, { status: 'ok' }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    act(() => result.current.logout({ notice: 'Bye' }));
    expect(result.current.signOutNotice).toEqual({ notice: 'Bye' });
    act(() =>
      result.current.startSession(
        { token: 't', user: { uid: 'u', email: 'e@x.io', userType: 'worker', isApproved: true } },
        { remember: false },
      ),
    );
    expect(result.current.signOutNotice).toBeNull();
  });

  it('does not send the fake token of the test login to the server on logout', () => {
    localStorage.setItem('authToken', 'test-token-worker');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'test-worker');
    const api = stubApi({});
    const { result } = renderHook(() => useAuth(), { wrapper });
    act(() => result.current.logout());
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  describe('in an app serving one role (area)', () => {
    const areaWrapper = ({ children }: { children: ReactNode }) => (
      <AuthProvider area="admin">{children}</AuthProvider>
    );

    it('keeps a session of its own role', async () => {
      stubApi({ '/auth/login': () => jsonResponse(200, { token: 'a', user_type: 'admin', user_id: 'a1' }) });
      const { result } = renderHook(() => useAuth(), { wrapper: areaWrapper });
      let outcome: AuthOutcome | undefined;
      await act(async () => {
        outcome = await result.current.signIn({ email: 'a@x.io', password: 'pw', remember: false });
      });
      expect(outcome?.kind).toBe('signed-in');
      expect(result.current.status).toBe('authenticated');
    });

    it("hands another role's session to its app and keeps nothing here", async () => {
      const api = stubApi({
        '/auth/login': () => jsonResponse(200, { token: 'w', user_type: 'worker', user_id: 'w1' }),
        '/auth/handoff': () =>
          jsonResponse(201, { code: 'c', url: 'http://reviewer.localhost:1/login?handoff=c' }),
        '/auth/logout': () => jsonResponse(200, { status: 'ok' }),
      });
      const { result } = renderHook(() => useAuth(), { wrapper: areaWrapper });
      let outcome: AuthOutcome | undefined;
      await act(async () => {
        outcome = await result.current.signIn({ email: 'w@x.io', password: 'pw', remember: true });
      });
      expect(outcome).toEqual({
        kind: 'handoff',
        url: 'http://reviewer.localhost:1/login?handoff=c&remember=1',
      });
      expect(api.calls('/auth/handoff')[0]?.body).toEqual({ target: 'reviewer' });
      expect(result.current.status).toBe('anonymous');
      expect(localStorage.getItem('authToken')).toBeNull();
    });

    it('a failed hand-off fails the sign-in, with nothing kept', async () => {
      stubApi({
        '/auth/login': () => jsonResponse(200, { token: 'w', user_type: 'worker', user_id: 'w1' }),
        '/auth/handoff': () => Promise.reject(new TypeError('offline')),
      });
      const { result } = renderHook(() => useAuth(), { wrapper: areaWrapper });
      await act(async () => {
        await expect(
          result.current.signIn({ email: 'w@x.io', password: 'pw', remember: true }),
        ).rejects.toThrow();
      });
      await waitFor(() => expect(result.current.status).toBe('anonymous'));
      expect(result.current.token).toBeNull();
    });
  });
});
