import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { testLogger } from '../test/app';
import { createTestDatabase, redisUrl } from '../test/database';
import { BullQueue } from './bullmq-queue';
import { InProcessQueue, releaseOrphanedJobs } from './in-process-queue';
import { defineJob, type JobQueue } from './queue';

const addUp = defineJob({
  name: 'add-up',
  payload: z.object({ runId: z.string(), amount: z.number().int() }),
  attempts: 3,
  backoffMs: 20,
});

function waitFor(check: () => boolean, what: string, timeoutMs = 20_000) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = setInterval(() => {
      if (check()) {
        clearInterval(tick);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(tick);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 20);
  });
}

const never = new Promise<void>(() => undefined);

interface Backend {
  /** A queue as a fresh process would make it. */
  make(): JobQueue;
  /** Stop as `kill -9` would: running jobs neither finish nor release their lock. */
  crash(queue: JobQueue): Promise<void>;
  /** What the next process does at start-up. */
  restart(): Promise<void>;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const prefix = `sieve-test-${randomBytes(4).toString('hex')}`;
const backends: [string, boolean, () => Backend][] = [
  [
    'in-process',
    true,
    () => ({
      make: () => new InProcessQueue(database.db, { concurrency: 2, pollMs: 50, logger: testLogger }),
      crash: async (queue) => {
        // The process is gone: stop polling, abandon the running job.
        void queue.close();
      },
      restart: () => releaseOrphanedJobs(database.db),
    }),
  ],
  [
    'bullmq',
    Boolean(redisUrl),
    () => ({
      make: () =>
        new BullQueue({
          redisUrl: redisUrl ?? '',
          concurrency: 2,
          logger: testLogger,
          prefix,
          lockDurationMs: 1_000,
          stalledIntervalMs: 500,
          db: database.db,
          pauseSyncMs: 100,
        }),
      crash: (queue) => (queue as BullQueue).kill(),
      restart: async () => undefined,
    }),
  ],
];

describe.each(backends)('the %s job back end', (_name, available, makeBackend) => {
  const opened: JobQueue[] = [];
  const open = (backend: Backend) => {
    const queue = backend.make();
    opened.push(queue);
    return queue;
  };
  // Queues of one back end share their store, as processes do: close each test's consumers.
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((q) => q.close()));
  });

  it.skipIf(!available)('runs a job with its typed payload', async () => {
    const queue = open(makeBackend());
    const seen: number[] = [];
    await queue.process(addUp, async (payload) => {
      seen.push(payload.amount);
    });
    await queue.enqueue(
      addUp,
      { runId: 'a', amount: 42 },
      { jobId: `run-${randomBytes(4).toString('hex')}` },
    );
    await waitFor(() => seen.length === 1, 'the job');
    expect(seen).toEqual([42]);
  });

  it.skipIf(!available)('refuses a payload that breaks the job schema', async () => {
    const queue = open(makeBackend());
    await expect(
      queue.enqueue(addUp, { runId: 'a', amount: 'lots' } as never, { jobId: 'bad-payload' }),
    ).rejects.toThrow();
  });

  it.skipIf(!available)('stores the same job id once while it waits', async () => {
    const queue = open(makeBackend());
    const jobId = `dedupe-${randomBytes(4).toString('hex')}`;
    const runs: string[] = [];
    await queue.pause();
    await queue.enqueue(addUp, { runId: 'first', amount: 1 }, { jobId });
    await queue.enqueue(addUp, { runId: 'second', amount: 2 }, { jobId });
    await queue.process(addUp, async (payload) => {
      runs.push(payload.runId);
    });
    await queue.resume();
    await waitFor(() => runs.length >= 1, 'the deduplicated job');
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toEqual(['first']);
  });

  it.skipIf(!available)('retries a failing job with backoff until it succeeds', async () => {
    const queue = open(makeBackend());
    const attempts: number[] = [];
    await queue.process(addUp, async (_payload, context) => {
      attempts.push(context.attempt);
      if (context.attempt < 3) throw new Error('flaky provider');
    });
    await queue.enqueue(
      addUp,
      { runId: 'retry', amount: 3 },
      { jobId: `retry-${randomBytes(4).toString('hex')}` },
    );
    await waitFor(() => attempts.length === 3, 'three attempts');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it.skipIf(!available)('runs a job that was unfinished when its process died, after a restart', async () => {
    const backend = makeBackend();
    const jobId = `crash-${randomBytes(4).toString('hex')}`;
    const first = backend.make();
    let started = false;
    await first.process(addUp, async () => {
      started = true;
      await never;
    });
    await first.enqueue(addUp, { runId: 'crash', amount: 7 }, { jobId });
    await waitFor(() => started, 'the job to start before the crash');
    await backend.crash(first);

    await backend.restart();
    const second = open(backend);
    const finished: string[] = [];
    await second.process(addUp, async (payload, context) => {
      finished.push(`${payload.runId}:${context.jobId}`);
    });
    await waitFor(() => finished.length === 1, 'the job to run after the restart');
    expect(finished).toEqual([`crash:${jobId}`]);
  });

  it.skipIf(!available)('pauses and resumes', async () => {
    const queue = open(makeBackend());
    const runs: string[] = [];
    await queue.process(addUp, async (payload) => {
      runs.push(payload.runId);
    });
    await queue.pause();
    expect(await queue.isPaused()).toBe(true);
    await queue.enqueue(
      addUp,
      { runId: 'paused', amount: 1 },
      { jobId: `pause-${randomBytes(4).toString('hex')}` },
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(runs).toEqual([]);
    await queue.resume();
    await waitFor(() => runs.length === 1, 'the job after resume');
    expect(await queue.isPaused()).toBe(false);
  });

  it.skipIf(!available)('keeps a pause across a restart, and it stops a second process too', async () => {
    const backend = makeBackend();
    const first = backend.make();
    await first.pause();
    await first.close();
    await backend.restart();
    // Two processes start after the restart; neither runs anything while the row says paused.
    const second = open(backend);
    const third = open(backend);
    const runs: string[] = [];
    for (const queue of [second, third]) {
      await queue.process(addUp, async (payload) => {
        runs.push(payload.runId);
      });
    }
    expect(await second.isPaused()).toBe(true);
    expect(await third.isPaused()).toBe(true);
    await second.enqueue(
      addUp,
      { runId: 'after-restart', amount: 1 },
      { jobId: `restart-pause-${randomBytes(4).toString('hex')}` },
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(runs).toEqual([]);
    // Resumed from one process: the job runs once, and the other process sees it resumed.
    await third.resume();
    await waitFor(() => runs.length === 1, 'the job after resume');
    expect(runs).toEqual(['after-restart']);
    expect(await second.isPaused()).toBe(false);
  });
});
