#!/usr/bin/env node
/**
 * Browser measurements of the Reviewer workspace, printed as one JSON object on stdout:
 *
 *   queue10k    the Priority Queue with 10,000 available tasks: first render, server-side filter /
 *               search / sort round trips, a jump to the end of the list, rows in the DOM.
 *               The list calls are answered by route interception with the server's paging and
 *               filtering (the API's own list speed is measured by the API benchmark), so this is
 *               the browser's part.
 *   grid50k     a CSV task whose stored copy has 50,000 rows (issue 13): time to the grid with the
 *               anchored cell outlined, then frames per second while the grid scrolls from top to
 *               bottom (one scroll step per frame, 3 s), and the longest frame.
 *   pdf30       tasks whose stored copy is a 30-page PDF with the value anchored on page 17: from
 *               Start Task (the task selected first, so its document is prefetched) to the anchor
 *               box drawn on its rendered page, p50/p95 over BENCH_PDF_TASKS (default 20).
 *   submitNext  the real product: from clicking "Accept AI Result" to the next task rendered
 *               (header + table), and to its PDF text layer drawn, p50/p95 over BENCH_SUBMITS
 *               tasks (default 50) made from PDFs through requests and the extraction job.
 *
 * Usage: node e2e/bench/reviewer-ui.mjs   (after `pnpm build`; Chromium at CHROMIUM_PATH)
 * BENCH_BASE_URL=http://127.0.0.1:8080 with BENCH_ADMIN_EMAIL/BENCH_ADMIN_PASSWORD uses a running
 * product instead of starting one.
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
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 50);
const QUEUE_SIZE = Number(process.env.BENCH_QUEUE_TASKS ?? 10_000);
const ADMIN = {
  email: process.env.BENCH_ADMIN_EMAIL ?? 'bench-admin@acme-corp.io',
  password: process.env.BENCH_ADMIN_PASSWORD ?? 'bench-Admin-2024',
};
const log = (...args) => console.error('[reviewer-ui]', ...args);

// ---------------------------------------------------------------------------------------------
// Product

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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sieve-reviewer-bench-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      REDIS_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
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
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

function apiClient(port) {
  return async function api(method, pathname, { token, body, form } = {}) {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1${pathname}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: form ?? (body ? JSON.stringify(body) : undefined),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (value === null ? null : Math.round(value * 10) / 10);
const summary = (values) => ({
  p50: ms(percentile(values, 50)),
  p95: ms(percentile(values, 95)),
  max: ms(Math.max(...values)),
  n: values.length,
});

// ---------------------------------------------------------------------------------------------
// The 10,000-task queue

function makeTasks(count) {
  const types = ['pdf', 'sec', 'csv', 'website', 'excel'];
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    task_id: `${(i * 2654435761).toString(16).padStart(8, '0').slice(-8)}-${i.toString(16).padStart(4, '0')}-4000-8000-${i.toString(16).padStart(12, '0')}`,
    request_id: `r${i}`,
    document_type: types[i % types.length],
    created_at: new Date(now - (count - i) * 60_000).toISOString(),
    status: 'available',
    priority: i % 7 === 0 ? 3 : 2,
    required_reviews: 2,
    metadata: { name: `Company ${i} annual report`, ticker: i % 5 === 1 ? `T${i % 1000}` : null },
    original_request: { metadata: {} },
    ai_result: {
      result: {
        total_revenue: {
          value: 1000 + i,
          location: 'page 1, line 3',
          source_text: `Total revenue: ${1000 + i}`,
        },
      },
      confidence_score: [-0.02, -0.1, -0.3][i % 3],
    },
    claim: null,
  }));
}

async function serveQueue(page, tasks) {
  const sorts = {
    priority: (a, b) => b.priority - a.priority || a.created_at.localeCompare(b.created_at),
    newest: (a, b) => b.created_at.localeCompare(a.created_at),
    oldest: (a, b) => a.created_at.localeCompare(b.created_at),
    type_asc: (a, b) => a.document_type.localeCompare(b.document_type),
    type_desc: (a, b) => b.document_type.localeCompare(a.document_type),
    id_asc: (a, b) => a.task_id.localeCompare(b.task_id),
    id_desc: (a, b) => b.task_id.localeCompare(a.task_id),
  };
  const stats = {
    tasksCompleted: 0,
    tasksCompletedToday: 0,
    averageTime: 0,
    qualityScore: null,
    streak: 0,
    totalTimeSpent: 0,
    leaderboard: { rank: null, previousRank: null, reviewers: 0, tasksThisWeek: 0 },
  };
  await page.route(/\/api\/v1\/worker\//, (route) => {
    const url = new URL(route.request().url());
    const json = (body) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    if (url.pathname.endsWith('/worker/stats')) return json(stats);
    if (!url.pathname.endsWith('/worker/tasks')) return json({});
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const type = url.searchParams.get('document_type');
    const pageNumber = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const matching = tasks
      .filter((t) => !type || t.document_type === type)
      .filter(
        (t) =>
          !search ||
          t.task_id.includes(search) ||
          t.document_type.includes(search) ||
          t.metadata.name.toLowerCase().includes(search),
      )
      .sort(sorts[url.searchParams.get('sort') ?? 'priority'] ?? sorts.priority);
    return json({
      tasks: matching.slice((pageNumber - 1) * limit, pageNumber * limit),
      total: matching.length,
      page: pageNumber,
      limit,
    });
  });
}

/** Time in the page from `action` until `done()` holds, checked every animation frame. */
function timeUntil(page, action, done, arg) {
  return page.evaluate(
    async ({ action, done, arg }) => {
      const act = new Function('arg', action);
      const check = new Function('arg', done);
      const t0 = performance.now();
      await act(arg);
      return new Promise((resolve, reject) => {
        const deadline = t0 + 20_000;
        const tick = () => {
          if (check(arg)) resolve(performance.now() - t0);
          else if (performance.now() > deadline) reject(new Error(`timed out: ${done}`));
          else requestAnimationFrame(tick);
        };
        tick();
      });
    },
    { action, done, arg },
  );
}

