import { EXPORT_COLUMNS } from '@sieve/contracts';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { createReviewTask } from '../../test/tasks';
import { createUser, TEST_PASSWORD } from '../../test/users';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx.database.db, 'admin');
});
afterAll(() => ctx.close());

const get = (path: string) => request(ctx.app).get(`/api/v1/admin/${path}`).set('Authorization', admin.auth);
const auditActions = async () =>
  (
    await queryRows<{ action: string; target_id: string | null }>(
      ctx.database.db,
      sql`select action, target_id from audit_log`,
    )
  ).map((r) => `${r.action}:${r.target_id ?? ''}`);

describe('admin lists', () => {
  it('pages, sorts and searches reviewers on the server', async () => {
    for (const name of ['Ann', 'Bob', 'Cyd']) {
      await createUser(ctx.database.db, 'worker', { email: `${name.toLowerCase()}.rev@acme-corp.io` });
    }
    await createUser(ctx.database.db, 'worker', { approved: false, email: 'new.rev@acme-corp.io' });
    const first = (await get('workers?limit=2&sort_by=email&sort_order=asc&search=rev@acme')).body;
    expect(first).toMatchObject({ total: 4, page: 1, pages: 2 });
    expect(first.workers.map((w: { email: string }) => w.email)).toEqual([
      'ann.rev@acme-corp.io',
      'bob.rev@acme-corp.io',
    ]);
    const pending = (await get('workers?search=pending')).body;
    expect(pending.workers.map((w: { email: string }) => w.email)).toEqual(['new.rev@acme-corp.io']);
    expect(pending.workers[0]).toMatchObject({
      status: 'pending',
      active: false,
      tasks_completed: 0,
      total_earnings: 0,
    });
  });

  it('activates a pending reviewer (which approves them) and deactivates, audited', async () => {
    const worker = await createUser(ctx.database.db, 'worker', { approved: false });
    const before = await request(ctx.app).get('/api/v1/worker/tasks').set('Authorization', worker.auth);
    expect(before.body.code).toBe('WORKER_NOT_APPROVED');
    const on = await request(ctx.app)
      .put(`/api/v1/admin/workers/${worker.id}/status`)
      .set('Authorization', admin.auth)
      .send({ active: true });
    expect(on.body).toMatchObject({ worker_id: worker.id, status: 'active', is_approved: true });
    expect(
      (await request(ctx.app).get('/api/v1/worker/tasks').set('Authorization', worker.auth)).status,
    ).toBe(200);
    await request(ctx.app)
      .put(`/api/v1/admin/workers/${worker.id}/status`)
      .set('Authorization', admin.auth)
      .send({ active: false });
    expect(
      (await request(ctx.app).get('/api/v1/worker/tasks').set('Authorization', worker.auth)).body.code,
    ).toBe('WORKER_NOT_APPROVED');
    expect(await auditActions()).toEqual(
      expect.arrayContaining([`worker.activate:${worker.id}`, `worker.deactivate:${worker.id}`]),
    );
  });

  it('lists requests with their requester, progress and filters', async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'lister@acme-corp.io' });
    const { request: req } = await createReviewTask(ctx.database.db, requester.id, { documentType: 'lease' });
    const found = (await get('requests?search=lister@acme')).body;
    expect(found.requests).toEqual([
      expect.objectContaining({
        request_id: req.id,
        requester_email: 'lister@acme-corp.io',
        request_type: 'lease',
        task_count: 1,
        progress: 0,
      }),
    ]);
    expect((await get('requests?status=in_progress&search=lister')).body.total).toBe(1);
    expect((await get('requests?status=completed&search=lister')).body.total).toBe(0);
  });
});

