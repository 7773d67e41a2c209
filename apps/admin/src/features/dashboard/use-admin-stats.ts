import { apiRequest, errorMessageFor } from '@sieve/auth';
import {
  type AdminLiveFigures,
  type AdminStats,
  DASHBOARD_REFRESH_MS,
  LIVE_FIGURES_REFRESH_MS,
} from '@sieve/contracts';
import useSWR from 'swr';
import { DASHBOARD_KEYS, isAdminStats, isLiveFigures } from './api';

export async function fetchStats(path: string): Promise<AdminStats> {
  const value = await apiRequest<unknown>(path);
  if (!isAdminStats(value)) throw new Error('Failed to fetch admin stats');
  return value;
}

async function fetchLiveFigures(path: string): Promise<AdminLiveFigures> {
  const value = await apiRequest<unknown>(path);
  if (!isLiveFigures(value)) throw new Error('Failed to fetch admin stats');
  return value;
}

/**
 * The summary with the live figures over it (issue 40): the team's counts, health, alerts and the
 * pause as of the last second, the rest as of the summary.
 */
export function withLiveFigures(stats: AdminStats, live: AdminLiveFigures | undefined): AdminStats {
  if (!live) return stats;
  return {
    ...stats,
    systemHealth: { ...stats.systemHealth, status: live.systemHealth.status },
    teamMetrics: { ...stats.teamMetrics, ...live.teamMetrics },
    alerts: live.alerts,
    operationsData: { ...stats.operationsData, paused: live.paused },
  };
}

/**
 * GET /admin/stats, polled every 30 s (spec 02 §9), and its live figures every second (issue 40:
 * counts change within a second of an approval or a sign-up), both unless auto-refresh is off.
 * SWR does not poll a hidden page.
 */
export function useAdminStats(isPolling = true) {
  const result = useSWR<AdminStats>(DASHBOARD_KEYS.stats, fetchStats, {
    refreshInterval: isPolling ? DASHBOARD_REFRESH_MS : 0,
    keepPreviousData: true,
  });
  const live = useSWR<AdminLiveFigures>(result.data ? DASHBOARD_KEYS.liveFigures : null, fetchLiveFigures, {
    refreshInterval: isPolling ? LIVE_FIGURES_REFRESH_MS : 0,
    keepPreviousData: true,
    // Every tick asks (SWR's default 2 s would skip every other one); a failed poll keeps the
    // last figures shown and is retried; the summary's own error is the one shown.
    dedupingInterval: 0,
  });
  return {
    stats: result.data ? withLiveFigures(result.data, live.data) : undefined,
    // spec 02 §8: the server's detail, else "Failed to fetch admin stats"
    error: result.error ? errorMessageFor(result.error, 'Failed to fetch admin stats') : null,
    isLoading: result.isLoading,
    refresh: result.mutate,
  };
}
