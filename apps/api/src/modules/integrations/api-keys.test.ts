import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { apiKeys, auditLog, plans, subscriptions } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createUser } from '../../test/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const api = () => request(ctx.app);
const pdfRequest = (extra: Record<string, unknown> = {}) => ({
  document_type: 'pdf',
  metadata: { url: 'https://acme-corp.io/annual-report.pdf', data_points: ['Total revenue'], ...extra },
});

async function createKey(auth: string, scopes: string[], name = 'pipeline') {
  const res = await api().post('/api/v1/keys').set('Authorization', auth).send({ name, scopes });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string; prefix: string };
}

async function usedToday(userId: string) {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from requests where requester_id = ${userId}`,
  );
  return Number(row?.n);
}

async function setDailyLimit(userId: string, daily: number) {
  const planId = `test-${userId.slice(0, 8)}`;
  await ctx.database.db.insert(plans).values({
    id: planId,
    name: 'Test',
    description: 'limits under test',
    cost: 0,
    dailyLimit: daily,
    weeklyLimit: 10_000,
    monthlyLimit: 10_000,
    features: [],
  });
  await ctx.database.db
    .insert(subscriptions)
    .values({ userId, planId })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { planId } });
}

describe('API keys', () => {
  it('shows the secret once, stores only its hash, lists keys without secrets, and audits creation', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const key = await createKey(owner.auth, ['requests:read', 'requests:write']);
    expect(key.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{40,}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);

    const [stored] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.secret);

    const list = await api().get('/api/v1/keys').set('Authorization', owner.auth);
    expect(list.status).toBe(200);
    expect(list.body.keys).toEqual([
      expect.objectContaining({ id: key.id, name: 'pipeline', prefix: key.prefix, last_used_at: null }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key.secret);

    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audit.map((a) => a.action)).toEqual(['api_key.create']);
  });

  it('authenticates as its owner on requester routes and records when it was last used', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const key = await createKey(owner.auth, ['requests:read', 'requests:write']);
    const created = await api()
      .post('/api/v1/requests')
      .set('Authorization', `Bearer ${key.secret}`)
      .send(pdfRequest());
    expect(created.status).toBe(201);
    const list = await api().get('/api/v1/requests').set('Authorization', `Bearer ${key.secret}`);
    expect(list.status).toBe(200);
    expect(list.body.requests.map((r: { request_id: string }) => r.request_id)).toEqual([
      created.body.request_id,
    ]);
    const keys = await api().get('/api/v1/keys').set('Authorization', owner.auth);
    expect(keys.body.keys[0].last_used_at).toEqual(expect.any(String));
  });

  it('refuses a call outside its scopes with 403: requests:read only cannot submit', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const key = await createKey(owner.auth, ['requests:read']);
    const res = await api()
      .post('/api/v1/requests')
      .set('Authorization', `Bearer ${key.secret}`)
      .send(pdfRequest());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('API_KEY_SCOPE_MISSING');
    expect(res.body.detail).toContain('requests:write');
    expect(await usedToday(owner.id)).toBe(0);
    const read = await api().get('/api/v1/requests').set('Authorization', `Bearer ${key.secret}`);
    expect(read.status).toBe(200);
  });

  it('stops working at once when revoked (401), and the revocation is audited', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const key = await createKey(owner.auth, ['requests:read']);
    expect((await api().get('/api/v1/requests').set('Authorization', `Bearer ${key.secret}`)).status).toBe(
      200,
    );
    const revoked = await api().delete(`/api/v1/keys/${key.id}`).set('Authorization', owner.auth);
    expect(revoked.status).toBe(204);
    const after = await api().get('/api/v1/requests').set('Authorization', `Bearer ${key.secret}`);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
  });

  it('never reaches /worker/*, /admin/*, or the key and session routes, whatever its scopes', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const key = await createKey(owner.auth, [
      'requests:read',
      'requests:write',
      'files:write',
      'webhooks:manage',
    ]);
    const bearer = `Bearer ${key.secret}`;
    for (const [method, path] of [
      ['get', '/api/v1/worker/tasks'],
      ['get', '/api/v1/worker/stats'],
      ['get', '/api/v1/admin/stats'],
      ['get', '/api/v1/admin/requesters'],
      ['get', '/api/v1/keys'],
      ['post', '/api/v1/auth/logout'],
    ] as const) {
      const res = await api()[method](path).set('Authorization', bearer);
      expect([path, res.status]).toEqual([path, 403]);
    }
    const create = await api()
      .post('/api/v1/keys')
      .set('Authorization', bearer)
      .send({ name: 'x', scopes: ['requests:read'] });
    expect(create.status).toBe(403);
  });

  it('lets an admin create and revoke keys for a requester, and no requester touch another one’s keys', async () => {
    const admin = await createUser(ctx.database.db, 'admin');
    const owner = await createUser(ctx.database.db, 'requester');
    const other = await createUser(ctx.database.db, 'requester');
    const res = await api()
      .post('/api/v1/keys')
      .set('Authorization', admin.auth)
      .send({ name: 'by admin', scopes: ['requests:read'], requester_id: owner.id });
    expect(res.status).toBe(201);
    const listed = await api().get('/api/v1/keys').set('Authorization', owner.auth);
    expect(listed.body.keys.map((k: { id: string }) => k.id)).toEqual([res.body.id]);
    const asOwner = await api().get('/api/v1/requests').set('Authorization', `Bearer ${res.body.secret}`);
    expect(asOwner.status).toBe(200);

    expect((await api().delete(`/api/v1/keys/${res.body.id}`).set('Authorization', other.auth)).status).toBe(
      404,
    );
    expect(
      (await api().get(`/api/v1/keys?requester_id=${owner.id}`).set('Authorization', other.auth)).status,
    ).toBe(403);
    expect((await api().delete(`/api/v1/keys/${res.body.id}`).set('Authorization', admin.auth)).status).toBe(
      204,
    );
    const noAdminTarget = await api()
      .post('/api/v1/keys')
      .set('Authorization', admin.auth)
      .send({ name: 'x', scopes: ['requests:read'] });
    expect(noAdminTarget.status).toBe(400);
    expect(noAdminTarget.body.fields).toHaveProperty('requester_id');
  });

  it('refuses unknown scopes and unknown fields with 400 naming them', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const res = await api()
      .post('/api/v1/keys')
      .set('Authorization', owner.auth)
      .send({ name: 'x', scopes: ['admin:all'], extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['scopes.0', 'extra']));
  });

  it("applies the owner's plan limits to calls made with a key", async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    await setDailyLimit(owner.id, 1);
    const key = await createKey(owner.auth, ['requests:write']);
    const bearer = `Bearer ${key.secret}`;
    expect(
      (await api().post('/api/v1/requests').set('Authorization', bearer).send(pdfRequest())).status,
    ).toBe(201);
    const over = await api().post('/api/v1/requests').set('Authorization', bearer).send(pdfRequest());
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('USAGE_LIMIT_EXCEEDED');
  });
});

describe('Idempotency-Key', () => {
  it('creates one request and counts one usage for two submits with one key; replays the first response', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const send = () =>
      api()
        .post('/api/v1/requests')
        .set('Authorization', owner.auth)
        .set('Idempotency-Key', 'order-42')
        .send(pdfRequest());
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await usedToday(owner.id)).toBe(1);
    const usage = await api().get('/api/v1/users/subscription').set('Authorization', owner.auth);
    expect(usage.body.usage.daily.used).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with another body, storing nothing', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const first = await api()
      .post('/api/v1/requests')
      .set('Authorization', owner.auth)
      .set('Idempotency-Key', 'k-1')
      .send(pdfRequest());
    expect(first.status).toBe(201);
    const other = await api()
      .post('/api/v1/requests')
      .set('Authorization', owner.auth)
      .set('Idempotency-Key', 'k-1')
      .send(pdfRequest({ data_points: ['Net income'] }));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await usedToday(owner.id)).toBe(1);
  });

  it('keeps keys per caller, frees a key whose call failed, and makes concurrent retries create one request', async () => {
    const a = await createUser(ctx.database.db, 'requester');
    const b = await createUser(ctx.database.db, 'requester');
    const post = (auth: string, body: object) =>
      api().post('/api/v1/requests').set('Authorization', auth).set('Idempotency-Key', 'shared').send(body);
    const bad = await post(a.auth, { document_type: 'pdf', metadata: {} });
    expect(bad.status).toBe(400);
    const results = await Promise.all([
      post(a.auth, pdfRequest()),
      post(a.auth, pdfRequest()),
      post(a.auth, pdfRequest()),
    ]);
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(new Set(ok.map((r) => r.body.request_id)).size).toBe(1);
    expect(await usedToday(a.id)).toBe(1);
    expect((await post(b.auth, pdfRequest())).status).toBe(201);
    expect(await usedToday(b.id)).toBe(1);
  });

  it('makes uploads idempotent too', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = (bytes: Buffer) =>
      api()
        .post('/api/v1/files')
        .set('Authorization', owner.auth)
        .set('Idempotency-Key', 'upload-1')
        .attach('file', bytes, { filename: 'report.pdf', contentType: 'application/pdf' });
    const first = await upload(pdf);
    expect(first.status).toBe(201);
    const again = await upload(pdf);
    expect(again.status).toBe(201);
    expect(again.body.file_id).toBe(first.body.file_id);
    const other = await upload(Buffer.concat([pdf, Buffer.from('% more\n')]));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('POST /requests/batch', () => {
  it('stores 99 of a batch of 100 with one bad document and names the bad one by its index', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    await setDailyLimit(owner.id, 1000);
    const items: object[] = Array.from({ length: 100 }, (_, i) =>
      pdfRequest({ data_points: [`Revenue ${i}`] }),
    );
    items[37] = { document_type: 'pdf', metadata: { data_points: ['Revenue'] } };
    const res = await api()
      .post('/api/v1/requests/batch')
      .set('Authorization', owner.auth)
      .send({ requests: items });
    expect(res.status).toBe(207);
    expect(res.body.created).toBe(99);
    expect(res.body.failed).toBe(1);
    expect(res.body.results).toHaveLength(100);
    expect(res.body.results[37]).toEqual({
      index: 37,
      error: expect.objectContaining({
        code: 'INVALID_INPUT',
        fields: expect.objectContaining({ 'metadata.url': expect.any(String) }),
      }),
    });
    expect(res.body.results[36]).toEqual(
      expect.objectContaining({ index: 36, request_id: expect.any(String), status: 'pending' }),
    );
    expect(await usedToday(owner.id)).toBe(99);
  });

  it('checks the plan limit for the whole batch in one go: over the limit, none is stored', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    await setDailyLimit(owner.id, 3);
    const res = await api()
      .post('/api/v1/requests/batch')
      .set('Authorization', owner.auth)
      .send({ requests: [pdfRequest(), pdfRequest(), pdfRequest(), pdfRequest()] });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('USAGE_LIMIT_EXCEEDED');
    expect(await usedToday(owner.id)).toBe(0);
  });

  it('refuses more than 100 documents', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const res = await api()
      .post('/api/v1/requests/batch')
      .set('Authorization', owner.auth)
      .send({ requests: Array.from({ length: 101 }, () => pdfRequest()) });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('requests');
  });
});
