import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  api,
  evenlySpaced,
  percentile,
  registerRequester,
  registerWorker,
  round,
  scrapeEventLoopDelay,
  startBenchProduct,
} from './lib.mjs';
import { seedTasks } from './seed.mjs';

const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 100);
const TASKS = Number(process.env.BENCH_TASKS ?? 5000);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
/**
 * The open-loop phase: review cycles started on a fixed schedule at this share of the closed-loop
 * throughput, for this long. A closed loop (every reviewer starts again the moment it is answered)
 * keeps the server saturated, so its p99 is mostly queueing; latency targets are measured at an
 * arrival rate below capacity.
 */
const OPEN_LOOP_SHARE = Number(process.env.BENCH_OPEN_LOOP_SHARE ?? 0.5);
const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 10);

/**
 * A reviewer's answer to a task: every value the AI read, confirmed, and one in ten corrected (as
 * the workspace sends it: one value per data point).
 */
function reviewOf(task) {
  const entries = Object.entries(task.ai_result?.result ?? {});
  const result = Object.fromEntries(
    entries.map(([key, item], i) => [key, i % 10 === 9 ? Number(item.value) + 1 : item.value]),
  );
  return { ai_processed: true, confidence_score: task.ai_result?.confidence_score ?? 0, result };
}

/**
 * The anchor's review and final result, the size of the product's: 20 values (the seed's average),
 * the final result keeping each value's evidence as the product does.
 */
function anchorResults() {
  const keys = Array.from({ length: 20 }, (_, k) => `line_item_${k + 1}`);
  const response = { result: Object.fromEntries(keys.map((k, i) => [k, 1_000_000 + i * 12_345.6])) };
  const final = Object.fromEntries(
    keys.map((k, i) => [
      k,
      {
        value: 1_000_000 + i * 12_345.6,
        location: `page ${1 + (i % 9)}, table 1, row ${i + 1}`,
        source_text: `Line item ${i + 1}   ${(1_000_000 + i * 12_345.6).toFixed(1)}   ${(990_000 + i * 11_111.1).toFixed(1)}`,
        source_url: null,
        anchor: {
          page: 1 + (i % 9),
          box: [72.5, 100 + i * 14.2, 310.4, 112 + i * 14.2],
          row_label: `Line item ${i + 1}`,
          column_label: '2024',
        },
        corrected: false,
      },
    ]),
  );
  // A space after each colon: pgbench would read `:null` as one of its variables.
  const literal = (value) => JSON.stringify(value).replaceAll('":', '": ');
  return { response: literal(response), final: literal(final) };
}

/** One claim-and-review cycle by one reviewer: its two latencies and outcome. */
async function reviewCycle(base, worker) {
  let t0 = performance.now();
  const claimed = await api(base, '/worker/tasks/next', { method: 'POST', token: worker.token, body: {} });
  const acceptMs = performance.now() - t0;
  if (claimed.status !== 200) return { acceptMs, outcome: claimed.status === 409 ? 'conflict' : 'error' };
  const task = claimed.body.task;
  if (!task) return { acceptMs, outcome: 'empty' };
  t0 = performance.now();
  const reviewed = await api(base, `/worker/tasks/${task.task_id}/review`, {
    method: 'POST',
    token: worker.token,
    body: { response: reviewOf(task), confidence: 0.8 },
  });
  const reviewMs = performance.now() - t0;
  const outcome = reviewed.status === 200 ? 'reviewed' : reviewed.status === 409 ? 'conflict' : 'error';
  return { acceptMs, reviewMs, outcome, key: `${task.task_id}:${worker.user_id}` };
}

/**
 * Cycles started at `ratePerSecond` whatever the answers (an open loop), each by a reviewer who
 * is free; latencies count from each request's send. `waitedForReviewer` counts cycles that
 * started late because all reviewers were busy (the load generator's limit, not the server's).
 */
