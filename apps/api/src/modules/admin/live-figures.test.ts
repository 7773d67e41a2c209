import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../db/schema';
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
});
