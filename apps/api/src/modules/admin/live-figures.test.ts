import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { requests, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/users';

/**
 * issue 40, one source per figure: with the production summary age (30 s), the team's counts still
 * move at once with a sign-up and an approval, and the health and the alerts come from one set of
 * figures.
 */
describe('admin figures read live over a 30 s summary', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ADMIN_STATS_MAX_AGE_SECONDS: '30' } });
    admin = await createUser(ctx.database.db, 'admin');
  });
  afterAll(() => ctx.close());

  const stats = async () =>
    (await request(ctx.app).get('/api/v1/admin/stats').set('Authorization', admin.auth)).body;

  it('never shows a critical health without a critical alert', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    await ctx.database.db.insert(requests).values(
      Array.from({ length: 12 }, () => ({
        requesterId: requester.id,
        documentType: 'pdf',
        status: 'failed' as const,
        error: 'Could not read it',
        metadata: {},
      })),
    );
    // The first read of this app computes the summary, with these failures in it.
    const body = await stats();
    expect(body.systemHealth.status).toBe('critical');
    expect(body.alerts.filter((a: { severity: string }) => a.severity === 'critical').length).toBeGreaterThan(
      0,
    );
  });

  it('counts a sign-up and an approval in the next read', async () => {
    const before = await stats();
    const signUp = (email: string, userType: 'requester' | 'worker') =>
      request(ctx.app)
        .post('/api/v1/auth/register')
        .send({ email, password: TEST_PASSWORD, full_name: 'New person', user_type: userType });
    expect((await signUp('first.requester@acme-corp.io', 'requester')).status).toBe(201);
    expect((await signUp('second.requester@acme-corp.io', 'requester')).status).toBe(201);
    // A reviewer signs up with an invite; here as the sign-up leaves them: not approved.
    const reviewer = await createUser(ctx.database.db, 'worker', { approved: false });
    const afterSignUp = await stats();
    expect(afterSignUp.teamMetrics.totalRequesters).toBe(before.teamMetrics.totalRequesters + 2);
    expect(afterSignUp.teamMetrics.pendingWorkers).toBe(before.teamMetrics.pendingWorkers + 1);

    const workerId = reviewer.id;
    const approved = await request(ctx.app)
      .put(`/api/v1/admin/workers/${workerId}/status`)
      .set('Authorization', admin.auth)
      .send({ active: true });
    expect(approved.status).toBe(200);
    // Signed in since: active within the last 24 hours.
    const signIn = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: reviewer.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const afterApproval = await stats();
    expect(afterApproval.teamMetrics.totalWorkers).toBe(before.teamMetrics.totalWorkers + 1);
    expect(afterApproval.teamMetrics.activeWorkers).toBe(before.teamMetrics.activeWorkers + 1);
    expect(afterApproval.teamMetrics.pendingWorkers).toBe(before.teamMetrics.pendingWorkers);
  });

  it('answers GET /admin/stats/live with the same counts, health and alerts, to admins only', async () => {
    const live = async () =>
      request(ctx.app).get('/api/v1/admin/stats/live').set('Authorization', admin.auth);
    const before = await live();
    expect(before.status).toBe(200);
    expect(Object.keys(before.body).sort()).toEqual(['alerts', 'paused', 'systemHealth', 'teamMetrics']);
    const full = await stats();
    expect(before.body.teamMetrics).toEqual({
      activeWorkers: full.teamMetrics.activeWorkers,
      totalWorkers: full.teamMetrics.totalWorkers,
      pendingWorkers: full.teamMetrics.pendingWorkers,
      totalRequesters: full.teamMetrics.totalRequesters,
    });
    expect(before.body.systemHealth.status).toBe(full.systemHealth.status);
    expect(before.body.alerts).toEqual(full.alerts);

    const signUp = await request(ctx.app).post('/api/v1/auth/register').send({
      email: 'live.requester@acme-corp.io',
      password: TEST_PASSWORD,
      full_name: 'Live requester',
      user_type: 'requester',
    });
    expect(signUp.status).toBe(201);
    expect((await live()).body.teamMetrics.totalRequesters).toBe(before.body.teamMetrics.totalRequesters + 1);

    const requester = await createUser(ctx.database.db, 'requester');
    const refused = await request(ctx.app)
      .get('/api/v1/admin/stats/live')
      .set('Authorization', requester.auth);
    expect(refused.status).toBe(403);
  });

  const listTotal = async (path: string) =>
    (await request(ctx.app).get(`/api/v1/admin/${path}`).set('Authorization', admin.auth)).body
      .total as number;

  it("gives the lists' totals the overview's figures, moved by each sign-up, approval and deactivation", async () => {
    // Read first, so a total kept for 30 s would be the stale one below.
    await Promise.all([listTotal('workers'), listTotal('requesters'), listTotal('workers?status=pending')]);
    const reviewer = await createUser(ctx.database.db, 'worker', { approved: false });
    const requester = await request(ctx.app).post('/api/v1/auth/register').send({
      email: 'third.requester@acme-corp.io',
      password: TEST_PASSWORD,
      full_name: 'Third requester',
      user_type: 'requester',
    });
    expect(requester.status).toBe(201);
    const agree = async () => {
      const { teamMetrics } = await stats();
      expect(await listTotal('requesters')).toBe(teamMetrics.totalRequesters);
      expect(await listTotal('workers?status=pending')).toBe(teamMetrics.pendingWorkers);
      const approved =
        (await listTotal('workers?status=active')) + (await listTotal('workers?status=inactive'));
      expect(approved).toBe(teamMetrics.totalWorkers);
      expect(await listTotal('workers')).toBe(teamMetrics.totalWorkers + teamMetrics.pendingWorkers);
      return teamMetrics;
    };
    const pending = (await agree()).pendingWorkers;
    expect(pending).toBeGreaterThan(0);
    const status = (active: boolean) =>
      request(ctx.app)
        .put(`/api/v1/admin/workers/${reviewer.id}/status`)
        .set('Authorization', admin.auth)
        .send({ active });
    expect((await status(true)).status).toBe(200);
    const approved = await agree();
    expect(approved.pendingWorkers).toBe(pending - 1);
    expect((await status(false)).status).toBe(200);
    const deactivated = await agree();
    expect(deactivated.totalWorkers).toBe(approved.totalWorkers);
    expect(await listTotal('workers?status=inactive')).toBeGreaterThan(0);
  });

  it('keeps people_counts equal to a count of the accounts after sign-ups, approvals and deletions', async () => {
    const db = ctx.database.db;
    const worker = await createUser(db, 'worker', { approved: false });
    await db.update(users).set({ isApproved: true }).where(eq(users.id, worker.id));
    const gone = await createUser(db, 'requester');
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const removed = await createUser(db, 'worker');
    await db.delete(users).where(eq(users.id, removed.id));
    const kept = await queryRows<{ user_type: string; state: string; n: number }>(
      db,
      sql`select user_type, state, n from people_counts where n <> 0 order by 1, 2`,
    );
    const counted = await queryRows<{ user_type: string; state: string; n: number }>(
      db,
      sql`select user_type,
          case when user_type = 'worker' and not is_approved then 'pending'
            when is_active then 'active' else 'inactive' end as state,
          count(*)::int as n
        from users where deleted_at is null group by 1, 2 order by 1, 2`,
    );
    expect(kept.map((r) => ({ ...r, n: Number(r.n) }))).toEqual(counted);
  });
});