async function openLoop(base, workers, ratePerSecond, seconds) {
  const idle = [...workers];
  const waiters = [];
  const release = (worker) => {
    const next = waiters.shift();
    if (next) next(worker);
    else idle.push(worker);
  };
  const acceptMs = [];
  const reviewMs = [];
  const acked = [];
  let conflicts = 0;
  let errors = 0;
  let waitedForReviewer = 0;
  const run = await evenlySpaced(ratePerSecond, seconds, async () => {
    let worker = idle.pop();
    if (!worker) {
      waitedForReviewer++;
      worker = await new Promise((r) => waiters.push(r));
    }
    const cycle = await reviewCycle(base, worker);
    release(worker);
    acceptMs.push(cycle.acceptMs);
    if (cycle.reviewMs !== undefined) reviewMs.push(cycle.reviewMs);
    if (cycle.outcome === 'reviewed') acked.push(cycle.key);
    else if (cycle.outcome === 'conflict') conflicts++;
    else if (cycle.outcome === 'error') errors++;
  });
  return {
    ratePerSecond: round(ratePerSecond, 1),
    seconds,
    cycles: run.count,
    reviews: acked.length,
    achievedPerSecond: round(acked.length / run.seconds, 1),
    accept: { p50: round(percentile(acceptMs, 50)), p99: round(percentile(acceptMs, 99)) },
    review: { p50: round(percentile(reviewMs, 50)), p99: round(percentile(reviewMs, 99)) },
    conflicts,
    errors,
    waitedForReviewer,
    acked,
  };
}

/**
 * The anchor: Postgres alone running the claim-and-complete transaction (lock the head of the
 * queue with SKIP LOCKED, store the review, complete the task) from 50 pgbench clients, on the
 * same database, in the same run.
 */
async function pgbenchClaimAndComplete(url, requesterId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`insert into users (email, password_hash, full_name, user_type, is_approved)
    select 'pgb' || i || '@bench.io', 'x', 'pgbench ' || i, 'worker', true from generate_series(1, 100) i`);
  await client.end();
  await seedTasks(url, requesterId, 100_000, 1);
  const dir = mkdtempSync(path.join(tmpdir(), 'sieve-pgbench-'));
  const script = path.join(dir, 'claim-and-complete.sql');
  const results = anchorResults();
  writeFileSync(
    script,
    `\\set w random(1, 100)
BEGIN;
SELECT t.id AS task_id FROM tasks t WHERE t.status = 'available' ORDER BY t.priority DESC, t.created_at, t.id LIMIT 1 FOR UPDATE SKIP LOCKED \\gset
INSERT INTO assignments (task_id, worker_id, status, lease_expires_at, finished_at, response) VALUES (:task_id, (SELECT id FROM users WHERE email = 'pgb' || :w || '@bench.io'), 'submitted', now() + interval '30 minutes', now(), '${results.response}');
UPDATE tasks SET status = 'completed', final_result = '${results.final}', completed_at = now(), updated_at = now() WHERE id = :task_id;
END;
`,
  );
  const run = spawnSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', '50', '-j', '2', '-T', String(PGBENCH_SECONDS), '-f', script, url],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
  if (!tps) throw new Error(`pgbench: ${run.stderr || run.stdout || run.error}`);
  return { clients: 50, seconds: PGBENCH_SECONDS, tps: round(Number(tps[1]), 0) };
}

/**
 * 100 simulated reviewers claim (POST /worker/tasks/next) and review 5,000 tasks over HTTP against Postgres. Every
 * acknowledged review must be stored (lost = 0) and no task may hold more reviews than slots.
 */
