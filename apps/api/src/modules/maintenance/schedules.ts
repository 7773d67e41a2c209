import type { Logger } from '../../logger';
import type { Services } from '../../services';

const LEASE_SWEEP_MS = 15_000;
const REQUEST_SWEEP_MS = 60_000;
/** A request is only re-queued when it has not moved for this long (its job may be running). */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * The periodic work of the API process: expire claim leases (DESIGN §4) and re-queue unfinished
 * requests (DESIGN §3). Each run is idempotent, so several API processes may run them.
 */
export function startSchedules(services: Services, logger: Logger) {
  const every = (ms: number, name: string, run: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      run().catch((error) => logger.warn({ err: error, schedule: name }, 'scheduled run failed'));
    }, ms);
    timer.unref();
    return timer;
  };
  // At start every unfinished request is due: nothing of a previous process is still running it.
  void services.requests
    .sweepUnfinished(0)
    .then((n) => n > 0 && logger.info({ requeued: n }, 'unfinished requests queued again'))
    .catch((error) => logger.warn({ err: error }, 'start-up sweep failed'));
  const timers = [
    every(LEASE_SWEEP_MS, 'expire-leases', () => services.tasks.expireLeases()),
    every(REQUEST_SWEEP_MS, 'sweep-requests', () => services.requests.sweepUnfinished(STALE_AFTER_MS)),
  ];
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
