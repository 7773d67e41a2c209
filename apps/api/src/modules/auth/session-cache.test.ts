import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/users';
import type { SessionUser } from './auth.queries';
import { createSessionCache } from './session-cache';

const user = (id: string): SessionUser => ({
  id,
  email: `${id}@acme-corp.io`,
  userType: 'worker',
  isApproved: true,
  isActive: true,
  sessionsValidAfter: null,
  revoked: false,
});

describe('the session cache', () => {
  it('keeps a session for its time to live only (what another process may lag by)', () => {
    let now = 0;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => now });
    cache.set('jti-1', user('u1'));
    now = 5_000;
    expect(cache.get('jti-1')?.id).toBe('u1');
    now = 5_001;
    expect(cache.get('jti-1')).toBeUndefined();
  });

  it('forgets one session, or every session of a user, at once', () => {
    const cache = createSessionCache({ ttlMs: 5_000, now: () => 0 });
    cache.set('a1', user('a'));
    cache.set('a2', user('a'));
    cache.set('b1', user('b'));
    cache.forgetSession('b1');
    expect(cache.get('b1')).toBeUndefined();
    cache.forgetUser('a');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
  });

  it('keeps nothing with a time to live of 0, and at most maxEntries sessions', () => {
    const off = createSessionCache({ ttlMs: 0 });
    off.set('a1', user('a'));
    expect(off.get('a1')).toBeUndefined();
    const small = createSessionCache({ ttlMs: 5_000, maxEntries: 2, now: () => 0 });
    small.set('1', user('a'));
    small.set('2', user('b'));
    small.set('3', user('c'));
    expect(small.get('1')).toBeUndefined();
    expect(small.get('3')?.id).toBe('c');
  });
});

describe('cached sessions in the API', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx.database.db, 'admin');
  });
  afterAll(() => ctx.close());

  const tasksAs = (auth: string) => request(ctx.app).get('/api/v1/worker/tasks').set('Authorization', auth);

  it("ends a deleted reviewer's session at once, though it was just used", async () => {
    const worker = await createUser(ctx.database.db, 'worker');
    expect((await tasksAs(worker.auth)).status).toBe(200);
    await request(ctx.app).delete(`/api/v1/admin/workers/${worker.id}`).set('Authorization', admin.auth);
    expect((await tasksAs(worker.auth)).status).toBe(401);
  });

  it('closes the worker routes at once when a reviewer who was just served is deactivated', async () => {
    const worker = await createUser(ctx.database.db, 'worker');
    expect((await tasksAs(worker.auth)).status).toBe(200);
    await request(ctx.app)
      .put(`/api/v1/admin/workers/${worker.id}/status`)
      .set('Authorization', admin.auth)
      .send({ active: false });
    expect((await tasksAs(worker.auth)).body.code).toBe('WORKER_NOT_APPROVED');
  });

  it("refuses a signed-out token at once, while the account's other session goes on", async () => {
    const worker = await createUser(ctx.database.db, 'worker');
    const login = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: worker.email, password: TEST_PASSWORD });
    const other = `Bearer ${login.body.token}`;
    expect((await tasksAs(worker.auth)).status).toBe(200);
    expect((await tasksAs(other)).status).toBe(200);
    await request(ctx.app).post('/api/v1/auth/logout').set('Authorization', worker.auth);
    expect((await tasksAs(worker.auth)).status).toBe(401);
    expect((await tasksAs(other)).status).toBe(200);
  });
});
