import { apiRequest } from '@sieve/auth';
import { API_PREFIX } from '@sieve/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_KEYS } from './features/dashboard/api';
import { firstDataPath, startFirstData } from './first-data-entry';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the first data call started by the page (issue 15, issue 42)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('names the dashboard’s own first call (its stats), and none for another page', () => {
    expect(firstDataPath({ pathname: '/admin/dashboard' })).toBe(DASHBOARD_KEYS.stats);
    expect(firstDataPath({ pathname: '/login' })).toBeNull();
  });

  it('is answered to the app without a second call, for a stored admin session only', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => json({ ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/admin/dashboard');
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'u1');
    startFirstData();
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem('userType', 'admin');
    startFirstData();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_PREFIX}${DASHBOARD_KEYS.stats}`);
    await expect(apiRequest(DASHBOARD_KEYS.stats)).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
