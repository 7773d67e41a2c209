import { apiRequest, errorMessageFor } from '@sieve/auth';
import { DASHBOARD_REFRESH_MS } from '@sieve/contracts';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useDashboard } from '../dashboard/dashboard-context';
import { type ListKind, type ListKinds, type ListPage, listKey, normaliseList } from './api';

export interface ListSort<K extends ListKind> {
  by: ListKinds[K]['sort'];
  order: 'asc' | 'desc';
}

/** spec 02 §8 fallbacks of the list calls. */
const FETCH_FAILED: Record<ListKind, string> = {
  workers: 'Failed to fetch workers',
  requesters: 'Failed to fetch requesters',
  requests: 'Failed to fetch requests',
};

/**
 * One admin list, paged, sorted, filtered and searched on the server. The search is the header's
 * (debounced) text; a new search or filter starts again at page 1 and clears the selection.
 * The list loads whenever its view opens (spec 02 §4) and polls with the dashboard.
 */
export function useAdminList<K extends ListKind>(kind: K, defaultSort: ListSort<K>) {
  const { search, settings } = useDashboard();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort<K>>(defaultSort);
  const [status, setStatus] = useState('');
  const [selectedIds, setSelectedIds] = useState<Set<string>>(() => new Set());
  const limit = settings.pageSize;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the triggers
  useEffect(() => {
    setPage(1);
    setSelectedIds(new Set());
  }, [search, status, limit]);

  const key = listKey(kind, { page, limit, sortBy: sort.by, sortOrder: sort.order, status, search });
  const field = kind;
  const swr = useSWR<ListPage<ListKinds[K]['row']>>(
    key,
    async (path: string) => normaliseList(await apiRequest<unknown>(path), field, page, limit),
    {
      keepPreviousData: true,
      revalidateOnMount: true,
      refreshInterval: settings.isAutoRefresh ? DASHBOARD_REFRESH_MS : 0,
    },
  );

  // A page past the end (rows deleted elsewhere): go to the last page there is.
  useEffect(() => {
    if (swr.data && page > swr.data.pages) setPage(swr.data.pages);
  }, [swr.data, page]);

  return {
    kind,
    data: swr.data,
    rows: swr.data?.rows ?? [],
    isLoading: swr.isLoading,
    isValidating: swr.isValidating,
    error: swr.error ? errorMessageFor(swr.error, FETCH_FAILED[kind]) : null,
    reload: () => swr.mutate(),
    page,
    setPage,
    sort,
    setSort: (next: ListSort<K>) => {
      setSort(next);
      setPage(1);
    },
    status,
    setStatus,
    selectedIds,
    setSelectedIds,
    search,
  };
}

export type AdminList<K extends ListKind> = ReturnType<typeof useAdminList<K>>;
