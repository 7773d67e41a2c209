import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { jobs } from '../db/schema';
import type { Logger } from '../logger';
import type { EnqueueOptions, JobDefinition, JobQueue, Processor, QueueCounts } from './queue';
import { queueNotPaused, readQueuePaused, writeQueuePaused } from './queue-state';

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export interface InProcessQueueOptions {
  concurrency: number;
  /** How often the runner looks for due jobs when nothing woke it. */
  pollMs?: number;
  /** How long a running job stays locked before another runner may take it (renewed while it runs). */
  lockMs?: number;
  logger: Logger;
}

/**
 * The job back end without Redis: jobs live in the `jobs` table of the application database and
 * run in this process. Claims use `for update skip locked` and an expiring lock, so several API
 * processes on one Postgres share the table safely and a crashed process's jobs run again.
 * Pause is the `queue_state` row, checked by the claim statement itself: every process honours it,
 * and it survives restarts.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly processors = new Map<
    string,
    { definition: JobDefinition; processor: Processor<JobDefinition> }
  >();
  private readonly running = new Set<Promise<void>>();
  private readonly pollMs: number;
  private readonly lockMs: number;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private pumping = false;
  private pumpAgain = false;

  constructor(
    private readonly db: Db,
    private readonly options: InProcessQueueOptions,
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.lockMs = options.lockMs ?? 5 * 60_000;
  }

  async enqueue<D extends JobDefinition>(definition: D, payload: unknown, options: EnqueueOptions) {
    const data = definition.payload.parse(payload);
    const runAt = new Date(Date.now() + (options.delayMs ?? 0));
    // Same id while waiting or active: stored once. A finished job with that id is scheduled anew.
    await this.db
      .insert(jobs)
      .values({
        id: options.jobId,
        name: definition.name,
        payload: data,
        maxAttempts: definition.attempts,
        runAt,
      })
      .onConflictDoUpdate({
        target: jobs.id,
        set: { status: 'waiting', attempts: 0, payload: data, runAt, lastError: null, finishedAt: null },
        setWhere: sql`${jobs.status} in ('completed', 'failed')`,
      });
    this.wake();
  }

  async process<D extends JobDefinition>(definition: D, processor: Processor<D>) {
    this.processors.set(definition.name, {
      definition,
      processor: processor as unknown as Processor<JobDefinition>,
    });
    this.timer ??= setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async pause() {
    await writeQueuePaused(this.db, true);
  }

  async resume() {
    await writeQueuePaused(this.db, false);
    this.wake();
  }

  async isPaused() {
    return readQueuePaused(this.db);
  }

  async counts(): Promise<QueueCounts> {
    const rows = await queryRows<{ status: string; n: number }>(
      this.db,
      sql`select status, count(*)::int as n from ${jobs} group by status`,
    );
    const counts: QueueCounts = { waiting: 0, active: 0, failed: 0, completed: 0 };
    for (const row of rows) {
      if (row.status in counts) counts[row.status as keyof QueueCounts] = Number(row.n);
    }
    return counts;
  }

  async ping() {
    await this.db.execute(sql`select 1`);
  }

  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Starts as many due jobs as there are free slots; coalesces overlapping wake-ups. */
  private wake() {
    if (this.closed || this.processors.size === 0) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((error) => this.options.logger.error({ err: error }, 'job runner could not claim jobs'))
      .finally(() => {
        this.pumping = false;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.wake();
        }
      });
  }

  private async pump() {
    while (!this.closed && this.running.size < this.options.concurrency) {
      const job = await this.claim();
      if (!job) return;
      if (this.closed) {
        // Closing while the claim was in flight: hand the job back untouched.
        await this.db.execute(
          sql`update ${jobs} set status = 'waiting', attempts = attempts - 1, locked_until = null where id = ${job.id}`,
        );
        return;
      }
      const run = this.run(job).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const names = [...this.processors.keys()];
    const lockSeconds = this.lockMs / 1000;
    const rows = await queryRows<ClaimedJob>(
      this.db,
      sql`
      update ${jobs} set status = 'active', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${lockSeconds})
      where id = (
        select id from ${jobs}
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((status = 'waiting' and run_at <= now()) or (status = 'active' and locked_until < now()))
          and ${queueNotPaused()}
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts`,
    );
    return rows[0];
  }

  private async run(job: ClaimedJob) {
    const entry = this.processors.get(job.name);
    if (!entry) return;
    const log = this.options.logger.child({ job: job.name, jobId: job.id, attempt: job.attempts });
    const heartbeat = setInterval(() => {
      void this.db
        .execute(sql`update ${jobs} set locked_until = now() + make_interval(secs => ${this.lockMs / 1000})
          where id = ${job.id} and status = 'active'`)
        .catch((error) => log.warn({ err: error }, 'could not renew job lock'));
    }, this.lockMs / 3);
    heartbeat.unref();
    try {
      const payload = entry.definition.payload.parse(job.payload);
      await entry.processor(payload, { jobId: job.id, attempt: job.attempts });
      await this.db.execute(
        sql`update ${jobs} set status = 'completed', finished_at = now(), locked_until = null, last_error = null
          where id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      log.warn({ err: error, final }, 'job failed');
      const backoffMs = entry.definition.backoffMs * 2 ** (job.attempts - 1);
      await this.db
        .execute(
          final
            ? sql`update ${jobs} set status = 'failed', finished_at = now(), locked_until = null, last_error = ${message}
                where id = ${job.id}`
            : sql`update ${jobs} set status = 'waiting', locked_until = null, last_error = ${message},
                run_at = now() + make_interval(secs => ${backoffMs / 1000}) where id = ${job.id}`,
        )
        .catch((updateError) => log.error({ err: updateError }, 'could not record job failure'));
    } finally {
      clearInterval(heartbeat);
    }
  }
}

/**
 * At start of the embedded (single-process) default, jobs left active by a crash are due again
 * at once instead of after their lock runs out.
 */
export async function releaseOrphanedJobs(db: Db) {
  await db.execute(sql`update ${jobs} set status = 'waiting', locked_until = null where status = 'active'`);
}
