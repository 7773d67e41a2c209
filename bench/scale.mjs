import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  api,
  evenlySpaced,
  keptDatabase,
  percentile,
  registerRequester,
  registerWorker,
  round,
  signIn,
  startBenchProduct,
} from './lib.mjs';
import { seedAiResults } from './seed.mjs';

const TASKS = Number(process.env.BENCH_SCALE_TASKS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 200_000);
const REVIEWERS = Number(process.env.BENCH_SCALE_REVIEWERS ?? 10_000);
const CALLERS = 50;
/** Rows of the CSV export measured last: the requests table is topped up to this many first. */
const EXPORT_ROWS = Number(process.env.BENCH_SCALE_EXPORT_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
/**
 * Seconds of the same load before each measured closed loop (as in api-overhead): the first
 * second of a load on a fresh process runs unoptimised code and opens the pools' connections, and
 * in a 10-second run its few hundred slow answers are the p99. They are reported as `warmUp`.
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
/** Share of requests still in review (their tasks available): a year of data is mostly finished. */
const OPEN_SHARE = 0.02;
/**
 * Seeding a year takes minutes: by default the seeded database is kept (`sieve_bench_scale_kept`)
 * and reused when its row counts match this run's sizes; BENCH_SCALE_KEEP_DB=0 seeds a fresh one.
 */
const KEEP_DB = process.env.BENCH_SCALE_KEEP_DB !== '0';
const ARCHIVE_URL_PREFIX = 'https://acme-corp.io/archive-';
/** Marks a kept database with the seed that made it (a comment on \`tasks\`): a new seed, a new database. */
const SEED_VERSION = 'sieve bench seed 2: extractor-sized AI results';

/** A kept database holds this run's seed when its counts match (the export's top-up aside). */
async function holdsThisSeed(client) {
  const { rows } = await client.query(`select (select count(*) from tasks)::int as tasks,
      (select count(*) from requests where metadata->>'url' not like '${ARCHIVE_URL_PREFIX}%')::int as requests,
      (select count(*) from users where email like 'seed-reviewer-%')::int as reviewers,
      (select count(*) from users where email like 'scale-w%')::int as callers,
      (select obj_description('tasks'::regclass, 'pg_class')) as seed`);
  const c = rows[0];
  return (
    c.tasks === TASKS &&
    c.requests === REQUESTS &&
    c.reviewers === REVIEWERS &&
    c.callers === CALLERS &&
    c.seed === SEED_VERSION
  );
}

/** autocannon with each of the 50 connections signed in as its own caller. */
/**
 * The share of the measured throughput at which the below-capacity figures are taken: 50 callers
 * sending as fast as they are answered keep the API saturated, so that p99 is mostly queueing; at
 * half the rate it reached, evenly spaced (`paced`), p99 is the latency of a server below capacity.
 */
const PACED_SHARE = Number(process.env.BENCH_SCALE_PACED_SHARE ?? 0.5);

/** A closed loop, after a warm-up of the same load (reported beside it, not in it). */
async function load(url, tokens, seconds = SECONDS) {
  const warmUp = WARM_UP > 0 ? await closedLoop(url, tokens, WARM_UP) : null;
  const measured = await closedLoop(url, tokens, seconds);
  return { ...measured, warmUp: warmUp && { seconds: WARM_UP, rps: warmUp.rps, p99: warmUp.p99 } };
}

function closedLoop(url, tokens, seconds) {
  return new Promise((resolve, reject) => {
    let next = 0;
    autocannon(
      {
        url,
        connections: CALLERS,
        duration: seconds,
        requests: [
          {
            setupRequest: (req, context) => {
              context.token ??= tokens[next++ % tokens.length];
              return { ...req, headers: { ...req.headers, authorization: `Bearer ${context.token}` } };
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            rps: round(result.requests.average, 0),
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: result.errors + result.non2xx,
          });
      },
    );
  });
}

/**
 * An open loop: `rate` requests a second, evenly spaced, from the 50 callers (each its own signed-in
 * caller, on at most 50 kept-alive connections), for `seconds`. Each latency counts from the
 * moment its request was due, so a request that waited for a free connection counts its wait (no
 * coordinated omission). autocannon's rate limit sends each second's quota at once, at the start
 * of the second: a burst at full speed every second, whose p99 is that of the saturated server.
 */
async function paced(url, tokens, rate, seconds = SECONDS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CALLERS });
  const latencies = [];
  let errors = 0;
  const run = await evenlySpaced(rate, seconds, async (i, due) => {
    const status = await new Promise((resolve) => {
      const req = http.get(
        url,
        { agent, headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', () => resolve(0));
    });
    if (status !== 200) errors++;
    latencies.push(performance.now() - due);
  });
  agent.destroy();
  return {
    rps: round(run.count / run.seconds, 0),
    p50: round(percentile(latencies, 50), 1),
    p99: round(percentile(latencies, 99), 1),
    errors,
  };
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? round(Number(match[1]) / 1024, 0) : null;
}
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? round(Number(match[1]) / 1024, 0) : null;
}

/** A year of data, seeded in SQL with generate_series. */
export async function seed(client) {
  const perRequest = Math.max(1, Math.round(TASKS / REQUESTS));
  await client.query(`insert into users (email, password_hash, full_name, user_type, is_approved, is_active, created_at)
    select 'seed-reviewer-' || i || '@acme-corp.io', 'seeded', 'Reviewer ' || i, 'worker', true, true,
      now() - (i % 365) * interval '1 day'
    from generate_series(1, ${REVIEWERS}) i`);
  await client.query(`insert into users (email, password_hash, full_name, user_type, is_approved, organization)
    select 'seed-requester-' || i || '@acme-corp.io', 'seeded', 'Requester ' || i, 'requester', true, 'Org ' || (i % 50)
    from generate_series(1, 2000) i`);
  await client.query(`create temporary table seed_people as
    select (select array_agg(id) from users where user_type = 'worker') as workers,
           (select array_agg(id) from users where user_type = 'requester') as requesters`);
  await seedAiResults(client);
  await client.query(`insert into requests (requester_id, document_type, status, priority, metadata, created_at, updated_at, started_at, completed_at)
    select p.requesters[1 + (i % array_length(p.requesters, 1))],
      (array['pdf','sec','csv','excel','website'])[1 + i % 5],
      case when i % ${Math.round(1 / OPEN_SHARE)} = 0 then 'processing' else 'completed' end,
      (array['low','medium','high'])[1 + i % 3],
      jsonb_build_object('url', 'https://acme-corp.io/report-' || i || '.pdf', 'data_points', jsonb_build_array('Total revenue')),
      now() - ((i * 7919) % 525600) * interval '1 minute',
      now() - ((i * 7919) % 525600) * interval '1 minute',
      now() - ((i * 7919) % 525600) * interval '1 minute',
      case when i % ${Math.round(1 / OPEN_SHARE)} = 0 then null
        else now() - ((i * 7919) % 525600) * interval '1 minute' + interval '2 hours' end
    from generate_series(1, ${REQUESTS}) i, seed_people p`);
  await client.query(`insert into tasks (request_id, part, document_type, status, priority, metadata, ai_result, required_reviews, final_result, created_at, updated_at, completed_at)
    select r.id, part, r.document_type,
      case when r.status = 'completed' then 'completed' else 'available' end,
      1 + (abs(hashtext(r.id::text)) + part) % 3,
      jsonb_build_object('name', 'Report ' || part),
      s.ai_result,
      1,
      case when r.status = 'completed' then '{"total_revenue": {"value": 1234500000}}'::jsonb end,
      r.created_at, r.created_at, r.completed_at
    from requests r cross join generate_series(0, ${perRequest - 1}) part
    join seed_results s on s.i = (abs(hashtext(r.id::text)) + part) % 64`);
  await client.query(`comment on table tasks is '${SEED_VERSION}'`);
  await client.query(`insert into assignments (task_id, worker_id, status, claimed_at, lease_expires_at, finished_at, response, confidence, time_spent_seconds, items_total, items_matched)
    select t.id, p.workers[1 + (abs(hashtext(t.id::text)) % array_length(p.workers, 1))], 'submitted',
      t.created_at + interval '1 hour', t.created_at + interval '90 minutes', t.created_at + interval '70 minutes',
      '{"result": {"total_revenue": 1234500000}}'::jsonb, 0.9, 60 + abs(hashtext(t.id::text)) % 240, 1, 1
    from tasks t, seed_people p where t.status = 'completed'`);
  // A year-old database has been vacuumed along the way (visibility map: index-only scans).
  await client.query('vacuum analyze');
  await compactRunningCounts(client);
}

/**
 * The running counts kept by triggers (queue_counts, the list figures) took one row version per
 * seeded row, all in one transaction: a year of single changes leaves them a few pages, so they are
 * compacted as after any bulk load (VACUUM FULL of a few thousand rows, a moment).
 */
async function compactRunningCounts(client) {
  await client.query('vacuum (full, analyze) queue_counts, requester_figures, worker_figures');
  // The seed's (or the last run's clean-up's) writes flushed now, not by a checkpoint spread over
  // the timed reads (the 800,000-row delete fills a checkpoint's worth of WAL).
  await client.query('checkpoint');
}

/** One export of the requests, streamed and read to the end; the API's memory sampled meanwhile. */
export async function exportOnce(product, adminToken) {
  const base = `${product.base}/api/v1`;
  const pid = product.pid;
  const rssBefore = pid ? rssMb(pid) : null;
  const samples = [];
  const sampler = setInterval(() => pid && samples.push(rssMb(pid)), 200);
  const e0 = performance.now();
  const res = await fetch(`${base}/admin/export/requests?format=csv`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  clearInterval(sampler);
  return {
    status: res.status,
    rows: Math.max(0, lines - 1),
    megabytes: round(bytes / 1e6, 1),
    seconds: round((performance.now() - e0) / 1000, 1),
    apiRssBeforeMb: rssBefore,
    apiRssMaxDuringMb: samples.length ? Math.max(...samples) : null,
    apiPeakRssMb: pid ? peakRssMb(pid) : null,
  };
}

/** Finished requests (no tasks) added until the table holds `total` rows: the export's size. */
export async function topUpRequests(client, total) {
  const { rows } = await client.query('select count(*)::int as n from requests');
  const missing = total - rows[0].n;
  if (missing <= 0) return 0;
  await client.query(`insert into requests (requester_id, document_type, status, priority, metadata, created_at, updated_at, completed_at)
    select p.requesters[1 + (i % array_length(p.requesters, 1))], 'pdf', 'completed', 'medium',
      jsonb_build_object('url', '${ARCHIVE_URL_PREFIX}' || i || '.pdf'),
      now() - interval '1 year' - (i % 525600) * interval '1 minute',
      now() - interval '1 year' - (i % 525600) * interval '1 minute',
      now() - interval '1 year' - (i % 525600) * interval '1 minute' + interval '2 hours'
    from generate_series(1, ${missing}) i,
      (select array_agg(id) as requesters from users where user_type = 'requester') p`);
  await client.query('vacuum analyze requests');
  return missing;
}

/** The hot reads under 50 callers, and one streamed export, against a seeded product. */
export async function measure(product, adminToken, callers) {
  const base = `${product.base}/api/v1`;
  const workerTokens = callers.map((c) => c.token);
  // Warm-up: first plans, first summary.
  await api(product.base, '/worker/tasks?limit=20', { token: workerTokens[0] });
  await api(product.base, '/admin/stats', { token: adminToken });
  const workerTasks = await load(`${base}/worker/tasks?limit=20`, workerTokens);
  const adminStats = await load(`${base}/admin/stats`, [adminToken]);
  const lists = {};
  for (const kind of ['workers', 'requesters', 'requests']) {
    lists[kind] = await load(`${base}/admin/${kind}?page=1&limit=20`, [adminToken], Math.ceil(SECONDS / 2));
  }
  // Below capacity: the same callers at a share of the throughput each reached, evenly spaced.
  const below = {
    share: PACED_SHARE,
    workerTasks: await paced(`${base}/worker/tasks?limit=20`, workerTokens, workerTasks.rps * PACED_SHARE),
    adminStats: await paced(`${base}/admin/stats`, [adminToken], adminStats.rps * PACED_SHARE),
    adminLists: {},
  };
  for (const kind of ['workers', 'requesters', 'requests']) {
    below.adminLists[kind] = await paced(
      `${base}/admin/${kind}?page=1&limit=20`,
      [adminToken],
      lists[kind].rps * PACED_SHARE,
      Math.ceil(SECONDS / 2),
    );
  }

  const exportRequests = await exportOnce(product, adminToken);

  return {
    callers: CALLERS,
    secondsPerLoad: SECONDS,
    workerTasks,
    adminStats,
    adminLists: lists,
    adminListsP99Max: Math.max(...Object.values(lists).map((l) => l.p99)),
    closedLoop:
      '50 callers each sending again when answered: the throughput at saturation, where p99 is mostly queueing (50 ÷ throughput)',
    belowCapacity: below,
    exportRequests,
    p99Checks: {
      workerTasksUnder50ms: workerTasks.p99 < 50,
      adminStatsUnder250ms: adminStats.p99 < 250,
      adminListsUnder100ms: Math.max(...Object.values(lists).map((l) => l.p99)) < 100,
    },
  };
}

/**
 * A year of data on one box: Postgres seeded with 1,000,000 tasks, 200,000 requests and 10,000
 * reviewers; the hot reads under 50 concurrent callers, and a CSV export's memory.
 */
export async function scaleBench() {
  const kept = KEEP_DB ? await keptDatabase('scale', holdsThisSeed) : undefined;
  const bench = await startBenchProduct('scale', kept);
  const { db, product, adminToken } = bench;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const callers = [];
    let seedSeconds = null;
    if (kept?.reused) {
      for (let i = 0; i < CALLERS; i += 10) {
        callers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, k) => signIn(product.base, `scale-w${i + k}@acme-corp.io`)),
          )),
        );
      }
      // The previous run's export top-up goes, so the timed reads see the seeded sizes.
      const removed = await client.query(
        `delete from requests where metadata->>'url' like '${ARCHIVE_URL_PREFIX}%'`,
      );
      if (removed.rowCount > 0) await client.query('vacuum analyze requests');
      await compactRunningCounts(client);
    } else {
      await registerRequester(product.base, 'scale-requester@acme-corp.io');
      for (let i = 0; i < CALLERS; i += 10) {
        callers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, k) =>
              registerWorker(product.base, adminToken, `scale-w${i + k}@acme-corp.io`),
            ),
          )),
        );
      }
      await client.query(`update users set is_approved = true where user_type = 'worker'`);
      const t0 = performance.now();
      await seed(client);
      seedSeconds = round((performance.now() - t0) / 1000, 1);
    }
    const counts = (
      await client.query(`select (select count(*) from tasks)::int as tasks, (select count(*) from requests)::int as requests,
        (select count(*) from users where user_type = 'worker')::int as reviewers,
        (select count(*) from assignments)::int as assignments,
        (select count(*) from tasks where status = 'available')::int as available`)
    ).rows[0];

    const measured = await measure(product, adminToken, callers);
    // The 1,000,000-row export: the requests table grown (after the timed reads) to that size.
    const t1 = performance.now();
    const added = await topUpRequests(client, EXPORT_ROWS);
    const exportLarge = { requestsAdded: added, seedSeconds: round((performance.now() - t1) / 1000, 1) };
    Object.assign(exportLarge, await exportOnce(product, adminToken));
    return {
      seeded: { ...counts, seconds: seedSeconds, reused: Boolean(kept?.reused) },
      ...measured,
      exportLarge,
    };
  } finally {
    await client.end();
    await bench.close();
  }
}
