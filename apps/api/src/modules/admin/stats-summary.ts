import type { AdminStats } from '@sieve/contracts';

/**
 * The admin figures as a summary the job runner's schedule refreshes (see schedules.ts), so every
 * open dashboard polling GET /admin/stats reads it instead of aggregating a year of tasks per call.
 * One computation at a time (callers share it). A summary older than `maxAgeMs` is still served
 * while a new one is computed in the background (a reader never waits behind a refresh, except
 * for the very first one); with `maxAgeMs` 0 every read computes. The pause flag is always read
 * live: it is one row, and an admin expects it at once.
 */
export function createStatsSummary(
  compute: () => Promise<AdminStats>,
  options: { maxAgeMs: number; isPaused: () => Promise<boolean> },
) {
  let latest: { stats: AdminStats; at: number } | undefined;
  let running: Promise<AdminStats> | undefined;

  function refresh(): Promise<AdminStats> {
    running ??= compute()
      .then((stats) => {
        latest = { stats, at: Date.now() };
        return stats;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    refresh,
    async read(): Promise<AdminStats> {
      let stats: AdminStats;
      if (!latest || options.maxAgeMs === 0) stats = await refresh();
      else {
        stats = latest.stats;
        if (Date.now() - latest.at > options.maxAgeMs) void refresh().catch(() => undefined);
      }
      const paused = await options.isPaused();
      return { ...stats, operationsData: { ...stats.operationsData, paused } };
    },
  };
}
