import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { assignments, requests, tasks } from '../db/schema';
import { makeReportPdf } from '../extraction/testing/fixtures';
import { issueSessionToken } from '../modules/auth/tokens';
import { seedPlans } from '../modules/billing/plans';
import { TEST_JWT_SECRET } from '../test/app';
import { createTestDatabase, postgresUrl, redisUrl } from '../test/database';
import { createReviewTask } from '../test/tasks';
import { createUser } from '../test/users';
import { BUILT, run, startApi, startProxy, startRedis, WORKER, waitFor } from './processes';

const ready = BUILT && Boolean(postgresUrl) && Boolean(redisUrl);
const baseEnv = { JWT_SECRET: TEST_JWT_SECRET, SWEEP_INTERVAL_SECONDS: '1', JOB_LOCK_SECONDS: '2' };

async function post(base: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

describe.skipIf(!ready)('faults', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedPlans(db.db, {});
  });
  afterAll(() => db?.close());

  // Each test starts processes that may each take up to 30 s to answer on a busy machine (startApi's
  // own wait), so a test's budget covers every start it makes rather than the suite's default.
  it('keeps every acknowledged review, once, when the API is killed mid-burst', {
    timeout: 120_000,
  }, async () => {
    const requester = await createUser(db.db, 'requester');
    const pairs = [];
    for (let i = 0; i < 100; i++) {
      const { task } = await createReviewTask(db.db, requester.id, { requiredReviews: 1 });
      const worker = await createUser(db.db, 'worker');
      pairs.push({
        task: task.id,
        worker: worker.id,
        token: issueSessionToken(worker, TEST_JWT_SECRET).token,
      });
    }
    const env = { ...baseEnv, DATABASE_URL: db.url ?? '', REDIS_URL: redisUrl ?? '' };
    const api = await startApi(env);
    const review = {
      response: { ai_processed: true, confidence_score: -0.1, result: { total_revenue: 1 } },
      confidence: 0.8,
    };
    let acks = 0;
    const killed = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (acks >= 5) {
          clearInterval(check);
          void api.kill9().then(resolve);
        }
      }, 1);
    });
    const results = await Promise.all(
      pairs.map(async (p) => {
        try {
          const res = await post(api.base, `/worker/tasks/${p.task}/review`, p.token, review);
          if (res.status === 200) acks++;
          return { ...p, acked: res.status === 200 };
        } catch {
          return { ...p, acked: false };
        }
      }),
    );
    await killed;
    const acked = results.filter((r) => r.acked);
    expect(acked.length).toBeGreaterThanOrEqual(5);
    expect(acked.length).toBeLessThan(100);

    const restarted = await startApi({ ...env, DATA_DIR: api.dataDir });
    try {
      for (const r of acked) {
        const stored = await db.db
          .select()
          .from(assignments)
          .where(
            and(
              eq(assignments.taskId, r.task),
              eq(assignments.workerId, r.worker),
              eq(assignments.status, 'submitted'),
            ),
          );
        expect(stored).toHaveLength(1);
      }
      // Everyone sends again (the client retries what it has not seen acknowledged): each review lands once.
      const again = await Promise.all(
        pairs.map((p) => post(restarted.base, `/worker/tasks/${p.task}/review`, p.token, review)),
      );
      expect(again.every((r) => r.status === 200)).toBe(true);
      const counts = await queryRows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from assignments where status = 'submitted' and task_id in (
          select id from tasks where request_id in (select id from requests where requester_id = ${requester.id}))
          group by task_id`,
      );
      expect(counts).toHaveLength(100);
      expect(counts.every((c) => c.n === 1)).toBe(true);
    } finally {
      await restarted.stop();
    }
  });

  it('completes a request exactly once when its worker process is killed mid-extraction', {
    timeout: 300_000,
  }, async () => {
    const redis = await startRedis();
    const pdf = Buffer.from(await makeReportPdf());
    let fetches = 0;
    const hung: import('node:http').ServerResponse[] = [];
    const documents: Server = createServer((_req, res) => {
      fetches++;
      if (fetches === 1) {
        hung.push(res); // the first worker never gets its document
        return;
      }
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdf);
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    const docUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}/report.pdf`;
    const env = { ...baseEnv, DATABASE_URL: db.url ?? '', REDIS_URL: redis.url, ALLOW_PRIVATE_FETCH: '1' };
    const api = await startApi(env);
    const first = run(WORKER, env);
    let second: ReturnType<typeof run> | undefined;
    try {
      const requester = await createUser(db.db, 'requester');
      const token = issueSessionToken(requester, TEST_JWT_SECRET).token;
      const created = await post(api.base, '/requests', token, {
        document_type: 'pdf',
        metadata: { url: docUrl, data_points: ['Total revenue'] },
      });
      expect(created.status).toBe(201);
      const id = String(created.body?.request_id);
      // Generous waits: a worker process starting on a busy machine takes tens of seconds.
      await waitFor(async () => fetches >= 1, 'the first worker to start extracting', 90_000, first);
      await first.kill9();
      second = run(WORKER, env);
      await waitFor(
        async () => (await db.db.select().from(tasks).where(eq(tasks.requestId, id))).length > 0,
        'the second worker to finish the request',
        90_000,
        second,
      );
      await new Promise((r) => setTimeout(r, 1500)); // a duplicate run would land in this window
      const rows = await db.db.select().from(tasks).where(eq(tasks.requestId, id));
      expect(rows).toHaveLength(1);
      const [row] = await db.db.select().from(requests).where(eq(requests.id, id));
      expect(row?.status).toBe('processing');
      const ai = row?.aiResult as { result: Record<string, { value: unknown }> } | undefined;
      expect(ai?.result['Total revenue']?.value).toBe(1234500000);
    } finally {
      for (const res of hung) res.destroy();
      await second?.stop();
      await first.stop();
      await api.stop();
      await redis.stop();
      await new Promise<void>((resolve) => documents.close(() => resolve()));
    }
  });

  it('keeps answering while Redis restarts, and the queued work resumes after', {
    timeout: 300_000,
  }, async () => {
    const redis = await startRedis();
    const env = { ...baseEnv, DATABASE_URL: db.url ?? '', REDIS_URL: redis.url };
    const api = await startApi(env);
    const worker = run(WORKER, env);
    const requester = await createUser(db.db, 'requester');
    const token = issueSessionToken(requester, TEST_JWT_SECRET).token;
    let restarted: Awaited<ReturnType<typeof startRedis>> | undefined;
    try {
      await redis.stop();
      const list = await fetch(`${api.base}/api/v1/requests`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.status).toBe(200);
      const created = await post(api.base, '/requests', token, {
        document_type: 'custom_prompt',
        metadata: {
          custom_prompt: 'Extract',
          text: 'Total revenue: $5 million',
          data_points: ['Total revenue'],
          ai_only_mode: true,
        },
      });
      expect(created.status).toBe(201);
      const health = await fetch(`${api.base}/api/v1/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ db: 'ok', queue: 'down' });

      restarted = await startRedis(redis.port);
      const id = String(created.body?.request_id);
      await waitFor(
        async () =>
          (await db.db.select().from(requests).where(eq(requests.id, id)))[0]?.status === 'completed',
        'the request to complete once Redis is back',
        30_000,
        worker,
      );
      expect(api.child.exitCode).toBeNull();
    } finally {
      await worker.stop();
      await api.stop();
      await restarted?.stop();
    }
  });

  it('answers 503 while Postgres is unreachable and recovers by itself', { timeout: 120_000 }, async () => {
    const url = new URL(db.url ?? '');
    const proxy = await startProxy(Number(url.port || 5432));
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    const api = await startApi({ ...baseEnv, DATABASE_URL: url.toString() });
    const requester = await createUser(db.db, 'requester');
    const token = issueSessionToken(requester, TEST_JWT_SECRET).token;
    const list = () =>
      fetch(`${api.base}/api/v1/requests`, { headers: { authorization: `Bearer ${token}` } });
    try {
      expect((await list()).status).toBe(200);
      proxy.cut();
      const down = await list();
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect((await fetch(`${api.base}/api/v1/health`)).status).toBe(503);
      proxy.restore();
      await waitFor(async () => (await list()).status === 200, 'the API to recover', 20_000, api);
      expect(api.child.exitCode).toBeNull();
    } finally {
      await api.stop();
      await proxy.close();
    }
  });
});
