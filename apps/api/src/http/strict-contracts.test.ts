import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../db/schema';
import { HeuristicProvider } from '../extraction';
import { createExtractionProcessor } from '../modules/requests/extraction.processor';
import { createTestApp, type TestContext, testLogger } from '../test/app';
import { createReviewTask } from '../test/tasks';
import { createUser } from '../test/users';

let ctx: TestContext;
let auth: Record<'requester' | 'worker' | 'admin', string>;
let taskId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const [requester, worker, admin] = await Promise.all([
    createUser(ctx.database.db, 'requester'),
    createUser(ctx.database.db, 'worker'),
    createUser(ctx.database.db, 'admin'),
  ]);
  auth = { requester: requester.auth, worker: worker.auth, admin: admin.auth };
  taskId = (await createReviewTask(ctx.database.db, requester.id)).task.id;
});
afterAll(() => ctx.close());

type Role = keyof typeof auth | 'anonymous';
type Call = [group: string, role: Role, method: 'get' | 'post' | 'put', path: () => string, body?: object];

const pdf = { document_type: 'pdf', metadata: { url: 'https://acme-corp.io/report.pdf' } };

/** One or more calls from every endpoint group, each with one key the contract does not know. */
const calls: Call[] = [
  [
    'auth',
    'anonymous',
    'post',
    () => '/auth/login',
    { email: 'a@acme-corp.io', password: 'x1', rememberme: 1 },
  ],
  ['auth', 'anonymous', 'post', () => '/auth/password-reset', { email: 'a@acme-corp.io', lang: 'en' }],
  ['auth', 'admin', 'post', () => '/admin/generate_invite', { role: 'worker', expiry: 7 }],
  ['requests', 'requester', 'post', () => '/requests', { ...pdf, priorty: 'high' }],
  [
    'requests (metadata)',
    'requester',
    'post',
    () => '/requests',
    { ...pdf, metadata: { ...pdf.metadata, datapoints: ['x'] } },
  ],
  ['requests (query)', 'requester', 'get', () => '/requests?page=1&stauts=completed'],
  ['worker (query)', 'worker', 'get', () => '/worker/tasks?page=1&sortby=oldest'],
  ['worker (no query)', 'worker', 'get', () => '/worker/stats?verbose=1'],
  [
    'worker (review)',
    'worker',
    'post',
    () => `/worker/tasks/${taskId}/review`,
    { response: { confidence_score: -0.1, result: {}, notes: 'x' } },
  ],
  ['worker (no body)', 'worker', 'post', () => `/worker/tasks/${taskId}/accept`, { force: true }],
  ['admin (query)', 'admin', 'get', () => '/admin/workers?page=1&order=asc'],
  ['admin (body)', 'admin', 'put', () => `/admin/workers/${taskId}/status`, { active: true, reason: 'x' }],
  ['admin (submit)', 'admin', 'post', () => '/admin/requests', { ...pdf, on_behalf: 'x@acme-corp.io' }],
  ['billing', 'requester', 'post', () => '/create-checkout-session', { priceId: 'price_1', plan: 'pro' }],
];

describe('strict contracts: an unknown key is a 400 naming it, never dropped', () => {
  it.each(calls)('%s', async (_group, role, method, path, body) => {
    let req = request(ctx.app)[method](`/api/v1${path()}`);
    if (role !== 'anonymous') req = req.set('Authorization', auth[role]);
    const res = await (body ? req.send(body) : req);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    const named = Object.keys(res.body.fields ?? {});
    const sent = [
      ...Object.keys(body ?? {}),
      ...Object.keys((body as { metadata?: object; response?: object })?.metadata ?? {}).map(
        (k) => `metadata.${k}`,
      ),
      ...Object.keys((body as { response?: object })?.response ?? {}).map((k) => `response.${k}`),
      ...[...new URL(`http://x${path()}`).searchParams.keys()],
    ];
    const typo = named.find((f) => sent.includes(f));
    expect(typo, `fields ${JSON.stringify(res.body.fields)}`).toBeDefined();
    expect(res.body.fields[typo as string]).toBe('Unknown field');
    expect(res.body.detail).toContain(typo);
  });

  it('still accepts the same calls without the unknown key', async () => {
    const ok = await request(ctx.app).get('/api/v1/worker/tasks?page=1').set('Authorization', auth.worker);
    expect(ok.status).toBe(200);
    const created = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', auth.requester)
      .send(pdf);
    expect(created.status).toBe(201);
  });
});

describe('admin submit with ai_only', () => {
  it('completes without a review task (spec 02 §3 form field)', async () => {
    const res = await request(ctx.app)
      .post('/api/v1/admin/requests')
      .set('Authorization', auth.admin)
      .send({
        ai_only: true,
        document_type: 'custom_prompt',
        metadata: { custom_prompt: 'Find the total revenue', text: 'Total revenue: $5 million' },
      });
    expect(res.status).toBe(201);
    const process = createExtractionProcessor({
      db: ctx.database.db,
      storage: ctx.storage,
      provider: new HeuristicProvider(),
      load: { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:9', secUserAgent: 'Sieve tests' },
      logger: testLogger,
    });
    await process({ requestId: res.body.request_id }, { jobId: res.body.request_id, attempt: 1 });
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, res.body.request_id));
    expect(row?.status).toBe('completed');
    expect(row?.aiOnly).toBe(true);
    const made = await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, res.body.request_id));
    expect(made).toHaveLength(0);
  });
});
