import { DASHBOARD_REFRESH_MS, type RequestRecord } from '@sieve/contracts';
import useSWR from 'swr';
import {
  type ListParams,
  type RequestDetail,
  type RequestList,
  requestDetailKey,
  requestListKey,
} from './api';

// spec 02 §4: the dashboard polls every 30 seconds.
const POLLING = { refreshInterval: DASHBOARD_REFRESH_MS, keepPreviousData: true } as const;

export function useRequestList(params: ListParams) {
  return useSWR<RequestList>(requestListKey(params), POLLING);
}

const ACTIVE_LIMIT = 100;

/** spec 02 §2: pending and processing requests, newest first, with the count for the sidebar badge. */
export function useActiveRequests() {
  const pending = useRequestList({ page: 1, limit: ACTIVE_LIMIT, status: 'pending' });
  const processing = useRequestList({ page: 1, limit: ACTIVE_LIMIT, status: 'processing' });
  const requests: RequestRecord[] = [
    ...(processing.data?.requests ?? []),
    ...(pending.data?.requests ?? []),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const hasData = pending.data !== undefined && processing.data !== undefined;
  return {
    requests,
    count: hasData ? (pending.data?.total ?? 0) + (processing.data?.total ?? 0) : undefined,
    isLoading: pending.isLoading || processing.isLoading,
    error: pending.error ?? processing.error,
  };
}

/** One request with its tasks; polled while it is still active. */
export function useRequestDetail(id: string | null) {
  return useSWR<RequestDetail>(id ? requestDetailKey(id) : null, {
    refreshInterval: (latest) =>
      latest && (latest.status === 'completed' || latest.status === 'failed') ? 0 : DASHBOARD_REFRESH_MS,
  });
}
