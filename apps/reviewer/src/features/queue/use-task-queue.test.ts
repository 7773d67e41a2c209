import type { WorkerTaskSummary } from '@sieve/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { peekArrivedTaskPage, taskListPath, warmTaskPage } from '../workspace/worker-api';
import { QUEUE_PAGE_SIZE, useTaskQueue } from './use-task-queue';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function task(index: number): WorkerTaskSummary {
  return {
    task_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    request_id: `r${index}`,
    document_type: 'pdf',
    created_at: '2026-11-28T10:00:00.000Z',
    status: 'available',
    priority: 2,
    required_reviews: 1,
    metadata: { name: `Company ${index} annual report` },
  } as WorkerTaskSummary;
}

/** A reviewer's queue of 10,000 tasks, the first page of which the server answers. */
function serveFirstPage() {
  const page = { tasks: Array.from({ length: QUEUE_PAGE_SIZE }, (_, i) => task(i)), total: 10_000, page: 1 };
  const fetchMock = vi
    .fn<typeof fetch>()
    .mockImplementation(async () => json({ ...page, limit: QUEUE_PAGE_SIZE }));
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('userType', 'worker');
  localStorage.setItem('userId', 'u1');
  return fetchMock;
}

const unfiltered = { search: '', documentType: '', sort: 'priority' } as const;

describe('the queue’s first page (issue 42)', () => {
  it('shows a warm first page that arrived before the queue in its first render, asking nothing again', async () => {
    const fetchMock = serveFirstPage();
    const path = taskListPath({}, 1, QUEUE_PAGE_SIZE);
    warmTaskPage(path);
    await waitFor(() => expect(peekArrivedTaskPage(path)).toBeDefined());

    const renders: { isLoading: boolean; loaded: number }[] = [];
    const { result } = renderHook(() => {
      const queue = useTaskQueue(unfiltered, { isPaused: true });
      renders.push({ isLoading: queue.isLoading, loaded: queue.items.filter(Boolean).length });
      return queue;
    });
    expect(renders[0]).toEqual({ isLoading: false, loaded: QUEUE_PAGE_SIZE });
    expect(result.current.total).toBe(10_000);
    expect(result.current.unfilteredTotal).toBe(10_000);
    expect(result.current.items[0]?.metadata).toEqual({ name: 'Company 0 annual report' });
    await act(async () => {}); // the mount effect and anything it started
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits for a warm first page still on its way, then shows it from that one call', async () => {
    const fetchMock = serveFirstPage();
    warmTaskPage(taskListPath({}, 1, QUEUE_PAGE_SIZE));
    const { result } = renderHook(() => useTaskQueue(unfiltered, { isPaused: true }));
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.items.filter(Boolean)).toHaveLength(QUEUE_PAGE_SIZE));
    expect(result.current.isLoading).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server again for the page a later queue shows (an arrived page is handed out once)', async () => {
    const fetchMock = serveFirstPage();
    const path = taskListPath({}, 1, QUEUE_PAGE_SIZE);
    warmTaskPage(path);
    await waitFor(() => expect(peekArrivedTaskPage(path)).toBeDefined());
    const first = renderHook(() => useTaskQueue(unfiltered, { isPaused: true }));
    expect(first.result.current.isLoading).toBe(false);
    first.unmount();

    const second = renderHook(() => useTaskQueue(unfiltered, { isPaused: true }));
    expect(second.result.current.isLoading).toBe(true);
    await waitFor(() => expect(second.result.current.isLoading).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