describe('soft delete', () => {
  it('ends the account but keeps its requests in admin lists and exports', async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'leaving@acme-corp.io' });
    const { request: req } = await createReviewTask(ctx.database.db, requester.id);
    const res = await request(ctx.app)
      .delete(`/api/v1/admin/requesters/${requester.id}`)
      .set('Authorization', admin.auth);
    expect(res.body).toEqual({ status: 'ok' });
    const login = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: requester.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect((await request(ctx.app).get('/api/v1/auth/me').set('Authorization', requester.auth)).status).toBe(
      401,
    );
    expect((await get('requesters?search=leaving')).body.total).toBe(0);
    expect(
      (await get('requests?search=leaving')).body.requests.map((r: { request_id: string }) => r.request_id),
    ).toEqual([req.id]);
    const csv = (await get('export/requests?format=csv')).text;
    expect(csv).toContain(req.id);
    expect(await auditActions()).toContain(`requester.delete:${requester.id}`);
  });

  it('takes a deleted request out of lists and the review queue', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    const worker = await createUser(ctx.database.db, 'worker');
    const { request: req, task } = await createReviewTask(ctx.database.db, requester.id);
    await request(ctx.app).delete(`/api/v1/admin/requests/${req.id}`).set('Authorization', admin.auth);
    const queue = (
      await request(ctx.app).get('/api/v1/worker/tasks?limit=500').set('Authorization', worker.auth)
    ).body;
    expect(queue.tasks.map((t: { task_id: string }) => t.task_id)).not.toContain(task.id);
    expect((await get(`requests?search=${req.id}`)).body.total).toBe(0);
  });
});

