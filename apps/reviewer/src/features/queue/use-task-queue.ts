import { REVIEWER, type WorkerTaskSummary } from '@sieve/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  fetchTaskPage,
  peekArrivedTaskPage,
  type TaskList,
  type TaskQuery,
  takeArrivedTaskPage,
  taskListPath,
} from '../workspace/worker-api';

/** Tasks per call: enough for the first screen, small enough to arrive at once. */
export const QUEUE_PAGE_SIZE = 100;

export interface TaskQueue {
  /** Slots in queue order; `undefined` where a page has not arrived yet. */
  items: readonly (WorkerTaskSummary | undefined)[];
  /** Tasks matching the search and filter (the server's total). */
  total: number;
  /** Tasks without search or filter: the "Y" of "X of Y tasks". */
  unfilteredTotal: number;
  isLoading: boolean;
  isRefreshing: boolean;
  error: unknown;
  /** Fetches the pages covering slots `start`..`end` that are not there yet. */
  ensureRange: (start: number, end: number) => void;
  /** Fetches again what is on screen (and the first page). */
  refresh: () => Promise<void>;
  /** Takes tasks out at once (rejected, skipped, submitted); the next refresh confirms. */
  remove: (taskIds: readonly string[]) => void;
  findTask: (taskId: string) => WorkerTaskSummary | undefined;
}

interface QueueData {
  items: (WorkerTaskSummary | undefined)[];
  total: number;
  unfilteredTotal: number;
}

const EMPTY: QueueData = { items: [], total: 0, unfilteredTotal: 0 };

function hasFilter(query: TaskQuery): boolean {
  return Boolean(query.search?.trim() || query.documentType);
}

/** The slots of a list whose first page is in (the rest arrive as the list scrolls to them). */
function firstPageData(list: TaskList, query: TaskQuery): QueueData {
  const items = Array.from({ length: list.total }, (_, index): WorkerTaskSummary | undefined =>
    index < QUEUE_PAGE_SIZE ? list.tasks[index] : undefined,
  );
  return { items, total: list.total, unfilteredTotal: hasFilter(query) ? 0 : list.total };
}

/**
 * The Priority Queue's data: the server searches, filters and sorts; pages arrive as the list
 * scrolls to them, so 10,000 available tasks cost one page up front. Refreshes every 30 seconds
 * (spec 01 §4) and on demand.
 */
