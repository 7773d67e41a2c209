import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMAIL_MESSAGES, EMAIL_VECTORS, ERROR_CATALOGUE } from '@sieve/contracts';
import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { inviteCodes, mailOutbox } from '../../db/schema';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/users';

const mailDir = mkdtempSync(path.join(tmpdir(), 'sieve-mail-'));
/** The mails delivered to MAIL_DIR for one recipient. */
const delivered = (to: string) =>
  readdirSync(mailDir)
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as { to: string; text: string })
    .filter((m) => m.to === to);

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000', MAIL_DIR: mailDir },
  });
  admin = await createUser(ctx.database.db, 'admin');
});
afterAll(() => ctx.close());

let n = 0;
const uniqueEmail = (tag = 'user') => `${tag}${++n}.${Date.now()}@acme-corp.io`;
const register = (body: Record<string, unknown>) => request(ctx.app).post('/api/v1/auth/register').send(body);
const me = (auth: string) => request(ctx.app).get('/api/v1/auth/me').set('Authorization', auth);

async function invite(role: 'worker' | 'admin', extra: Record<string, unknown> = {}) {
  const res = await request(ctx.app)
    .post('/api/v1/admin/generate_invite')
    .set('Authorization', admin.auth)
    .send({ role, expiry_days: 7, ...extra });
  expect(res.status).toBe(201);
  return res.body.invite_code as string;
}