describe('exports', () => {
  it.each(Object.entries(EXPORT_COLUMNS))('%s has the columns of spec 02 §3', async (kind, columns) => {
    const res = await get(`export/${kind}?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.text.split('\r\n')[0]).toBe(columns.join(','));
  });

  it('streams every request once, oldest first, across keyset pages (more rows than one page)', async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'bulk-export@acme-corp.io' });
    // 2,500 requests, several sharing a created_at: the keyset (created_at, id) must not skip or repeat.
    await ctx.database.db.execute(
      sql`insert into requests (requester_id, document_type, status, metadata, created_at)
        select ${requester.id}, 'pdf', 'completed', '{}'::jsonb, timestamptz '2026-01-01' + (i / 3) * interval '1 second'
        from generate_series(1, 2500) i`,
    );
    const csv = (await get('export/requests?format=csv')).text;
    const ids = csv
      .split('\r\n')
      .slice(1)
      .filter((line) => line.includes('bulk-export@acme-corp.io'))
      .map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });

  it('escapes a cell that starts with =', async () => {
    await createUser(ctx.database.db, 'requester', { email: '=cmd@acme-corp.io' });
    const csv = (await get('export/requesters?format=csv')).text;
    expect(csv).toContain("'=cmd@acme-corp.io");
    expect(csv).not.toMatch(/(^|,)=cmd/m);
  });
});

describe('operations', () => {
  it('pauses and resumes the queue, audited', async () => {
    expect(
      (await request(ctx.app).post('/api/v1/admin/queue/pause').set('Authorization', admin.auth)).body,
    ).toEqual({ paused: true });
    expect((await get('stats')).body.operationsData.paused).toBe(true);
    expect(
      (await request(ctx.app).post('/api/v1/admin/queue/resume').set('Authorization', admin.auth)).body,
    ).toEqual({ paused: false });
    expect(await auditActions()).toEqual(expect.arrayContaining(['queue.pause:', 'queue.resume:']));
  });

  it('submits on behalf of a requester outside their limits, audited', async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'behalf@acme-corp.io' });
    const res = await request(ctx.app)
      .post('/api/v1/admin/requests')
      .set('Authorization', admin.auth)
      .send({
        on_behalf_of: 'behalf@acme-corp.io',
        document_type: 'custom_prompt',
        metadata: { custom_prompt: 'List the parties', text: 'A and B agree.', ai_only_mode: true },
      });
    expect(res.status).toBe(201);
    const mine = await request(ctx.app).get('/api/v1/requests').set('Authorization', requester.auth);
    expect(mine.body.requests.map((r: { request_id: string }) => r.request_id)).toEqual([
      res.body.request_id,
    ]);
    expect(await auditActions()).toContain(`request.submit_on_behalf:${res.body.request_id}`);
  });

  it('submits on behalf with a document the admin uploaded', async () => {
    await createUser(ctx.database.db, 'requester', { email: 'withfile@acme-corp.io' });
    const upload = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', admin.auth)
      .field('document_type', 'admin_submit')
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'contract.pdf');
    expect(upload.status).toBe(201);
    const res = await request(ctx.app)
      .post('/api/v1/admin/requests')
      .set('Authorization', admin.auth)
      .send({
        on_behalf_of: 'withfile@acme-corp.io',
        document_type: 'pdf',
        metadata: { file_url: upload.body.file_url },
      });
    expect(res.status).toBe(201);
  });

  it('retries failed extractions and releases expired claims', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    await ctx.database.db.execute(
      sql`insert into requests (requester_id, document_type, status, metadata, error) values (${requester.id}, 'pdf', 'failed', '{}'::jsonb, 'boom')`,
    );
    const retried = await request(ctx.app)
      .post('/api/v1/admin/operations/retry-failed')
      .set('Authorization', admin.auth);
    expect(retried.body.affected).toBeGreaterThanOrEqual(1);
    const released = await request(ctx.app)
      .post('/api/v1/admin/operations/release-expired')
      .set('Authorization', admin.auth);
    expect(released.status).toBe(200);
    const audit = (await get('audit?limit=200')).body;
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['operations.retry_failed', 'operations.release_expired']),
    );
  });

  it('lists invite codes as active, used or expired', async () => {
    const make = async (code: string) =>
      request(ctx.app)
        .post('/api/v1/admin/generate_invite')
        .set('Authorization', admin.auth)
        .send({ role: 'worker', code });
    await make('LIST-ACTIVE-1');
    await make('LIST-USED-1');
    await request(ctx.app).post('/api/v1/auth/register').send({
      email: 'invited@acme-corp.io',
      password: 'abcdef12',
      full_name: 'I',
      user_type: 'worker',
      invite_code: 'LIST-USED-1',
    });
    await ctx.database.db.execute(
      sql`insert into invite_codes (code, role, expires_at) values ('LIST-OLD-1', 'admin', now() - interval '1 day')`,
    );
    const list = (await get('invites?limit=200')).body;
    const byCode = Object.fromEntries(list.invites.map((i: { code: string }) => [i.code, i]));
    expect(byCode['LIST-ACTIVE-1']).toMatchObject({
      status: 'active',
      role: 'worker',
      created_by_email: admin.email,
    });
    expect(byCode['LIST-USED-1']).toMatchObject({ status: 'used', used_by_email: 'invited@acme-corp.io' });
    expect(byCode['LIST-OLD-1']).toMatchObject({ status: 'expired', role: 'admin' });
  });

  it('computes stats from live data', async () => {
    // Requests of several types in every state (and a deleted one, which counts nowhere).
    const requester = await createUser(ctx.database.db, 'requester', { email: 'stats.mix@acme-corp.io' });
    await ctx.database.db.execute(sql`insert into requests (requester_id, document_type, status, metadata, created_at, deleted_at)
      values (${requester.id}, 'sec', 'completed', '{}', now() - interval '3 days', null),
        (${requester.id}, 'sec', 'failed', '{}', now() - interval '1 hour', null),
        (${requester.id}, 'receipt', 'pending', '{}', now(), null),
        (${requester.id}, 'receipt', 'processing', '{}', now(), null),
        (${requester.id}, 'receipt', 'completed', '{}', now(), null),
        (${requester.id}, 'csv', 'pending', '{}', now() - interval '9 hours', now())`);
    const stats = (await get('stats')).body;
    // What the whole table says, counted directly.
    const [direct] = await queryRows<Record<string, number>>(
      ctx.database.db,
      sql`select count(*)::int as total, (count(*) filter (where status = 'completed'))::int as completed,
        (count(*) filter (where status = 'failed'))::int as failed,
        (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status = 'processing'))::int as processing
      from requests where deleted_at is null`,
    );
    expect(stats.operationsData.requests).toEqual({
      total: direct?.total,
      completed: direct?.completed,
      failed: direct?.failed,
    });
    expect(stats.operationsData.queues).toEqual({ pending: direct?.pending, processing: direct?.processing });
    const types = await queryRows<{ type: string; count: number }>(
      ctx.database.db,
      sql`select document_type as type, count(*)::int as count from requests where deleted_at is null
        group by document_type order by count desc, document_type limit 5`,
    );
    expect(types.map((t) => t.type)).toContain('receipt');
    expect(stats.analytics.documentTypes).toEqual(types);
    expect(stats.systemHealth.services).toEqual([
      { name: 'Database', health: 1 },
      { name: 'Job queue', health: 1 },
    ]);
    expect(stats.operationsData.requests.total).toBeGreaterThan(0);
    expect(stats.analytics.requestsPerDay).toHaveLength(14);
    expect(stats.analytics.throughputPerHour).toHaveLength(24);
    // issue 15: no fixed throughput or team-size alert. The reviewers this file approved today count
    // as active (issue 40: approving one shows at once), so the open work raises no capacity alert;
    // health-rules.test.ts covers the alert itself.
    expect(stats.alerts.map((a: { id: string }) => a.id)).toEqual([]);
  });
});
