import { API_PREFIX } from '@sieve/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmStart } from './app/warm-start';
import { QUEUE_PAGE_SIZE } from './features/queue/use-task-queue';
import { fetchTaskPage, taskListPath } from './features/workspace/worker-api';
import { firstDataPath, startFirstData } from './first-data-entry';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the first data call started by the page (issue 15, issue 42)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('names the dashboard queue’s own first call, and none for another page', () => {
    expect(firstDataPath({ pathname: '/worker/dashboard' })).toBe(taskListPath({}, 1, QUEUE_PAGE_SIZE));
    expect(firstDataPath({ pathname: '/login' })).toBeNull();
  });

  it('is answered to the app without a second call, for a stored reviewer session only', async () => {
    const page = { tasks: [], total: 0, page: 1, limit: QUEUE_PAGE_SIZE };
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => json(page));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/worker/dashboard');
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('userType', 'requester');
    localStorage.setItem('userId', 'u1');
    startFirstData();
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem('userType', 'worker');
    startFirstData();
    const path = taskListPath({}, 1, QUEUE_PAGE_SIZE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_PREFIX}${path}`);
    warmStart();
    await expect(fetchTaskPage(path)).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
