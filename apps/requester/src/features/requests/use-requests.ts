import { apiRequest } from '@sieve/auth';
import { DASHBOARD_REFRESH_MS, IN_FLIGHT_REFRESH_MS, type RequestSummary } from '@sieve/contracts';
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
/** The SWR key of the active list: under /requests, so Refresh and a submission revalidate it. */
const ACTIVE_KEY = '/requests#active';

interface ActiveList {
  requests: RequestSummary[];
  count: number;
}

/**
 * Pending first, then processing, one after the other: a request that moves on between the two
 * calls is still seen (twice at most, and kept once), never missed as two parallel calls could.
 */
async function fetchActive(): Promise<ActiveList> {
  const pending = await apiRequest<RequestList>(
    requestListKey({ page: 1, limit: ACTIVE_LIMIT, status: 'pending' }),
  );
  const processing = await apiRequest<RequestList>(
    requestListKey({ page: 1, limit: ACTIVE_LIMIT, status: 'processing' }),
  );
  const byId = new Map<string, RequestSummary>();
  const pendingRows = pending.requests ?? [];
  const processingRows = processing.requests ?? [];
  for (const request of [...pendingRows, ...processingRows]) byId.set(request.request_id, request);
  const pendingIds = new Set(pendingRows.map((request) => request.request_id));
  const twice = processingRows.filter((request) => pendingIds.has(request.request_id)).length;
  return {
    requests: [...byId.values()].sort((a, b) => b.created_at.localeCompare(a.created_at)),
    count: (pending.total ?? 0) + (processing.total ?? 0) - twice,
  };
}

/** spec 02 §2: pending and processing requests, newest first, with the count for the sidebar badge. */
export function useActiveRequests() {
  // issue 15: a short poll only while something is in flight; the spec's 30 s otherwise.
  const { data, error, isLoading } = useSWR<ActiveList>(ACTIVE_KEY, fetchActive, {
    keepPreviousData: true,
    refreshInterval: (latest) => (latest && latest.count > 0 ? IN_FLIGHT_REFRESH_MS : DASHBOARD_REFRESH_MS),
  });
  return { requests: data?.requests ?? [], count: data?.count, isLoading, error };
}

/** One request with its tasks; polled while it is still active. */
export function useRequestDetail(id: string | null) {
  return useSWR<RequestDetail>(id ? requestDetailKey(id) : null, {
    refreshInterval: (latest) =>
      latest && (latest.status === 'completed' || latest.status === 'failed') ? 0 : IN_FLIGHT_REFRESH_MS,
  });
}
