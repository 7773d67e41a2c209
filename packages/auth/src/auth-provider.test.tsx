import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from './auth-provider';
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

  it('starts anonymous with nothing stored', () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.status).toBe('anonymous');
    expect(result.current.user).toBeNull();
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

    let userType: string | undefined;
    await act(async () => {
      userType = (await result.current.signIn({ email: 'r@example.org', password: 'pw', remember: true }))
        .userType;
    });
    expect(userType).toBe('requester');
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
});
