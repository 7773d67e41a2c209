import { apiRequest, errorMessageFor } from '@sieve/auth';
import { type AdminStats, DASHBOARD_REFRESH_MS } from '@sieve/contracts';
import useSWR from 'swr';
import { DASHBOARD_KEYS, isAdminStats } from './api';

export async function fetchStats(path: string): Promise<AdminStats> {
  const value = await apiRequest<unknown>(path);
  if (!isAdminStats(value)) throw new Error('Failed to fetch admin stats');
  return value;
}

/** GET /admin/stats, polled every 30 s (spec 02 §9) unless auto-refresh is off. */
export function useAdminStats(isPolling = true) {
  const result = useSWR<AdminStats>(DASHBOARD_KEYS.stats, fetchStats, {
    refreshInterval: isPolling ? DASHBOARD_REFRESH_MS : 0,
    keepPreviousData: true,
  });
  return {
    stats: result.data,
    // spec 02 §8: the server's detail, else "Failed to fetch admin stats"
    error: result.error ? errorMessageFor(result.error, 'Failed to fetch admin stats') : null,
    isLoading: result.isLoading,
    refresh: result.mutate,
  };
}
