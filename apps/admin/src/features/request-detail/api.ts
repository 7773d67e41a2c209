import { apiRequest } from '@sieve/auth';
import type { AdminRequestDetail } from '@sieve/contracts';
import useSWR from 'swr';

export const requestDetailKey = (id: string) => `/admin/requests/${encodeURIComponent(id)}`;

/** One request as the admin sees it; polled while it is still open. */
export function useAdminRequestDetail(id: string) {
  return useSWR<AdminRequestDetail>(requestDetailKey(id), {
    refreshInterval: (latest) => (latest && !latest.can_cancel ? 0 : 5_000),
  });
}

export function retryRequest(id: string) {
  return apiRequest<AdminRequestDetail>(`${requestDetailKey(id)}/retry`, { method: 'POST' });
}

export function cancelRequest(id: string) {
  return apiRequest<AdminRequestDetail>(`${requestDetailKey(id)}/cancel`, { method: 'POST' });
}