describe('registration', () => {
  it('signs a requester up, approved at once', async () => {
    const email = uniqueEmail();
    const res = await register({ email, password: 'abcdef12', full_name: 'Ada', user_type: 'requester' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_type: 'requester',
      user_id: expect.any(String),
      token: expect.any(String),
    });
    const current = await me(`Bearer ${res.body.token}`);
    expect(current.body).toMatchObject({ email, userType: 'requester', isApproved: true, fullName: 'Ada' });
  });

  it('needs an invite code for Reviewer and Admin accounts', async () => {
    for (const user_type of ['worker', 'admin']) {
      const res = await register({ email: uniqueEmail(), password: 'abcdef12', full_name: 'R', user_type });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVITE_CODE_REQUIRED');
    }
  });

  it('creates a worker that waits for approval, and an admin approved by the code', async () => {
    const worker = await register({
      email: uniqueEmail('w'),
      password: 'abcdef12',
      full_name: 'W',
      user_type: 'worker',
      invite_code: await invite('worker'),
    });
    expect(worker.status).toBe(201);
    expect((await me(`Bearer ${worker.body.token}`)).body.isApproved).toBe(false);
    const newAdmin = await register({
      email: uniqueEmail('a'),
      password: 'abcdef12',
      full_name: 'A',
      user_type: 'admin',
      invite_code: await invite('admin'),
    });
    expect(newAdmin.status).toBe(201);
    expect((await me(`Bearer ${newAdmin.body.token}`)).body).toMatchObject({
      userType: 'admin',
      isApproved: true,
    });
  });

  it('refuses a used, expired, unknown or other-role code, and stores no account', async () => {
    const used = await invite('worker');
    expect(
      (
        await register({
          email: uniqueEmail(),
          password: 'abcdef12',
          full_name: 'x',
          user_type: 'worker',
          invite_code: used,
        })
      ).status,
    ).toBe(201);
    await ctx.database.db
      .insert(inviteCodes)
      .values({ code: 'EXPIRED-1', role: 'worker', expiresAt: new Date(Date.now() - 1000) });
    const adminCode = await invite('admin');
    for (const code of [used, 'EXPIRED-1', 'NO-SUCH-CODE', adminCode]) {
      const email = uniqueEmail('refused');
      const res = await register({
        email,
        password: 'abcdef12',
        full_name: 'x',
        user_type: 'worker',
        invite_code: code,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'INVALID_INVITE_CODE',
        detail: ERROR_CATALOGUE.INVALID_INVITE_CODE.message,
      });
      const rows = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from users where email = ${email}`,
      );
      expect(rows[0]?.n).toBe(0);
    }
  });

  it('lets exactly one of 10 concurrent sign-ups use one invite code', async () => {
    const code = await invite('worker');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        register({
          email: uniqueEmail(`race${i}`),
          password: 'abcdef12',
          full_name: 'r',
          user_type: 'worker',
          invite_code: code,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'INVALID_INVITE_CODE')).toHaveLength(9);
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users u join invite_codes i on i.used_by = u.id where i.code = ${code}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses an address already in use, whatever its case', async () => {
    const email = uniqueEmail('dup');
    expect(
      (await register({ email, password: 'abcdef12', full_name: 'x', user_type: 'requester' })).status,
    ).toBe(201);
    const again = await register({
      email: email.toUpperCase(),
      password: 'abcdef12',
      full_name: 'y',
      user_type: 'requester',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_ALREADY_IN_USE');
  });

  it.each(EMAIL_VECTORS.filter((v) => v.reason !== null))(
    'applies the shared email check: $email',
    async ({ email, reason }) => {
      const res = await register({ email, password: 'abcdef12', full_name: 'x', user_type: 'requester' });
      expect(res.status).toBe(400);
      if (email === '') {
        expect(res.body.code).toBe('INVALID_INPUT');
      } else {
        expect(res.body).toMatchObject({
          code: 'INVALID_EMAIL',
          detail: EMAIL_MESSAGES[reason ?? 'invalid'],
        });
      }
    },
  );

  it('refuses weak passwords naming the rule', async () => {
    const res = await register({
      email: uniqueEmail(),
      password: 'onlyletters',
      full_name: 'x',
      user_type: 'requester',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEAK_PASSWORD');
    expect(res.body.fields.password).toMatch(/letters and numbers/);
  });

  it('names the missing fields of a bad body', async () => {
    const res = await register({ email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(Object.keys(res.body.fields)).toEqual(
      expect.arrayContaining(['password', 'full_name', 'user_type']),
    );
  });
});

describe('sign-in and sessions', () => {
  it('signs in, sets the session cookie, and the cookie alone authenticates', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const res = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user_type: 'requester', user_id: user.id });
    const cookie = res.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/sieve_session=.+; Path=\/api; Expires=.+; HttpOnly; SameSite=Lax/);
    const viaCookie = await request(ctx.app)
      .get('/api/v1/auth/me')
      .set('Cookie', cookie.split(';')[0] ?? '');
    expect(viaCookie.body.uid).toBe(user.id);
  });

  it('gives one answer for a wrong password and an unknown account', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const wrong = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: 'nope-nope-1' });
    const unknown = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: 'ghost@acme-corp.io', password: 'x1x1x1x1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'INVALID_LOGIN_CREDENTIALS',
        detail: ERROR_CATALOGUE.INVALID_LOGIN_CREDENTIALS.message,
      });
    }
  });

  it('refuses a deactivated requester', async () => {
    const user = await createUser(ctx.database.db, 'requester', { active: false });
    const res = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(res.body.code).toBe('USER_DISABLED');
  });

  it('limits failed attempts per account: beyond the limit even the right password gets 429', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    for (let i = 0; i < 3; i++) {
      const res = await request(ctx.app)
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: `wrong-${i}-x` });
      expect(res.status).toBe(401);
    }
    const blocked = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
  });

  it('revokes the token at logout', async () => {
    const user = await createUser(ctx.database.db, 'worker');
    expect((await me(user.auth)).status).toBe(200);
    const out = await request(ctx.app).post('/api/v1/auth/logout').set('Authorization', user.auth);
    expect(out.status).toBe(200);
    const after = await me(user.auth);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('refuses tampered, unsigned, expired and foreign tokens', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const [head, body, sig] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, typ: 'admin' })).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    const expired = jwt.sign({ typ: 'requester', ims: Date.now() }, TEST_JWT_SECRET, {
      subject: user.id,
      jwtid: 'x',
      expiresIn: -10,
    });
    const foreign = jwt.sign(
      { typ: 'requester', ims: Date.now() },
      'another-secret-of-enough-length-000000',
      { subject: user.id, jwtid: 'y', expiresIn: 60 },
    );
    for (const token of [`${head}.${forged}.${sig}`, none, expired, foreign, 'garbage']) {
      const res = await me(`Bearer ${token}`);
      expect(res.status).toBe(401);
    }
  });
  it('refuses a token that was accepted before, once it has expired', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const token = jwt.sign({ typ: 'requester', ims: Date.now() }, TEST_JWT_SECRET, {
      subject: user.id,
      jwtid: 'short-lived',
      expiresIn: 60,
    });
    expect((await me(`Bearer ${token}`)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const later = await me(`Bearer ${token}`);
      expect(later.status).toBe(401);
      expect(later.body.code).toBe('UNAUTHORIZED');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('password reset', () => {
  const outbox = async (to: string) =>
    (await ctx.database.db.select().from(mailOutbox)).filter((m) => m.to === to);

  it('answers 202 for an unknown address and sends nothing', async () => {
    const res = await request(ctx.app)
      .post('/api/v1/auth/password-reset')
      .send({ email: 'nobody@acme-corp.io' });
    expect(res.status).toBe(202);
    expect(await outbox('nobody@acme-corp.io')).toEqual([]);
  });

  it('mails a link whose token works once and ends the old sessions', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const res = await request(ctx.app)
      .post('/api/v1/auth/password-reset')
      .set('Host', 'requester.localhost:8080')
      .send({ email: user.email });
    expect(res.status).toBe(202);
    const [mail] = delivered(user.email);
    const link = /http:\/\/requester\.localhost:8080\/reset-password\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    // The outbox keeps the mail with the token's hash, never the token itself.
    const [stored] = await outbox(user.email);
    expect(stored?.text).not.toContain(token);
    expect(stored?.text).toContain(`[token sha256:${createHash('sha256').update(token).digest('hex')}]`);

    const confirm = await request(ctx.app)
      .post('/api/v1/auth/password-reset/confirm')
      .send({ token, password: 'brand-new-pass-7' });
    expect(confirm.status).toBe(200);
    expect((await me(user.auth)).status).toBe(401);
    const login = await request(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: 'brand-new-pass-7' });
    expect(login.status).toBe(200);

    const reuse = await request(ctx.app)
      .post('/api/v1/auth/password-reset/confirm')
      .send({ token, password: 'another-pass-8' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('INVALID_RESET_TOKEN');
  });
});

describe('cross-app hand-off', () => {
  it("issues a single-use code for the user's own app that signs them in there", async () => {
    const user = await createUser(ctx.database.db, 'worker');
    const wrongApp = await request(ctx.app)
      .post('/api/v1/auth/handoff')
      .set('Authorization', user.auth)
      .send({ target: 'admin' });
    expect(wrongApp.status).toBe(403);
    const res = await request(ctx.app)
      .post('/api/v1/auth/handoff')
      .set('Authorization', user.auth)
      .set('Host', 'requester.localhost:8080')
      .send({ target: 'reviewer' });
    expect(res.status).toBe(201);
    expect(res.body.url).toBe(`http://reviewer.localhost:8080/login?handoff=${res.body.code}`);
    const exchanged = await request(ctx.app)
      .post('/api/v1/auth/handoff/exchange')
      .send({ code: res.body.code });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ user_type: 'worker', user_id: user.id });
    const again = await request(ctx.app).post('/api/v1/auth/handoff/exchange').send({ code: res.body.code });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_HANDOFF_CODE');
  });
});