export async function reviewThroughput() {
  const bench = await startBenchProduct('review');
  const { db, product, adminToken } = bench;
  try {
    const requester = await registerRequester(product.base, 'r@acme-corp.io');
    await seedTasks(db.url, requester.user_id, TASKS, 1);
    const workers = [];
    for (let i = 0; i < REVIEWERS; i += 10) {
      const size = Math.min(10, REVIEWERS - i);
      workers.push(
        ...(await Promise.all(
          Array.from({ length: size }, (_, k) =>
            registerWorker(product.base, adminToken, `w${i + k}@acme-corp.io`),
          ),
        )),
      );
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`update users set is_approved = true where user_type = 'worker'`);

    const acceptMs = [];
    const reviewMs = [];
    const acked = [];
    let conflicts = 0;
    let errors = 0;
    const started = process.hrtime.bigint();
    // Each reviewer works the head of the queue through POST /worker/tasks/next: one statement
    // with FOR UPDATE SKIP LOCKED hands each a different task, so claims do not collide.
    await Promise.all(
      workers.map(async (worker) => {
        for (;;) {
          let t0 = performance.now();
          const claimed = await api(product.base, '/worker/tasks/next', {
            method: 'POST',
            token: worker.token,
            body: {},
          });
          acceptMs.push(performance.now() - t0);
          if (claimed.status === 409) {
            conflicts++;
            continue;
          }
          if (claimed.status !== 200) {
            errors++;
            if (errors > 1000) return;
            continue;
          }
          const task = claimed.body.task;
          if (!task) return;
          t0 = performance.now();
          const reviewed = await api(product.base, `/worker/tasks/${task.task_id}/review`, {
            method: 'POST',
            token: worker.token,
            body: {
              response: {
                ai_processed: true,
                confidence_score: -0.1,
                result: { total_revenue: 1234500000 },
              },
              confidence: 0.8,
            },
          });
          reviewMs.push(performance.now() - t0);
          if (reviewed.status === 200) acked.push(`${task.task_id}:${worker.user_id}`);
          else if (reviewed.status === 409) conflicts++;
          else errors++;
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // The open loop, on fresh tasks, at a share of what the closed loop reached.
    const closedRate = acked.length / seconds;
    const openRate = Math.max(1, closedRate * OPEN_LOOP_SHARE);
    await seedTasks(db.url, requester.user_id, Math.ceil(openRate * OPEN_LOOP_SECONDS * 1.2) + 10, 1);
    // The API process's event-loop delay over the open loop alone: the scrape before starts its window.
    await scrapeEventLoopDelay(product.base);
    const open = await openLoop(product.base, workers, openRate, OPEN_LOOP_SECONDS);
    open.eventLoopDelayMs = await scrapeEventLoopDelay(product.base);
    acked.push(...open.acked);
    const stored = new Set(
      (await client.query(`select task_id, worker_id from assignments where status = 'submitted'`)).rows.map(
        (r) => `${r.task_id}:${r.worker_id}`,
      ),
    );
    const lost = acked.filter((key) => !stored.has(key)).length;
    const double = Number(
      (
        await client.query(
          `select count(*)::int as n from (select t.id from tasks t join assignments a on a.task_id = t.id
             where a.status in ('submitted', 'claimed') group by t.id, t.required_reviews having count(*) > t.required_reviews) x`,
        )
      ).rows[0].n,
    );
    const completed = Number(
      (await client.query(`select count(*)::int as n from tasks where status = 'completed'`)).rows[0].n,
    );
    await client.end();
    const pgbench = await pgbenchClaimAndComplete(db.url, requester.user_id).catch((error) => ({
      error: String(error.message ?? error),
    }));
    const reviewsPerSecond = closedRate;
    return {
      reviewers: REVIEWERS,
      tasks: TASKS,
      reviews: acked.length - open.acked.length,
      tasksCompleted: completed,
      seconds: round(seconds, 1),
      reviewsPerSecond: round(reviewsPerSecond, 1),
      closedLoop:
        'every reviewer starts its next cycle when answered: throughput at saturation; p99 is mostly queueing',
      pgbench,
      ratioToPgbench: pgbench.tps ? round(reviewsPerSecond / pgbench.tps, 3) : null,
      accept: { p50: round(percentile(acceptMs, 50)), p99: round(percentile(acceptMs, 99)) },
      review: { p50: round(percentile(reviewMs, 50)), p99: round(percentile(reviewMs, 99)) },
      conflicts,
      lostClaimRaces: conflicts,
      lostClaimRaceShare: round(conflicts / Math.max(1, acked.length + conflicts), 4),
      errors,
      doubleAssignments: double,
      lostReviews: lost,
      openLoop: { ...open, acked: undefined, share: OPEN_LOOP_SHARE },
    };
  } finally {
    await bench.close();
  }
}
