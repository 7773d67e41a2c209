import { swrFetcher } from '@sieve/auth';
import { API_PREFIX, DASHBOARD_FETCH_LIMIT } from '@sieve/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestListKey } from './features/requests/request-keys';
import { firstDataPath, startFirstData } from './first-data-entry';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the first data call started by the page (issue 15)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('names the Overview’s own first call, and none for another view', () => {
    expect(firstDataPath({ pathname: '/requester/dashboard', search: '' })).toBe(
      requestListKey({ page: 1, limit: DASHBOARD_FETCH_LIMIT }),
    );
    expect(firstDataPath({ pathname: '/requester/dashboard', search: '?view=history' })).toBeNull();
    expect(firstDataPath({ pathname: '/login', search: '' })).toBeNull();
  });

  it('is answered to the app without a second call, for a stored requester session only', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json({ requests: [] }));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/requester/dashboard');
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'u1');
    startFirstData();
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem('userType', 'requester');
    startFirstData();
    const path = requestListKey({ page: 1, limit: DASHBOARD_FETCH_LIMIT });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_PREFIX}${path}`);
    await expect(swrFetcher(path)).resolves.toEqual({ requests: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
