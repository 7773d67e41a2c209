import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { EnqueueOptions, JobDefinition, JobQueue, Processor, QueueCounts } from './queue';
import { readQueuePaused, writeQueuePaused } from './queue-state';

export interface BullQueueOptions {
  redisUrl: string;
  concurrency: number;
  logger: Logger;
  queueName?: string;
  prefix?: string;
  /** BullMQ's job lock; a job whose worker died runs again once it lapses. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /**
   * The application database: its `queue_state` row is the truth for Pause/Resume (surviving a
   * Redis restart); each process with a worker brings Redis' pause flag in line with it.
   */
  db?: Db;
  /** How often a worker process re-reads the pause row (default 5 s). */
  pauseSyncMs?: number;
}

/** The job back end on Redis (REDIS_URL): one BullMQ queue, job name = job type. */
export class BullQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly connection: Redis;
  private workerConnection: Redis | undefined;
  private worker: Worker | undefined;
  private readonly processors = new Map<
    string,
    { definition: JobDefinition; processor: Processor<JobDefinition> }
  >();
  private readonly queueName: string;
  private pauseSync: NodeJS.Timeout | undefined;

  constructor(private readonly options: BullQueueOptions) {
    this.queueName = options.queueName ?? 'sieve';
    // Producer side fails fast when Redis is down so API requests do not hang (the DB row is the truth).
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    this.connection.on('error', (error) => options.logger.warn({ err: error }, 'redis connection error'));
    this.queue = new Queue(this.queueName, {
      connection: this.connection,
      ...(options.prefix ? { prefix: options.prefix } : {}),
    });
    this.queue.on('error', (error) => options.logger.warn({ err: error }, 'queue error'));
  }

  async enqueue<D extends JobDefinition>(definition: D, payload: unknown, options: EnqueueOptions) {
    const data = definition.payload.parse(payload);
    // Same id while waiting or active: stored once. A finished job with that id is scheduled anew.
    const existing = await this.queue.getJob(options.jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return;
      await existing.remove();
    }
    await this.queue.add(definition.name, data, {
      jobId: options.jobId,
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      delay: options.delayMs ?? 0,
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async process<D extends JobDefinition>(definition: D, processor: Processor<D>) {
    this.processors.set(definition.name, {
      definition,
      processor: processor as unknown as Processor<JobDefinition>,
    });
    if (this.worker) return;
    this.workerConnection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', (error) =>
      this.options.logger.warn({ err: error }, 'redis worker error'),
    );
    this.worker = new Worker(
      this.queueName,
      async (job) => {
        const entry = this.processors.get(job.name);
        if (!entry) throw new Error(`No processor for job ${job.name}`);
        const payload = entry.definition.payload.parse(job.data);
        await entry.processor(payload, { jobId: job.id ?? '', attempt: job.attemptsMade + 1 });
      },
      {
        connection: this.workerConnection,
        concurrency: this.options.concurrency,
        ...(this.options.prefix ? { prefix: this.options.prefix } : {}),
        ...(this.options.lockDurationMs ? { lockDuration: this.options.lockDurationMs } : {}),
        ...(this.options.stalledIntervalMs ? { stalledInterval: this.options.stalledIntervalMs } : {}),
      },
    );
    this.worker.on('failed', (job, error) =>
      this.options.logger.warn({ err: error, job: job?.name, jobId: job?.id }, 'job failed'),
    );
    this.worker.on('error', (error) => this.options.logger.warn({ err: error }, 'worker error'));
    await this.syncPause();
    this.pauseSync = setInterval(() => void this.syncPause(), this.options.pauseSyncMs ?? 5_000);
    this.pauseSync.unref();
  }

  /** Redis' pause flag follows the database row (a restarted Redis, or a pause from elsewhere). */
  private async syncPause() {
    if (!this.options.db) return;
    try {
      const paused = await readQueuePaused(this.options.db);
      if (paused !== (await this.queue.isPaused())) {
        if (paused) await this.queue.pause();
        else await this.queue.resume();
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not read the queue pause state');
    }
  }

  async pause() {
    if (this.options.db) await writeQueuePaused(this.options.db, true);
    await this.queue.pause();
  }

  async resume() {
    if (this.options.db) await writeQueuePaused(this.options.db, false);
    await this.queue.resume();
  }

  async isPaused() {
    return this.options.db ? readQueuePaused(this.options.db) : this.queue.isPaused();
  }

  async counts(): Promise<QueueCounts> {
    const c = await this.queue.getJobCounts(
      'waiting',
      'delayed',
      'prioritized',
      'active',
      'failed',
      'completed',
    );
    return {
      waiting: (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      failed: c.failed ?? 0,
      completed: c.completed ?? 0,
    };
  }

  async ping() {
    await this.connection.ping();
  }

  /** Graceful: the worker finishes its running jobs before the connections close. */
  async close() {
    if (this.pauseSync) clearInterval(this.pauseSync);
    await this.worker?.close();
    await this.queue.close();
    this.workerConnection?.disconnect();
    this.connection.disconnect();
  }

  /** Test hook for a crash: stop without finishing or releasing running jobs. */
  async kill() {
    this.workerConnection?.disconnect();
    if (this.pauseSync) clearInterval(this.pauseSync);
    await this.worker?.close(true).catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
