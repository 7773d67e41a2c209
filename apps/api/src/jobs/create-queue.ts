import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { BullQueue } from './bullmq-queue';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './queue';

export function createQueue(
  config: Pick<Config, 'redisUrl' | 'jobConcurrency' | 'jobLockSeconds'>,
  db: Db,
  logger: Logger,
): JobQueue {
  const lockMs = config.jobLockSeconds * 1000;
  if (config.redisUrl) {
    return new BullQueue({
      redisUrl: config.redisUrl,
      concurrency: config.jobConcurrency,
      logger,
      lockDurationMs: lockMs,
      stalledIntervalMs: Math.max(500, Math.floor(lockMs / 2)),
      db,
    });
  }
  return new InProcessQueue(db, { concurrency: config.jobConcurrency, logger, lockMs });
}
