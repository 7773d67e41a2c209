import type { Logger } from '../../logger';
import type { Services } from '../../services';

/** A processing request is only re-queued when it has not moved for this long (its job may be running). */
const STALE_AFTER_MS = 10 * 60_000;
/** Retention runs hourly, so a request expires within the hour after its data_expiration day. */
const RETENTION_INTERVAL_MS = 60 * 60_000;
/** A dashboard polls every 30 s: read within two polls, it is still open. */
const STATS_WATCHED_MS = 65_000;

/**
 * The periodic work of the API process: expire claim leases (DESIGN §4) and re-queue unfinished
 * requests (DESIGN §3). Each run is idempotent, so several API processes may run them.
 */
export function startSchedules(
  services: Services,
  logger: Logger,
  intervalSeconds: number,
  /** How old the admin figures may be (ADMIN_STATS_MAX_AGE_SECONDS): their summary's refresh period. */
  statsMaxAgeSeconds = 30,
) {
  const intervalMs = intervalSeconds * 1000;
  const every = (ms: number, name: string, run: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      run().catch((error) => logger.warn({ err: error, schedule: name }, 'scheduled run failed'));
    }, ms);
    timer.unref();
    return timer;
  };
  void services.requests
    .purgeExpired()
    .catch((error) => logger.warn({ err: error }, 'start-up retention run failed'));
  // At start every unfinished request is due; a job still live elsewhere makes its enqueue a no-op.
  void services.requests
    .sweepUnfinished(0)
    .then((n) => n > 0 && logger.info({ requeued: n }, 'unfinished requests queued again'))
    .catch((error) => logger.warn({ err: error }, 'start-up sweep failed'));
  const timers = [
    every(Math.min(intervalMs, 15_000), 'expire-leases', () => services.tasks.expireLeases()),
    every(intervalMs, 'sweep-requests', () => services.requests.sweepUnfinished(STALE_AFTER_MS)),
    // Webhook events and deliveries a crash or a queue outage left behind (DESIGN §12).
    every(intervalMs, 'sweep-webhooks', () => services.webhooks.sweep()),
    every(RETENTION_INTERVAL_MS, 'purge-expired', () => services.requests.purgeExpired()),
    // The admin figures' summary, refreshed here so dashboards read it instead of computing it,
    // once per max age (more often is never seen: a summary is served until it is that old).
    // Only while a dashboard reads it: idle, the next read computes it afresh. With a max age of
    // 0 every read computes, and there is nothing to refresh.
    ...(statsMaxAgeSeconds > 0
      ? [
          every(Math.max(5, statsMaxAgeSeconds) * 1000, 'admin-stats', () =>
            services.admin.refreshStats(STATS_WATCHED_MS),
          ),
        ]
      : []),
  ];
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
