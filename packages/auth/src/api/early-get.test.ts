import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { startEarlyGet } from './early-get';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function signIn(token: string) {
  localStorage.setItem('authToken', token);
  localStorage.setItem('userType', 'requester');
  localStorage.setItem('userId', 'u1');
}

describe('the first data call started early (issue 15: first paint)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('answers the app’s first request of that path without a second call, and only that once', async () => {
    signIn('t1');
    fetchMock.mockResolvedValueOnce(json({ page: 1 })).mockResolvedValueOnce(json({ page: 'fresh' }));
    startEarlyGet('/requests?page=1&limit=50');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/requests?page=1&limit=50');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer t1');

    await expect(apiRequest('/requests?page=1&limit=50')).resolves.toEqual({ page: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/requests?page=1&limit=50')).resolves.toEqual({ page: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('starts nothing without a stored session', () => {
    startEarlyGet('/requests?page=1&limit=50');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not used by a request of another path or with another token', async () => {
    signIn('t1');
    fetchMock.mockImplementation(async (url) => json({ url }));
    startEarlyGet('/admin/stats');
    await apiRequest('/requests?page=1&limit=50');
    await apiRequest('/admin/stats', { token: 't2' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reports an early answer’s error like any other call', async () => {
    signIn('t1');
    fetchMock.mockResolvedValueOnce(json({ code: 'FORBIDDEN', detail: 'no' }, 403));
    startEarlyGet('/admin/stats');
    await expect(apiRequest('/admin/stats')).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
