#!/usr/bin/env node
/**
 * First paint of each app's dashboard on localhost, printed as one JSON object on stdout (issue 15):
 * for the requester, reviewer and admin dashboards, BENCH_LOADS (default 10) cold loads each — a
 * fresh browser context every time (no HTTP cache, no service worker), signed in through storage —
 * and the p50/p95 of
 *   fcp        first contentful paint (the browser's paint timing);
 *   firstData  the first data call of the screen answered (its responseEnd), from navigation start;
 *   apiStart   when that call started: late starts mean a waterfall of chunks before it.
 *
 * Usage: node e2e/bench/first-paint.mjs   (after `pnpm build`; Chromium at CHROMIUM_PATH)
 * BENCH_BASE_URL=http://127.0.0.1:8080 with BENCH_ADMIN_EMAIL/BENCH_ADMIN_PASSWORD measures a
 * running product instead of starting one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const ADMIN = {
  email: process.env.BENCH_ADMIN_EMAIL ?? 'bench-admin@acme-corp.io',
  password: process.env.BENCH_ADMIN_PASSWORD ?? 'bench-Admin-2024',
};
const PASSWORD = 'bench-pass-2024';
const log = (...args) => console.error('[first-paint]', ...args);

/** The first call of each dashboard that brings its data (not the health probe, not auth). */
const FIRST_DATA = {
  requester: /\/api\/v1\/requests\?/,
  reviewer: /\/api\/v1\/worker\/tasks/,
  admin: /\/api\/v1\/admin\/stats/,
};
const AREA = { requester: 'requester', reviewer: 'worker', admin: 'admin' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startProduct() {
  if (process.env.BENCH_BASE_URL) {
    const url = new URL(process.env.BENCH_BASE_URL);
    return { port: Number(url.port || 80), stop: async () => {} };
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sieve-first-paint-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'sieve-bench-jwt-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      API_RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status === 200) break;
    } catch {}
    if (child.exitCode !== null || i > 1200) throw new Error(`the product did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(port, method, pathname, { token, body } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1${pathname}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A signed-in account of each role, and a few requests so every dashboard has data to show. */
async function seed(port) {
  const tag = Date.now().toString(36);
  const admin = await api(port, 'POST', '/auth/login', { body: ADMIN });
  const requesterEmail = `bench-requester-${tag}@acme-corp.io`;
  await api(port, 'POST', '/auth/register', {
    body: { email: requesterEmail, password: PASSWORD, full_name: 'Bench Requester', user_type: 'requester' },
  });
  const requester = await api(port, 'POST', '/auth/login', {
    body: { email: requesterEmail, password: PASSWORD },
  });
  for (let i = 0; i < 8; i++) {
    await api(port, 'POST', '/requests', {
      token: requester.token,
      body: {
        document_type: 'custom_prompt',
        metadata: {
          custom_prompt: 'Find the totals',
          text: `Total revenue: $${i + 1} million`,
          ai_only_mode: i % 2 === 0,
        },
      },
    });
  }
  const invite = await api(port, 'POST', '/admin/generate_invite', {
    token: admin.token,
    body: { role: 'worker' },
  });
  const workerEmail = `bench-reviewer-${tag}@acme-corp.io`;
  await api(port, 'POST', '/auth/register', {
    body: {
      email: workerEmail,
      password: PASSWORD,
      full_name: 'Bench Reviewer',
      user_type: 'worker',
      invite_code: invite.invite_code,
    },
  });
  const worker = await api(port, 'POST', '/auth/login', { body: { email: workerEmail, password: PASSWORD } });
  await api(port, 'PUT', `/admin/workers/${worker.user_id}/status`, {
    token: admin.token,
    body: { active: true },
  });
  return {
    requester: { ...requester, email: requesterEmail },
    reviewer: { ...worker, email: workerEmail },
    admin: { ...admin, email: ADMIN.email },
  };
}

/**
 * Waits until the extraction of the seeded requests is over (each completed or holding its AI
 * result): the product runs it in-process, and a dashboard loaded meanwhile measures the
 * extraction's use of the CPU rather than the page. Returns how long that took.
 */
async function waitForExtraction(port, session) {
  const started = Date.now();
  // The list answers summaries (no AI result): a request still open is opened to see whether its
  // AI result is in (it then waits for its review).
  const extracted = async (r) =>
    r.status === 'completed' ||
    r.status === 'failed' ||
    Boolean((await api(port, 'GET', `/requests/${r.request_id}`, { token: session.token })).ai_result);
  for (;;) {
    const { requests } = await api(port, 'GET', '/requests?page=1&limit=50', { token: session.token });
    if ((await Promise.all(requests.map(extracted))).every(Boolean)) break;
    if (Date.now() - started > 120_000)
      throw new Error('the seeded requests were not extracted in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

const percentile = (values, p) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};

/** One cold load of the app's dashboard in a fresh context; its paint and data timings. */
async function coldLoad(browser, origin, app, session) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ({ token, userType, userId, email }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('userType', userType);
      localStorage.setItem('userId', userId);
      localStorage.setItem('userEmail', email);
    },
    { token: session.token, userType: session.user_type, userId: session.user_id, email: session.email },
  );
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/${AREA[app]}/dashboard`, { waitUntil: 'load' });
    const pattern = FIRST_DATA[app].source;
    const timing = await page.waitForFunction(
      (source) => {
        const re = new RegExp(source);
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const call = performance
          .getEntriesByType('resource')
          .filter((entry) => re.test(entry.name) && entry.responseEnd > 0)
          .sort((a, b) => a.startTime - b.startTime)[0];
        if (!fcp || !call) return null;
        return { fcp: fcp.startTime, firstData: call.responseEnd, apiStart: call.startTime };
      },
      pattern,
      { timeout: 15_000, polling: 50 },
    );
    return await timing.jsonValue();
  } finally {
    await context.close();
  }
}

const product = await startProduct();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const sessions = await seed(product.port);
  log(`seeded requests extracted after ${await waitForExtraction(product.port, sessions.requester)} ms`);
  const results = { loads: LOADS };
  for (const app of ['requester', 'reviewer', 'admin']) {
    const origin = `http://${app}.localhost:${product.port}`;
    await coldLoad(browser, origin, app, sessions[app]); // warm the server's own caches, not counted
    const runs = [];
    for (let i = 0; i < LOADS; i++) runs.push(await coldLoad(browser, origin, app, sessions[app]));
    results[app] = {
      fcpMs: {
        p50: percentile(
          runs.map((r) => r.fcp),
          50,
        ),
        p95: percentile(
          runs.map((r) => r.fcp),
          95,
        ),
      },
      firstDataMs: {
        p50: percentile(
          runs.map((r) => r.firstData),
          50,
        ),
        p95: percentile(
          runs.map((r) => r.firstData),
          95,
        ),
      },
      firstDataCallStartMs: {
        p50: percentile(
          runs.map((r) => r.apiStart),
          50,
        ),
      },
    };
    log(app, JSON.stringify(results[app]));
  }
  console.log(JSON.stringify(results, null, 2));
} finally {
  await browser.close();
  await product.stop();
}