async function measureQueue(browser, port) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const tasks = makeTasks(QUEUE_SIZE);
  await serveQueue(page, tasks);
  await page.addInitScript(() => {
    localStorage.setItem('authToken', 'bench-token');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'bench-worker');
    localStorage.setItem('userEmail', 'bench@acme-corp.io');
  });
  const origin = `http://reviewer.localhost:${port}`;
  const started = Date.now();
  await page.goto(`${origin}/worker/dashboard`);
  await page.waitForFunction(
    (n) =>
      document.querySelector('.sv-queue__footer')?.textContent === `${n} of ${n} tasks` &&
      document.querySelector('.sv-queue-row__main'),
    QUEUE_SIZE,
    { polling: 'raf', timeout: 30_000 },
  );
  const firstRenderFromNavigationMs = Date.now() - started;
  const domRows = await page.locator('.sv-queue-row').count();

  const runs = { search: [], typeFilter: [], sort: [], clearFilter: [], jumpToEnd: [] };
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  const search = page.getByLabel('Search tasks');
  const footerIs = (text) =>
    page.waitForFunction(
      (expected) =>
        document.querySelector('.sv-queue__footer')?.textContent === expected &&
        document.querySelector('.sv-queue-row') !== null &&
        document.querySelector('.sv-queue-row--placeholder') === null,
      text,
      { polling: 'raf', timeout: 20_000 },
    );
  /** Wall time from the action to the list drawn (includes one Playwright round trip, ~2 ms). */
  const timed = async (action, expectedFooter) => {
    const t0 = performance.now();
    await action();
    await footerIs(expectedFooter);
    return performance.now() - t0;
  };
  const all = `${QUEUE_SIZE} of ${QUEUE_SIZE} tasks`;
  const matches = (predicate) => `${tasks.filter(predicate).length} of ${QUEUE_SIZE} tasks`;
  for (const term of ['company 42', 'annual report', '-0001-', 'company 777', 'sec']) {
    const expected = matches(
      (t) =>
        t.task_id.includes(term) ||
        t.document_type.includes(term) ||
        t.metadata.name.toLowerCase().includes(term),
    );
    // Enter applies the search at once (typing waits for a 300 ms pause).
    runs.search.push(
      await timed(async () => {
        await search.fill(term);
        await search.press('Enter');
      }, expected),
    );
    runs.clearFilter.push(
      await timed(async () => {
        await search.fill('');
        await search.press('Enter');
      }, all),
    );
  }
  const [typeSelect, sortSelect] = await page.locator('.sv-queue-filters select').all();
  for (const type of ['pdf', 'sec', 'csv', 'website', 'excel']) {
    runs.typeFilter.push(
      await timed(
        () => typeSelect.selectOption(type),
        matches((t) => t.document_type === type),
      ),
    );
  }
  await typeSelect.selectOption('');
  await footerIs(all);
  for (const sort of ['newest', 'oldest', 'type_asc', 'id_desc', 'priority']) {
    const first = [...tasks].sort(
      {
        newest: (a, b) => b.created_at.localeCompare(a.created_at),
        oldest: (a, b) => a.created_at.localeCompare(b.created_at),
        type_asc: (a, b) => a.document_type.localeCompare(b.document_type),
        id_desc: (a, b) => b.task_id.localeCompare(a.task_id),
        priority: (a, b) => b.priority - a.priority || a.created_at.localeCompare(b.created_at),
      }[sort],
    )[0];
    const t0 = performance.now();
    await sortSelect.selectOption(sort);
    await page.waitForFunction(
      (id) => document.querySelector('.sv-queue-row')?.getAttribute('data-task-id') === id,
      first.task_id,
      { polling: 'raf', timeout: 20_000 },
    );
    runs.sort.push(performance.now() - t0);
  }
  // Jump to the end of 10,000 rows: the last page is fetched and drawn.
  for (let i = 0; i < 3; i++) {
    runs.jumpToEnd.push(
      await timeUntil(
        page,
        `const list = document.querySelector('.sv-queue__list'); list.scrollTop = arg ? list.scrollHeight : 0;`,
        `const slots = [...document.querySelectorAll('.sv-queue__slot')];
         const last = slots.some((s) => s.getAttribute('aria-posinset') === String(${QUEUE_SIZE}));
         return (arg ? last : slots.some((s) => s.getAttribute('aria-posinset') === '1')) && !document.querySelector('.sv-queue-row--placeholder');`,
        i % 2 === 0,
      ),
    );
  }
  const domRowsAtEnd = await page.locator('.sv-queue__slot').count();
  await context.close();
  return {
    tasks: QUEUE_SIZE,
    firstRenderFromNavigationMs,
    rowsInDom: domRows,
    rowsInDomAfterScroll: domRowsAtEnd,
    searchMs: summary(runs.search),
    clearSearchMs: summary(runs.clearFilter),
    typeFilterMs: summary(runs.typeFilter),
    sortMs: summary(runs.sort),
    jumpToEndMs: summary(runs.jumpToEnd),
  };
}

