import type { AddressInfo } from 'node:net';
import { type CreateRequestInput, SieveApiError, SieveClient } from '@sieve/client';
import { REQUEST_SUMMARY_TEXT_MAX } from '@sieve/contracts';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { plans, requests, subscriptions, webhookEvents } from '../../db/schema';
import { createTestApp, type TestContext, testLogger } from '../../test/app';
import { postgresUrl } from '../../test/database';
import { createUser } from '../../test/users';
import { seedPlans } from '../billing/plans';
import { periodResets } from '../billing/usage';
import { createFilesService } from '../files/files.service';
import { createRequestsService } from './requests.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const submit = (auth: string, body: object) =>
  request(ctx.app).post('/api/v1/requests').set('Authorization', auth).send(body);
const pdfRequest = (extra: Record<string, unknown> = {}) => ({
  document_type: 'pdf',
  metadata: { url: 'https://acme-corp.io/annual-report.pdf', data_points: ['Total revenue'], ...extra },
});

async function setLimits(userId: string, daily: number, weekly = 1000, monthly = 1000) {
  const planId = `test-${userId.slice(0, 8)}`;
  await ctx.database.db.insert(plans).values({
    id: planId,
    name: 'Test',
    description: 'limits under test',
    cost: 0,
    dailyLimit: daily,
    weeklyLimit: weekly,
    monthlyLimit: monthly,
    features: [],
  });
  await ctx.database.db
    .insert(subscriptions)
    .values({ userId, planId })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { planId } });
}

describe('submitting requests', () => {
  it('stores the request pending, queues its extraction, and lists it for its owner only', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const res = await submit(owner.auth, pdfRequest());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      request_id: expect.any(String),
      job_id: res.body.request_id,
      status: 'pending',
    });
    const jobs = await queryRows<{ id: string; name: string }>(
      ctx.database.db,
      sql`select id, name from jobs where id = ${res.body.request_id}`,
    );
    expect(jobs).toEqual([{ id: res.body.request_id, name: 'extract-request' }]);

    const list = await request(ctx.app).get('/api/v1/requests').set('Authorization', owner.auth);
    expect(list.body).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(list.body.requests[0]).toMatchObject({
      request_id: res.body.request_id,
      document_type: 'pdf',
      status: 'pending',
      priority: 'medium',
    });

    const detail = await request(ctx.app)
      .get(`/api/v1/requests/${res.body.request_id}`)
      .set('Authorization', owner.auth);
    expect(detail.body).toMatchObject({ request_id: res.body.request_id, tasks: [], result: null });

    const other = await createUser(ctx.database.db, 'requester');
    const hidden = await request(ctx.app)
      .get(`/api/v1/requests/${res.body.request_id}`)
      .set('Authorization', other.auth);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('REQUEST_NOT_FOUND');
    expect((await request(ctx.app).get('/api/v1/requests').set('Authorization', other.auth)).body.total).toBe(
      0,
    );
  });

  it('names the fields of an invalid request, and stores nothing', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const res = await submit(owner.auth, {
      document_type: 'sec',
      metadata: { effective_date: '2024-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.fields).toMatchObject({ 'metadata.ticker': 'Ticker is required' });
    expect((await request(ctx.app).get('/api/v1/requests').set('Authorization', owner.auth)).body.total).toBe(
      0,
    );
  });

  it('accepts inline base64 bytes and stores them as a file', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
    const res = await submit(owner.auth, {
      document_type: 'pdf',
      metadata: { file_bytes: pdf, filename: 'inline.pdf' },
    });
    expect(res.status).toBe(201);
    const detail = await request(ctx.app)
      .get(`/api/v1/requests/${res.body.request_id}`)
      .set('Authorization', owner.auth);
    expect(detail.body.metadata).toMatchObject({ filename: 'inline.pdf', content_type: 'application/pdf' });
    expect(detail.body.metadata).not.toHaveProperty('file_bytes');
    const file = await request(ctx.app).get(detail.body.metadata.file_url).set('Authorization', owner.auth);
    expect(file.status).toBe(200);
  });

  it("refuses another requester's file", async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const upload = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', owner.auth)
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'mine.pdf');
    const thief = await createUser(ctx.database.db, 'requester');
    const res = await submit(thief.auth, {
      document_type: 'pdf',
      metadata: { file_url: upload.body.file_url },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('metadata.file_id');
  });

  it('pages, filters by status and searches', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    for (const ticker of ['AAPL', 'MSFT', 'NVDA']) {
      await submit(owner.auth, { document_type: 'sec', metadata: { ticker, fiscal_period: '2023' } });
    }
    const page = await request(ctx.app)
      .get('/api/v1/requests?page=2&limit=2')
      .set('Authorization', owner.auth);
    expect(page.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.body.requests).toHaveLength(1);
    const found = await request(ctx.app).get('/api/v1/requests?search=msft').set('Authorization', owner.auth);
    expect(found.body.requests.map((r: { metadata: { ticker: string } }) => r.metadata.ticker)).toEqual([
      'MSFT',
    ]);
    const done = await request(ctx.app)
      .get('/api/v1/requests?status=completed')
      .set('Authorization', owner.auth);
    expect(done.body.total).toBe(0);
    const bad = await request(ctx.app)
      .get('/api/v1/requests?status=finished')
      .set('Authorization', owner.auth);
    expect(bad.status).toBe(400);
  });

  it("lists summaries (no results, the list's metadata, a long text cut) and the full request on open", async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const text = `Quarterly revenue was $4.2 million. ${'Lorem ipsum dolor sit amet. '.repeat(400)}`;
    const created = await submit(owner.auth, pdfRequest({ text, filename: 'q3.pdf' }));
    expect(created.status).toBe(201);
    const listed = (await request(ctx.app).get('/api/v1/requests').set('Authorization', owner.auth)).body
      .requests[0];
    expect(listed.request_id).toBe(created.body.request_id);
    for (const key of ['result', 'ai_result', 'final_result', 'consensus_result'])
      expect(listed).not.toHaveProperty(key);
    expect(listed.metadata).toEqual({
      url: 'https://acme-corp.io/annual-report.pdf',
      filename: 'q3.pdf',
      ai_only_mode: false,
      text: text.slice(0, REQUEST_SUMMARY_TEXT_MAX),
    });
    const opened = await request(ctx.app)
      .get(`/api/v1/requests/${created.body.request_id}`)
      .set('Authorization', owner.auth);
    expect(opened.body.metadata).toMatchObject({ text, data_points: ['Total revenue'] });
    expect(opened.body).toHaveProperty('final_result');
  });
});

