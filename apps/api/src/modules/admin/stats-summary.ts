import type { AdminStats } from '@sieve/contracts';

/**
 * The admin figures as a summary the job runner's schedule refreshes (see schedules.ts), so every
 * open dashboard polling GET /admin/stats reads it instead of aggregating a year of tasks per call.
 * One computation at a time (callers share it). A summary older than `maxAgeMs` is still served
 * while a new one is computed in the background (a reader never waits behind a refresh, except
 * for the very first one); with `maxAgeMs` 0 every read computes. The schedule refreshes it only
 * while dashboards read it (`refreshIfRead`): a year of data costs a second of database time per
 * summary, which no one should pay every few seconds for a dashboard nobody has open. A summary
 * more than `WAIT_WHEN_OLDER_THAN` max ages old (the first read after a quiet spell) is waited for,
 * never shown. The pause flag is always read live: it is one row, and an admin expects it at once;
 * so are the team's counts (`live`), which must move within a second of an approval or a sign-up.
 */
/** How many max ages old a summary may be and still be served while a new one is computed. */
const WAIT_WHEN_OLDER_THAN = 4;

export function createStatsSummary(
  compute: () => Promise<AdminStats>,
  options: {
    maxAgeMs: number;
    isPaused: () => Promise<boolean>;
    /** Figures read live over the summary on every read (the team: withLivePeople). */
    live?: (stats: AdminStats) => Promise<AdminStats>;
  },
) {
  let latest: { stats: AdminStats; at: number } | undefined;
  let running: Promise<AdminStats> | undefined;
  let lastReadAt = Number.NEGATIVE_INFINITY;

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
    /** The schedule's refresh: only while someone read the summary within `withinMs`. */
    async refreshIfRead(withinMs: number): Promise<void> {
      if (Date.now() - lastReadAt <= withinMs) await refresh();
    },
    async read(): Promise<AdminStats> {
      lastReadAt = Date.now();
      let stats: AdminStats;
      if (!latest || options.maxAgeMs === 0) stats = await refresh();
      else if (Date.now() - latest.at > options.maxAgeMs * WAIT_WHEN_OLDER_THAN) stats = await refresh();
      else {
        stats = latest.stats;
        if (Date.now() - latest.at > options.maxAgeMs) void refresh().catch(() => undefined);
      }
      const [paused, live] = await Promise.all([
        options.isPaused(),
        options.live ? options.live(stats) : stats,
      ]);
      return { ...live, operationsData: { ...live.operationsData, paused } };
    },
  };
}