// ---------------------------------------------------------------------------------------------
// Submit → next task, on the real product

async function makePdf(browser, index) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<body style="font: 14px Arial; padding: 40px"><h1>Company ${index} Annual Report</h1>
    <p>Fiscal year ended December 31, 2024</p><p>Total revenue: $${(1000 + index * 7.5).toFixed(1)} million</p>
    <p>Gross margin: ${30 + (index % 20)}%</p></body>`);
  const pdf = await page.pdf({ format: 'Letter' });
  await context.close();
  return pdf;
}

async function seedTasks(browser, api, count) {
  const admin = await api('POST', '/auth/login', { body: ADMIN });
  const invite = await api('POST', '/admin/generate_invite', {
    token: admin.token,
    body: { role: 'worker' },
  });
  const stamp = Date.now().toString(36);
  const worker = { email: `bench-reviewer-${stamp}@acme-corp.io`, password: 'bench-Review-2024' };
  const registered = await api('POST', '/auth/register', {
    body: { ...worker, full_name: 'Bench Reviewer', user_type: 'worker', invite_code: invite.invite_code },
  });
  await fetch(`${api.base}/admin/workers/${registered.user_id}/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ active: true }),
  });
  const tag = `bench${stamp}`;
  let requester;
  for (let i = 0; i < count; i++) {
    // The Free plan allows 10 requests a day: a new requester every 10.
    if (i % 10 === 0) {
      const account = { email: `bench-requester-${stamp}-${i}@acme-corp.io`, password: 'bench-Request-2024' };
      await api('POST', '/auth/register', {
        body: { ...account, full_name: 'Bench Requester', user_type: 'requester' },
      });
      requester = await api('POST', '/auth/login', { body: account });
    }
    const form = new FormData();
    const filename = `${tag}-${String(i + 1).padStart(3, '0')}.pdf`;
    form.append('file', new Blob([await makePdf(browser, i)], { type: 'application/pdf' }), filename);
    const upload = await api('POST', '/files', { token: requester.token, form });
    await api('POST', '/requests', {
      token: requester.token,
      body: {
        document_type: 'pdf',
        metadata: {
          file_id: upload.file_id,
          file_url: upload.file_url,
          filename,
          data_points: ['Total revenue', 'Gross margin'],
        },
      },
    });
  }
  const session = await api('POST', '/auth/login', { body: worker });
  for (let waited = 0; ; waited += 500) {
    const list = await api('GET', `/worker/tasks?limit=1&search=${tag}`, { token: session.token });
    if (list.total >= count) break;
    if (waited > 180_000) throw new Error(`only ${list.total} of ${count} tasks appeared`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { session, email: worker.email, tag };
}

async function measureSubmitNext(browser, port) {
  const api = apiClient(port);
  api.base = `http://127.0.0.1:${port}/api/v1`;
  const seededAt = Date.now();
  const { session, email, tag } = await seedTasks(browser, api, SUBMITS + 1);
  const seedSeconds = (Date.now() - seededAt) / 1000;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const origin = `http://reviewer.localhost:${port}`;
  await page.goto(`${origin}/login`);
  await page.evaluate(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { authToken: session.token, userType: 'worker', userId: session.user_id, userEmail: email },
  );
  await page.goto(`${origin}/worker/dashboard`);
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await page.getByLabel('Search tasks').fill(tag);
  await page.getByLabel('Search tasks').press('Enter');
  await page.waitForFunction(
    (n) => document.querySelector('.sv-queue__footer')?.textContent?.startsWith(`${n} of`),
    SUBMITS + 1,
  );
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await page.locator('article.sv-review .textLayer span').first().waitFor({ timeout: 30_000 });

  const rendered = [];
  const pdfReady = [];
  for (let i = 0; i < SUBMITS; i++) {
    // Let the prefetch of the next task happen as it would while a reviewer reads.
    await page.waitForTimeout(300);
    const result = await page.evaluate(async () => {
      const current = document.querySelector('article.sv-review')?.getAttribute('data-task-id');
      const button = [...document.querySelectorAll('article.sv-review button')].find((b) =>
        /Accept AI Result|Submit Edited Response/.test(b.textContent ?? ''),
      );
      if (!button) throw new Error('no submit button');
      const t0 = performance.now();
      button.click();
      let renderedAt = null;
      return new Promise((resolve, reject) => {
        const tick = () => {
          const article = document.querySelector('article.sv-review');
          const isNext = article && article.getAttribute('data-task-id') !== current;
          if (isNext && renderedAt === null && article.querySelector('tbody tr'))
            renderedAt = performance.now() - t0;
          if (isNext && article.querySelector('.textLayer span'))
            return resolve({ rendered: renderedAt ?? performance.now() - t0, pdf: performance.now() - t0 });
          if (performance.now() - t0 > 30_000) return reject(new Error('next task did not render'));
          requestAnimationFrame(tick);
        };
        tick();
      });
    });
    rendered.push(result.rendered);
    pdfReady.push(result.pdf);
  }
  await context.close();
  return {
    tasks: SUBMITS,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    submitToNextRenderedMs: summary(rendered),
    submitToNextPdfTextLayerMs: summary(pdfReady),
  };
}

async function measureGrid(browser, port) {
  const ROWS = 50_000;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const [task] = makeTasks(1);
  const fileUrl = '/api/v1/files/0b0b0b0b-0000-4000-8000-000000000050';
  Object.assign(task, {
    document_type: 'csv',
    metadata: { name: 'Fifty thousand rows', document_name: 'rows.csv', source_file_url: fileUrl },
    ai_result: {
      result: {
        'Row 40000 amount': {
          value: 40000.5,
          location: 'row 40001, column C',
          source_text: '40000.5',
          confidence: 0.9,
          anchor: { page: 1, box: [0, 0, 0, 0], row: 40001, column: 'C' },
        },
      },
      confidence_score: -0.1,
    },
  });
  await serveQueue(page, [task]);
  const grid = {
    sheets: [
      {
        name: 'Sheet1',
        rows: [
          ['id', 'name', 'amount', 'date', 'note'],
          ...Array.from({ length: ROWS }, (_, i) => [String(i), `Item ${i}`, `${i}.5`, '2024-03-14', 'ok']),
        ],
        truncated: false,
      },
    ],
  };
  const gridBody = JSON.stringify(grid);
  await page.route(/\/api\/v1\/files\//, (route) =>
    route.request().url().endsWith('/grid')
      ? route.fulfill({ status: 200, contentType: 'application/json', body: gridBody })
      : route.fulfill({ status: 200, contentType: 'text/csv', body: 'id,name\n' }),
  );
  await page.addInitScript(() => {
    localStorage.setItem('authToken', 'bench-token');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'bench-worker');
    localStorage.setItem('userEmail', 'bench@acme-corp.io');
  });
  await page.goto(`http://reviewer.localhost:${port}/worker/dashboard`);
  await page.getByRole('button', { name: 'Start Task' }).first().waitFor();
  const opened = Date.now();
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await page.getByRole('button', { name: /^Show source of Row 40000 amount/ }).click();
  await page.locator('[data-testid="anchor-cell"][data-cell="C40001"]').waitFor({ timeout: 30_000 });
  const openToCellMs = Date.now() - opened;
  const scroll = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const scroller = document.querySelector('.sv-grid__scroller');
        scroller.scrollTop = 0;
        const frames = [];
        let last = performance.now();
        const end = last + 3_000;
        const step = Math.max(400, scroller.scrollHeight / 180);
        const tick = (now) => {
          frames.push(now - last);
          last = now;
          scroller.scrollTop += step;
          if (now < end) requestAnimationFrame(tick);
          else resolve({ frames: frames.length, seconds: 3, longestFrameMs: Math.max(...frames.slice(1)) });
        };
        requestAnimationFrame(tick);
      }),
  );
  await context.close();
  return {
    rows: ROWS,
    openToAnchoredCellMs: openToCellMs,
    scrollFps: Math.round((scroll.frames / scroll.seconds) * 10) / 10,
    longestFrameMs: Math.round(scroll.longestFrameMs * 10) / 10,
  };
}

