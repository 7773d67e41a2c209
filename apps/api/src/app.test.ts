import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { type Database, openDatabase } from './db/client';
import { issueSessionToken } from './modules/auth/tokens';
import { localFileStorage } from './storage/file-storage';
import { createTestApp, TEST_JWT_SECRET, type TestContext, testConfig, testLogger } from './test/app';
import { createUser } from './test/users';

describe('the HTTP envelope', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers an unknown API route with 404 {code, detail}', async () => {
    const res = await request(ctx.app).get('/api/v1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', detail: 'No route for GET /api/v1/no-such-thing.' });
  });

  it('answers malformed JSON with 400 INVALID_INPUT, not a 500', async () => {
    const res = await request(ctx.app)
      .post('/api/v1/health')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.co",');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.detail).toMatch(/not valid JSON/);
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await request(ctx.app)
      .post('/api/v1/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reports health with the database and the queue up', async () => {
    const res = await request(ctx.app).get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok', queue: 'ok' });
  });

  it('echoes a caller request id and makes one otherwise', async () => {
    const given = await request(ctx.app).get('/api/v1/health').set('X-Request-Id', 'trace-123');
    expect(given.headers['x-request-id']).toBe('trace-123');
    const made = await request(ctx.app).get('/api/v1/health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await request(ctx.app).get('/api/v1/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('health when a part is down', () => {
  it('answers 503 naming the database when it does not answer', async () => {
    const ctx = await createTestApp();
    const broken: Database = { ...ctx.database, ping: () => Promise.reject(new Error('connection refused')) };
    const down = await createTestApp({ database: broken, queue: ctx.queue });
    const res = await request(down.app).get('/api/v1/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded', db: 'down', queue: 'ok' });
    await ctx.close();
  });
});

describe('the app hosts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('shows links to the three apps on the bare domain', async () => {
    const res = await request(ctx.app).get('/').set('Host', 'localhost:8080');
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="//requester.localhost:8080/"');
    expect(res.text).toContain('href="//reviewer.localhost:8080/"');
    expect(res.text).toContain('href="//admin.localhost:8080/"');
  });

  it('sends a strict Content-Security-Policy with every app page', async () => {
    const res = await request(ctx.app).get('/login').set('Host', 'reviewer.localhost:8080');
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('keeps the API on every app host', async () => {
    const res = await request(ctx.app).get('/api/v1/health').set('Host', 'admin.localhost:8080');
    expect(res.body.status).toBe('ok');
  });
});

describe('when the database is out of reach', () => {
  it('answers 503 SERVICE_UNAVAILABLE instead of crashing, and health names the database', async () => {
    const ctx = await createTestApp();
    const unreachable = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
      poolSize: 1,
    });
    const down = {
      app: createApp({
        config: testConfig(),
        database: unreachable,
        queue: ctx.queue,
        logger: testLogger,
        storage: localFileStorage('/tmp/sieve-unused'),
      }),
    };
    const token = issueSessionToken(
      { id: '6f1c1c9e-3b1a-4c55-9d1e-5d7f8b9a0c11', userType: 'requester' },
      TEST_JWT_SECRET,
    ).token;
    const res = await request(down.app).get('/api/v1/requests').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    const login = await request(down.app)
      .post('/api/v1/auth/login')
      .send({ email: 'a@acme-corp.io', password: 'x1x1x1x1' });
    expect(login.status).toBe(503);
    const health = await request(down.app).get('/api/v1/health');
    expect(health.body).toMatchObject({ db: 'down' });
    await unreachable.close();
    await ctx.close();
  });
});

describe('liveness and metrics', () => {
  it('answers liveness without touching the database', async () => {
    const ctx = await createTestApp();
    const res = await request(ctx.app).get('/api/v1/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    await ctx.close();
  });

  it('keeps metrics closed (401) when no METRICS_TOKEN is configured', async () => {
    const ctx = await createTestApp();
    const res = await request(ctx.app).get('/api/v1/metrics');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    expect(res.text).not.toContain('sieve_http_request_duration_seconds');
    await ctx.close();
  });

  it('exposes request latency, queue depth and review counts in Prometheus format, behind METRICS_TOKEN', async () => {
    const ctx = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    await request(ctx.app).get('/api/v1/health');
    expect((await request(ctx.app).get('/api/v1/metrics')).status).toBe(401);
    const res = await request(ctx.app)
      .get('/api/v1/metrics')
      .set('Authorization', 'Bearer metrics-token-0123456789');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/sieve_http_request_duration_seconds_bucket\{.*route="\/api\/v1\/health".*\}/);
    expect(res.text).toMatch(/sieve_queue_jobs\{state="waiting"\} \d+/);
    expect(res.text).toContain('sieve_reviews_submitted_total 0');
    expect(res.text).toContain('# TYPE sieve_job_duration_seconds histogram');
    await ctx.close();
  });

  it('shows the event loop’s delay percentiles behind METRICS_TOKEN (the review bench reads its p99)', async () => {
    const ctx = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    const closed = await request(ctx.app).get('/api/v1/metrics');
    expect(closed.status).toBe(401);
    expect(closed.text).not.toContain('sieve_nodejs_eventloop_lag_p99_seconds');
    const res = await request(ctx.app)
      .get('/api/v1/metrics')
      .set('Authorization', 'Bearer metrics-token-0123456789');
    expect(res.status).toBe(200);
    for (const stat of ['p50', 'p90', 'p99', 'max']) {
      expect(res.text).toMatch(new RegExp(`^sieve_nodejs_eventloop_lag_${stat}_seconds \\d`, 'm'));
    }
    await ctx.close();
  });
});

describe('the API rate limit', () => {
  it('gives each caller a budget per minute and answers 429 RATE_LIMIT_EXCEEDED past it', async () => {
    const ctx = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
    const token = (id: string) =>
      `Bearer ${issueSessionToken({ id, userType: 'requester' }, TEST_JWT_SECRET).token}`;
    const [a, b] = [
      await createUser(ctx.database.db, 'requester'),
      await createUser(ctx.database.db, 'requester'),
    ];
    for (let i = 0; i < 3; i++) {
      expect((await request(ctx.app).get('/api/v1/requests').set('Authorization', token(a.id))).status).toBe(
        200,
      );
    }
    const limited = await request(ctx.app).get('/api/v1/requests').set('Authorization', token(a.id));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(ctx.app).get('/api/v1/requests').set('Authorization', token(b.id))).status).toBe(
      200,
    );
    await ctx.close();
  });
});
