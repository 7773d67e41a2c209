import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n, digits = 1) => (n === null || n === undefined ? null : Number(n.toFixed(digits)));

/**
 * An open loop: starts `job(i, due)` `rate` times a second for `seconds`, evenly spaced, whatever
 * the answers (a closed loop's callers wait for theirs, so its p99 is mostly queueing). `due` is
 * when job `i` was meant to start: its latency counts from then. Resolves when every job has
 * settled, with how many ran and the seconds they took.
 */
export async function evenlySpaced(rate, seconds, job) {
  const count = Math.max(1, Math.round(rate * seconds));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const due = t0 + (i / rate) * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await job(i, due);
    }),
  );
  return { count, seconds: (performance.now() - t0) / 1000 };
}

/** A fresh database on the benchmark Postgres; dropped by the returned function. */
export async function freshDatabase(tag) {
  const name = `sieve_bench_${tag}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A database kept between runs (`sieve_bench_<tag>_kept`), so a long seed is paid once: `isReusable`
 * decides from its contents whether to keep it; otherwise it is dropped and created afresh.
 */
export async function keptDatabase(tag, isReusable) {
  const name = `sieve_bench_${tag}_kept`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    let reused = false;
    if (exists) {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        reused = await isReusable(c).catch(() => false);
      } finally {
        await c.end();
      }
      if (!reused) await admin.query(`drop database ${name} with (force)`);
    }
    if (!reused) await admin.query(`create database ${name}`);
    return { url: url.toString(), reused, drop: async () => {} };
  } finally {
    await admin.end();
  }
}

export async function postgresReachable() {
  const c = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts the built product (apps/api/dist/main.js) and resolves once /api/v1/health is 200. */
export async function startProduct(env = {}, nodeArgs = []) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sieve-bench-'));
  const started = process.hrtime.bigint();
  // BENCH_CPU_PROF_DIR: every product started writes a CPU profile there (node --cpu-prof) on exit.
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...nodeArgs, path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Load generators are one caller from one address: the per-caller API budget would cap them.
      API_RATE_LIMIT_PER_MINUTE: '0',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'sieve-bench-jwt-secret-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.status === 200) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`product exited: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const secondsToHealthy = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    base,
    port,
    pid: child.pid,
    dataDir,
    secondsToHealthy,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function api(base, pathname, { token, method = 'GET', body, headers = {} } = {}) {
  const res = await fetch(`${base}/api/v1${pathname}`, {
    method,
    headers: {
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, text };
}

const BENCH_ADMIN = { email: 'bench@acme-corp.io', password: 'bench-pass-1' };
/** Opens the product's /api/v1/metrics to the benchmark (METRICS_TOKEN; closed without one). */
const BENCH_METRICS_TOKEN = 'sieve-bench-metrics-token-0123456789';

/**
 * The API process's event-loop delay since the last scrape, in ms, from its Prometheus metrics
 * (prom-client's default metrics: perf_hooks.monitorEventLoopDelay, whose histogram each scrape
 * reads and resets). Scrape once before a phase to start its window, once after to read it. Each
 * sample is the interval between two 10 ms timer ticks, so an idle loop reads about 10 ms.
 */
export async function scrapeEventLoopDelay(base) {
  const res = await fetch(`${base}/api/v1/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`GET /api/v1/metrics: ${res.status}`);
  const text = await res.text();
  const ms = (stat) => {
    const match = new RegExp(`^sieve_nodejs_eventloop_lag_${stat}_seconds(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(
      text,
    );
    return match ? round(Number(match[1]) * 1000, 1) : null;
  };
  return { p50: ms('p50'), p90: ms('p90'), p99: ms('p99'), max: ms('max'), mean: ms('mean') };
}

/** The product on a fresh Postgres database (or the one given), with its admin signed in. */
export async function startBenchProduct(tag, database) {
  const db = database ?? (await freshDatabase(tag));
  const product = await startProduct({
    DATABASE_URL: db.url,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  });
  const admin = (await api(product.base, '/auth/login', { method: 'POST', body: BENCH_ADMIN })).body;
  return {
    db,
    product,
    adminToken: admin.token,
    close: async () => {
      await product.stop();
      await db.drop();
    },
  };
}

/** A reviewer through the front door: invite, sign-up (approval is the caller's). */
export async function registerWorker(base, adminToken, email) {
  const invite = (
    await api(base, '/admin/generate_invite', { method: 'POST', token: adminToken, body: { role: 'worker' } })
  ).body;
  return (
    await api(base, '/auth/register', {
      method: 'POST',
      body: {
        email,
        password: BENCH_ADMIN.password,
        full_name: email.split('@')[0],
        user_type: 'worker',
        invite_code: invite.invite_code,
      },
    })
  ).body;
}

/** A reviewer or requester registered by an earlier run on a kept database. */
export async function signIn(base, email) {
  return (await api(base, '/auth/login', { method: 'POST', body: { email, password: BENCH_ADMIN.password } }))
    .body;
}

export async function registerRequester(base, email) {
  return (
    await api(base, '/auth/register', {
      method: 'POST',
      body: { email, password: BENCH_ADMIN.password, full_name: email.split('@')[0], user_type: 'requester' },
    })
  ).body;
}