async function makeLongPdf(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pages = Array.from(
    { length: 30 },
    (_, i) => `<section style="page-break-after: always; font: 14px Arial; padding: 40px">
      <h2>Note ${i + 1}</h2>${'<p>Operating expenses were managed carefully throughout the year. </p>'.repeat(20)}
      <table><tr><td>Total revenue</td><td>${(1000 + i).toFixed(1)}</td></tr></table></section>`,
  ).join('');
  await page.setContent(`<body style="margin:0">${pages}</body>`);
  const pdf = await page.pdf({ format: 'Letter', margin: { top: 0, bottom: 0, left: 0, right: 0 } });
  await context.close();
  return pdf;
}

async function measurePdf30(browser, port) {
  const COUNT = Number(process.env.BENCH_PDF_TASKS ?? 20);
  const pdf = await makeLongPdf(browser);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const tasks = makeTasks(COUNT).map((task, i) => ({
    ...task,
    document_type: 'pdf',
    priority: 2,
    metadata: {
      name: `Long report ${i}`,
      document_name: `long-${i}.pdf`,
      source_file_url: `/api/v1/files/0c0c0c0c-0000-4000-8000-${String(i).padStart(12, '0')}`,
    },
    ai_result: {
      result: {
        total_revenue: {
          value: 1016,
          location: 'page 17',
          source_text: '1016.0',
          confidence: 0.97,
          anchor: { page: 17, box: [0.2, 0.62, 0.3, 0.64] },
        },
      },
      confidence_score: -0.03,
    },
  }));
  await serveQueue(page, tasks);
  await page.route(/\/api\/v1\/files\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: pdf }),
  );
  await page.addInitScript(() => {
    localStorage.setItem('authToken', 'bench-token');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'bench-worker');
    localStorage.setItem('userEmail', 'bench@acme-corp.io');
  });
  await page.goto(`http://reviewer.localhost:${port}/worker/dashboard`);
  await page.locator('.sv-queue-row').first().waitFor();
  const times = [];
  for (let i = 0; i < COUNT; i++) {
    // Select the task in the queue, as a reviewer looks before opening: its document prefetches.
    await page
      .locator('.sv-queue-row__name', { hasText: `Long report ${i}` })
      .first()
      .click();
    await page.waitForTimeout(400);
    const ms = await page.evaluate(async (name) => {
      const row = [...document.querySelectorAll('.sv-queue-row')].find((r) => r.textContent?.includes(name));
      const start = [...(row?.querySelectorAll('button') ?? [])].find((b) =>
        b.textContent?.includes('Start Task'),
      );
      const button =
        start ?? [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Start Task');
      if (!button) throw new Error('no Start Task');
      const t0 = performance.now();
      button.click();
      return new Promise((resolve, reject) => {
        const tick = () => {
          const page17 = document.querySelector('article.sv-review .sv-pdf__page[data-page="17"]');
          const drawn =
            page17?.querySelector('[data-testid="anchor-box"]') && page17.querySelector('canvas')?.width;
          if (drawn && document.querySelector('#source-title')?.textContent?.includes(name.split(' ').pop()))
            return resolve(performance.now() - t0);
          if (performance.now() - t0 > 20_000) return reject(new Error('box not drawn'));
          requestAnimationFrame(tick);
        };
        tick();
      });
    }, `Long report ${i}`);
    times.push(ms);
    await page.getByRole('button', { name: 'Back to Queue' }).click();
  }
  await context.close();
  return { tasks: COUNT, pages: 30, startToAnchorBoxMs: summary(times) };
}

// ---------------------------------------------------------------------------------------------

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
const results = { machine: { cpus: (await import('node:os')).cpus().length } };
try {
  // BENCH_ONLY=grid measures the grid alone.
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'queue') {
    log('queue with', QUEUE_SIZE, 'tasks');
    results.queue10k = await measureQueue(browser, product.port);
  }
  if (!only || only === 'grid') {
    log('grid with 50,000 rows');
    results.grid50k = await measureGrid(browser, product.port);
  }
  if (!only || only === 'pdf') {
    log('30-page PDFs to the anchored value');
    results.pdf30 = await measurePdf30(browser, product.port);
  }
  if (!only || only === 'submit') {
    log('submit → next over', SUBMITS, 'tasks');
    results.submitNext = await measureSubmitNext(browser, product.port);
  }
} catch (error) {
  results.error = String(error?.stack ?? error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await product.stop();
}
console.log(JSON.stringify(results, null, 2));