export function useTaskQueue(query: TaskQuery, options: { isPaused?: boolean } = {}): TaskQueue {
  const { search, documentType, sort } = query;
  const stableQuery = useMemo<TaskQuery>(
    () => ({ search: search?.trim() ?? '', documentType: documentType ?? '', sort: sort ?? 'priority' }),
    [search, documentType, sort],
  );
  // Which search the list on screen answers: a new search is loading from the very render it starts.
  const queryKey = `${stableQuery.search}\u0000${stableQuery.documentType}\u0000${stableQuery.sort}`;
  // issue 42: a first page that arrived before this first render (warm start) is the list at once,
  // rather than "Loading tasks" drawn and then the rows (the mount effect takes it up).
  const [arrived] = useState(() => peekArrivedTaskPage(taskListPath(stableQuery, 1, QUEUE_PAGE_SIZE)));
  const [data, setData] = useState<QueueData>(() => (arrived ? firstPageData(arrived, stableQuery) : EMPTY));
  const [isFetching, setIsFetching] = useState(!arrived);
  const [dataKey, setDataKey] = useState<string | null>(arrived ? queryKey : null);
  const isLoading = isFetching || dataKey !== queryKey;
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const dataRef = useRef<QueueData>(data);
  const generation = useRef(0);
  const inFlight = useRef(new Set<number>());
  const loadedPages = useRef(new Set<number>(arrived ? [1] : []));
  const isFirstPageIn = useRef(Boolean(arrived));
  // Set by a new search until its first answer: that answer replaces the list instead of filling it.
  const startsOver = useRef(false);

  const commit = useCallback((next: QueueData) => {
    dataRef.current = next;
    setData(next);
  }, []);

  /** Writes one page into the slots, dropping any task that already sits elsewhere. */
  const place = useCallback(
    (page: number, tasks: WorkerTaskSummary[], total: number) => {
      const current = startsOver.current
        ? { ...EMPTY, unfilteredTotal: dataRef.current.unfilteredTotal }
        : dataRef.current;
      startsOver.current = false;
      const items = current.items.slice(0, total);
      while (items.length < total) items.push(undefined);
      const start = (page - 1) * QUEUE_PAGE_SIZE;
      const ids = new Set(tasks.map((task) => task.task_id));
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index];
        if (item && ids.has(item.task_id) && (index < start || index >= start + tasks.length)) {
          items[index] = undefined;
        }
      }
      tasks.forEach((task, offset) => {
        items[start + offset] = task;
      });
      const unfilteredTotal = hasFilter(stableQuery) ? current.unfilteredTotal : total;
      commit({ items, total, unfilteredTotal });
    },
    [commit, stableQuery],
  );

  const loadPage = useCallback(
    async (page: number, mine: number) => {
      if (inFlight.current.has(page)) return;
      inFlight.current.add(page);
      try {
        const list = await fetchTaskPage(taskListPath(stableQuery, page, QUEUE_PAGE_SIZE));
        if (mine !== generation.current) return;
        loadedPages.current.add(page);
        place(page, list.tasks, list.total);
        setDataKey(queryKey);
        setError(null);
      } catch (failure) {
        if (mine === generation.current) {
          // A new search that failed shows its error, not the last search's rows.
          if (startsOver.current) {
            startsOver.current = false;
            commit({ ...EMPTY, unfilteredTotal: dataRef.current.unfilteredTotal });
          }
          setError(failure);
          setDataKey(queryKey);
        }
      } finally {
        inFlight.current.delete(page);
      }
    },
    [commit, place, stableQuery, queryKey],
  );

  const loadUnfilteredTotal = useCallback(
    async (mine: number) => {
      if (!hasFilter(stableQuery)) return;
      try {
        const list = await fetchTaskPage(taskListPath({}, 1, 1));
        if (mine !== generation.current) return;
        commit({ ...dataRef.current, unfilteredTotal: list.total });
      } catch {
        // The filtered list still shows; "Y" keeps its last value.
      }
    },
    [commit, stableQuery],
  );

  const refresh = useCallback(async () => {
    const mine = generation.current;
    const pages = [...new Set([1, ...loadedPages.current])].sort((a, b) => a - b);
    setIsRefreshing(true);
    try {
      const lists = await Promise.all(
        pages.map((page) => fetchTaskPage(taskListPath(stableQuery, page, QUEUE_PAGE_SIZE))),
      );
      if (mine !== generation.current) return;
      const total = lists[0]?.total ?? 0;
      const items: (WorkerTaskSummary | undefined)[] = Array.from({ length: total }, () => undefined);
      const seen = new Set<string>();
      lists.forEach((list, index) => {
        const start = ((pages[index] ?? 1) - 1) * QUEUE_PAGE_SIZE;
        list.tasks.forEach((task, offset) => {
          if (seen.has(task.task_id) || start + offset >= total) return;
          seen.add(task.task_id);
          items[start + offset] = task;
        });
      });
      loadedPages.current = new Set(pages.filter((page) => (page - 1) * QUEUE_PAGE_SIZE < total));
      startsOver.current = false;
      commit({
        items,
        total,
        unfilteredTotal: hasFilter(stableQuery) ? dataRef.current.unfilteredTotal : total,
      });
      setDataKey(queryKey);
      setError(null);
      void loadUnfilteredTotal(mine);
    } catch (failure) {
      if (mine === generation.current) {
        setError(failure);
        setDataKey(queryKey);
      }
    } finally {
      if (mine === generation.current) setIsRefreshing(false);
    }
  }, [commit, loadUnfilteredTotal, stableQuery, queryKey]);

  // A new search, filter or sort starts over from the first page. The rows on screen stay (the
  // list marked busy) until it answers: emptied at once, the list and the offered tasks vanished
  // and came back under the reviewer's pointer, and a click begun on one Start Task button and
  // ended on its replacement was lost (seen in an e2e trace under load).
  useEffect(() => {
    generation.current += 1;
    const mine = generation.current;
    inFlight.current = new Set();
    if (isFirstPageIn.current) {
      // The first render showed the warm first page: it is taken, and nothing is asked again.
      isFirstPageIn.current = false;
      takeArrivedTaskPage(taskListPath(stableQuery, 1, QUEUE_PAGE_SIZE));
      return;
    }
    loadedPages.current = new Set();
    startsOver.current = true;
    setIsFetching(true);
    setIsRefreshing(false);
    void Promise.all([loadPage(1, mine), loadUnfilteredTotal(mine)]).finally(() => {
      if (mine === generation.current) setIsFetching(false);
    });
  }, [loadPage, loadUnfilteredTotal, stableQuery]);

  // spec 01 §4: the queue refreshes by itself every 30 seconds.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const { isPaused = false } = options;
  useEffect(() => {
    if (isPaused) return;
    const timer = setInterval(() => void refreshRef.current(), REVIEWER.queueRefreshMs);
    return () => clearInterval(timer);
  }, [isPaused]);

  const ensureRange = useCallback(
    (start: number, end: number) => {
      const { items } = dataRef.current;
      const first = Math.floor(Math.max(0, start) / QUEUE_PAGE_SIZE) + 1;
      const last = Math.floor(Math.min(items.length - 1, end) / QUEUE_PAGE_SIZE) + 1;
      for (let page = first; page <= last; page += 1) {
        const offset = (page - 1) * QUEUE_PAGE_SIZE;
        const isMissing = items.slice(offset, offset + QUEUE_PAGE_SIZE).some((item) => item === undefined);
        if (isMissing) void loadPage(page, generation.current);
      }
    },
    [loadPage],
  );

  const remove = useCallback(
    (taskIds: readonly string[]) => {
      const ids = new Set(taskIds);
      const current = dataRef.current;
      const items = current.items.filter((item) => !item || !ids.has(item.task_id));
      const removed = current.items.length - items.length;
      if (removed === 0) return;
      commit({
        items,
        total: Math.max(0, current.total - removed),
        unfilteredTotal: Math.max(0, current.unfilteredTotal - removed),
      });
    },
    [commit],
  );

  const findTask = useCallback(
    (taskId: string) => dataRef.current.items.find((item) => item?.task_id === taskId),
    [],
  );

  return {
    items: data.items,
    total: data.total,
    unfilteredTotal: data.unfilteredTotal,
    isLoading,
    isRefreshing,
    error,
    ensureRange,
    refresh,
    remove,
    findTask,
  };
}