describe('usage limits at submit', () => {
  it('refuses a submission over the daily limit with 429 naming the limit, and stores nothing', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    await setLimits(owner.id, 2);
    expect((await submit(owner.auth, pdfRequest())).status).toBe(201);
    expect((await submit(owner.auth, pdfRequest())).status).toBe(201);
    const third = await submit(owner.auth, pdfRequest());
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(third.body.detail).toMatch(/all 2 requests .* daily limit/);
    expect((await request(ctx.app).get('/api/v1/requests').set('Authorization', owner.auth)).body.total).toBe(
      2,
    );
  });

  it('answers the eleventh Free request of a day 429 with resets_at and Retry-After; the client raises at once', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    for (let i = 0; i < 10; i++) expect((await submit(owner.auth, pdfRequest())).status).toBe(201);
    const eleventh = await submit(owner.auth, pdfRequest());
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(eleventh.body.detail).toMatch(/all 10 requests of your Free plan's daily limit/);
    // issue 40: the usage the requester is shown is the one the limit refused on: 10 of 10 today.
    const { usage } = (
      await request(ctx.app).get('/api/v1/users/subscription').set('Authorization', owner.auth)
    ).body;
    expect(usage.daily).toEqual({ used: 10, limit: 10 });
    expect(usage.monthly.used).toBe(10);
    const tomorrow = periodResets().daily;
    expect(eleventh.body.resets_at).toBe(tomorrow.toISOString());
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(Math.abs(retryAfter - (tomorrow.getTime() - Date.now()) / 1000)).toBeLessThan(60);

    const server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      let calls = 0;
      const sleeps: number[] = [];
      const client = new SieveClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        apiKey: owner.token,
        fetch: (input, init) => {
          calls++;
          return fetch(input, init);
        },
        sleep: async (ms) => void sleeps.push(ms),
      });
      const error = await client.requests.create(pdfRequest() as CreateRequestInput).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SieveApiError);
      expect(error).toMatchObject({
        status: 429,
        code: 'USAGE_LIMIT_EXCEEDED',
        resetsAt: tomorrow.toISOString(),
      });
      expect(calls).toBe(1);
      expect(sleeps).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps an operator's change to a plan across a restart (the seed only inserts what is missing)", async () => {
    await ctx.database.db.update(plans).set({ dailyLimit: 3, name: 'Starter' }).where(eq(plans.id, 'free'));
    await ctx.database.db.delete(plans).where(eq(plans.id, 'business'));
    try {
      await seedPlans(ctx.database.db, { pro: 'price_pro_2' });
      const rows = await ctx.database.db.select().from(plans);
      const byId = new Map(rows.map((p) => [p.id, p]));
      expect(byId.get('free')).toMatchObject({ dailyLimit: 3, name: 'Starter' });
      // A missing plan comes back; a Stripe price set in the environment is applied.
      expect(byId.get('business')?.dailyLimit).toBe(1000);
      expect(byId.get('pro')?.priceId).toBe('price_pro_2');
    } finally {
      await ctx.database.db.update(plans).set({ dailyLimit: 10, name: 'Free' }).where(eq(plans.id, 'free'));
    }
  });

  it('starts every requester on the free plan', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    await submit(owner.auth, pdfRequest());
    const [sub] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.id));
    expect(sub?.planId).toBe('free');
  });

  it.skipIf(!postgresUrl)('lets exactly 5 of 20 concurrent submissions through with 5 left', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    await setLimits(owner.id, 8);
    for (let i = 0; i < 3; i++) expect((await submit(owner.auth, pdfRequest())).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(owner.auth, pdfRequest())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    const stored = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from requests where requester_id = ${owner.id}`,
    );
    expect(stored[0]?.n).toBe(8);
  });
});

describe('batch submit with an Idempotency-Key', () => {
  const batch = { requests: [pdfRequest(), pdfRequest({ data_points: ['Net income'] })] };
  const send = (auth: string, key: string, body: object = batch) =>
    request(ctx.app)
      .post('/api/v1/requests/batch')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send(body);

  it('stores the same batch sent twice with one key once, and replays the first answer', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const first = await send(owner.auth, 'batch-1');
    expect(first.status).toBe(207);
    expect(first.body.created).toBe(2);
    const again = await send(owner.auth, 'batch-1');
    expect(again.status).toBe(207);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const listed = await request(ctx.app).get('/api/v1/requests').set('Authorization', owner.auth);
    expect(listed.body.total).toBe(2);
    const other = await send(owner.auth, 'batch-1', { requests: [pdfRequest()] });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('retention', () => {
  it('purges the document bytes and extracted values after data_expiration, keeping the row', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const upload = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', owner.auth)
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'old.pdf');
    const expired = await submit(owner.auth, {
      document_type: 'pdf',
      metadata: { file_url: upload.body.file_url, data_expiration: '2020-01-31' },
    });
    const kept = await submit(owner.auth, {
      document_type: 'pdf',
      metadata: { url: 'https://acme-corp.io/keep.pdf', data_expiration: '2999-01-01' },
    });
    for (const id of [expired.body.request_id, kept.body.request_id]) {
      await ctx.database.db
        .update(requests)
        .set({ status: 'completed', finalResult: { total_revenue: { value: 1 } } })
        .where(eq(requests.id, id));
    }
    // A webhook event sent earlier carried the values (DESIGN §12).
    const [event] = await ctx.database.db
      .insert(webhookEvents)
      .values({
        userId: owner.id,
        type: 'request.completed',
        requestId: expired.body.request_id,
        payload: {
          id: 'e',
          type: 'request.completed',
          data: { request: { final_result: { total_revenue: 1 } } },
        },
        dispatchedAt: new Date(),
      })
      .returning();
    const files = createFilesService({ db: ctx.database.db, storage: ctx.storage });
    const service = createRequestsService({
      db: ctx.database.db,
      queue: ctx.queue,
      files,
      logger: testLogger,
    });
    expect(await service.purgeExpired('2026-11-22')).toBe(1);
    const [purgedEvent] = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, event?.id ?? ''));
    expect(purgedEvent?.payload).toEqual({ id: 'e', type: 'request.completed', data: { request: null } });
    const [purged] = await ctx.database.db
      .select()
      .from(requests)
      .where(eq(requests.id, expired.body.request_id));
    expect(purged).toMatchObject({ status: 'completed', finalResult: null, aiResult: null });
    expect(purged?.purgedAt).toBeInstanceOf(Date);
    const [untouched] = await ctx.database.db
      .select()
      .from(requests)
      .where(eq(requests.id, kept.body.request_id));
    expect(untouched?.finalResult).toEqual({ total_revenue: { value: 1 } });
    // The document itself is gone.
    expect((await request(ctx.app).get(upload.body.file_url).set('Authorization', owner.auth)).status).toBe(
      404,
    );
    expect(await service.purgeExpired('2026-11-22')).toBe(0);
  });
});