describe('invite codes', () => {
  it('are generated by admins only, with the chosen expiry, and audited', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    const refused = await request(ctx.app)
      .post('/api/v1/admin/generate_invite')
      .set('Authorization', requester.auth)
      .send({ role: 'worker' });
    expect(refused.status).toBe(403);
    const res = await request(ctx.app)
      .post('/api/v1/admin/generate_invite')
      .set('Authorization', admin.auth)
      .send({ role: 'worker', expiry_days: 30, code: 'TEAM-ALPHA-2026' });
    expect(res.status).toBe(201);
    expect(res.body.invite_code).toBe('TEAM-ALPHA-2026');
    const days = (Date.parse(res.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const audit = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where target_id = 'TEAM-ALPHA-2026'`,
    );
    expect(audit).toEqual([{ action: 'invite.generate' }]);
    const dup = await request(ctx.app)
      .post('/api/v1/admin/generate_invite')
      .set('Authorization', admin.auth)
      .send({ role: 'admin', code: 'TEAM-ALPHA-2026' });
    expect(dup.status).toBe(400);
    const badExpiry = await request(ctx.app)
      .post('/api/v1/admin/generate_invite')
      .set('Authorization', admin.auth)
      .send({ role: 'worker', expiry_days: 5 });
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.body.fields.expiry_days).toMatch(/1, 7, 30, 90 or 365/);
  });
});
