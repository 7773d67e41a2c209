import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@sieve/client';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../../packages/client/src/cli';
import type { Database } from '../../db/client';
import {
  requests as requestsTable,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { HeuristicProvider } from '../../extraction';
import { BullQueue } from '../../jobs/bullmq-queue';
import { InProcessQueue } from '../../jobs/in-process-queue';
import { startWebhookDelivery } from '../../jobs/processors';
import type { JobQueue } from '../../jobs/queue';
import { createTestApp, type TestContext, testLogger } from '../../test/app';
import { createTestDatabase, redisUrl } from '../../test/database';
import { createReviewTask } from '../../test/tasks';
import { createUser } from '../../test/users';
import { createFilesService } from '../files/files.service';
import { createExtractionProcessor } from '../requests/extraction.processor';
import { createRequestsService } from '../requests/requests.service';
import { webhookDeliveryJob } from './webhooks.jobs';
import { createWebhooksService } from './webhooks.service';

/** The first retry comes this long after a failure; then 2×, 4× (real waits, kept short). */
const RETRY_BASE_MS = 150;

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

/** A local receiver answering from a script of status codes (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = statuses.shift() ?? 200;
      if (res.statusCode >= 300 && res.statusCode < 400)
        res.setHeader('location', 'https://acme-corp.io/elsewhere');
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = async () => {
      if (await check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 25);
    };
    void tick();
  });
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const prefix = `sieve-webhooks-${randomBytes(4).toString('hex')}`;
const backends: [string, boolean, () => JobQueue][] = [
  [
    'in-process',
    true,
    () => new InProcessQueue(database.db, { concurrency: 2, pollMs: 25, logger: testLogger }),
  ],
  [
    'bullmq',
    Boolean(redisUrl),
    () =>
      new BullQueue({
        redisUrl: redisUrl ?? '',
        concurrency: 2,
        logger: testLogger,
        prefix,
        lockDurationMs: 2_000,
        stalledIntervalMs: 1_000,
        db: database.db,
      }),
  ],
];

/** The job runner's side: the delivery processor on a queue, as main.ts / worker.ts start it. */
async function runner(
  queue: JobQueue,
  options: { allowPrivateFetch?: boolean; retryBaseMs?: number; tries?: string[]; name?: string } = {},
) {
  const requests = createRequestsService({
    db: database.db,
    queue,
    files: createFilesService({ db: database.db, storage: { put: async () => undefined } as never }),
    logger: testLogger,
  });
  const webhooks = createWebhooksService({
    db: database.db,
    queue,
    logger: testLogger,
    loadRequest: (requesterId, id) => requests.get(requesterId, id),
    allowPrivateFetch: options.allowPrivateFetch ?? true,
    retryBaseMs: options.retryBaseMs ?? RETRY_BASE_MS,
  });
  if (options.tries) {
    // Which runner made which try (the restart test).
    const { tries, name } = options;
    await queue.process(webhookDeliveryJob, async (payload) => {
      tries.push(`${name}:${payload.attempt}`);
      await webhooks.deliver(payload);
    });
  } else {
    await startWebhookDelivery(queue, webhooks);
  }
  return webhooks;
}

describe.each(backends)('webhooks on the %s job back end', (_name, available, makeQueue) => {
  let ctx: TestContext;
  const opened: JobQueue[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const open = () => {
    const queue = makeQueue();
    opened.push(queue);
    return queue;
  };
  /** A job runner for one test: the app's own queue only produces, so each test knows who ran what. */
  const runnerQueue = () => {
    const queue = open();
    closers.push(() => queue.close());
    return queue;
  };
  beforeAll(async () => {
    if (!available) return;
    ctx = await createTestApp({
      database: { ...database, close: async () => undefined },
      queue: open(),
      env: { ALLOW_PRIVATE_FETCH: '1', WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) },
    });
  });
  afterEach(async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    await Promise.allSettled(opened.map((q) => q.close()));
  });

  async function addEndpoint(auth: string, url: string, events = ['request.completed']) {
    const res = await request(ctx.app)
      .post('/api/v1/webhooks')
      .set('Authorization', auth)
      .send({ url, events });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  }

  /** Completes a request through a real review (the state change that emits request.completed). */
  async function completeThroughReview(requesterId: string) {
    const { request: req, task } = await createReviewTask(database.db, requesterId, { requiredReviews: 1 });
    const worker = await createUser(database.db, 'worker');
    const res = await request(ctx.app)
      .post(`/api/v1/worker/tasks/${task.id}/review`)
      .set('Authorization', worker.auth)
      .send({
        response: {
          ai_processed: true,
          confidence_score: -0.1,
          result: { total_revenue: { value: 1234500000 } },
        },
      });
    expect(res.status).toBe(200);
    expect(res.body.task_status).toBe('completed');
    return req.id;
  }

  it.skipIf(!available)(
    'signs each delivery so the client verifier accepts it and refuses it after tampering',
    async () => {
      await runner(runnerQueue());
      const hook = await receiver();
      closers.push(hook.close);
      const owner = await createUser(database.db, 'requester');
      const endpoint = await addEndpoint(owner.auth, hook.url, ['request.completed', 'task.reviewed']);
      expect(endpoint.secret).toMatch(/^whsec_/);
      const requestId = await completeThroughReview(owner.id);
      await waitFor(() => hook.received.length >= 2, 'two events');

      const types = hook.received.map((r) => r.headers['sieve-event-type']).sort();
      expect(types).toEqual(['request.completed', 'task.reviewed']);
      const completed = hook.received.find((r) => r.headers['sieve-event-type'] === 'request.completed');
      if (!completed) throw new Error('no request.completed');
      const signature = String(completed.headers['sieve-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(await verifyWebhookSignature(completed.body, signature, endpoint.secret)).toBe(true);
      expect(
        await verifyWebhookSignature(
          completed.body.replace('1234500000', '9234500000'),
          signature,
          endpoint.secret,
        ),
      ).toBe(false);
      expect(await verifyWebhookSignature(completed.body, signature, 'whsec_wrong')).toBe(false);

      // The body: {id, type, created_at, data: {request}} with the request as GET /requests/{id} returns it.
      const event = JSON.parse(completed.body);
      expect(Object.keys(event).sort()).toEqual(['created_at', 'data', 'id', 'type']);
      expect(event.id).toBe(completed.headers['sieve-event-id']);
      const detail = await request(ctx.app)
        .get(`/api/v1/requests/${requestId}`)
        .set('Authorization', owner.auth);
      expect(event.data.request).toEqual(detail.body);
      expect(event.data.request.status).toBe('completed');
    },
  );

  it.skipIf(!available || _name !== 'in-process')(
    '`sieve listen --forward-to` posts a request.completed event, signed so the client verifier accepts it',
    async () => {
      await runner(runnerQueue());
      const hook = await receiver();
      closers.push(hook.close);
      const owner = await createUser(database.db, 'requester');
      const key = await request(ctx.app)
        .post('/api/v1/keys')
        .set('Authorization', owner.auth)
        .send({ name: 'listen', scopes: ['webhooks:manage'] });
      expect(key.status).toBe(201);
      const server = ctx.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      closers.push(() => new Promise((resolve) => server.close(resolve)));
      const stop = new AbortController();
      const out: string[] = [];
      const err: string[] = [];
      const exited = runCli(['listen', '--forward-to', hook.url, '--events', 'request.completed'], {
        env: {
          SIEVE_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          SIEVE_API_KEY: key.body.secret,
        },
        stdout: (t) => void out.push(t),
        stderr: (t) => void err.push(t),
        prompt: async () => '',
        signal: stop.signal,
      });
      await waitFor(() => err.join('').includes('whsec_'), 'the listener to start');
      const secret = /(whsec_[\w-]+)/.exec(err.join(''))?.[1] ?? '';
      expect(err.join('')).toContain('Your webhook signing secret is whsec_');

      const requestId = await completeThroughReview(owner.id);
      await waitFor(() => hook.received.length >= 1, 'the forwarded event');
      const [forwarded] = hook.received;
      if (!forwarded) throw new Error('nothing forwarded');
      expect(forwarded.headers['sieve-event-type']).toBe('request.completed');
      expect(
        await verifyWebhookSignature(forwarded.body, String(forwarded.headers['sieve-signature']), secret),
      ).toBe(true);
      const event = JSON.parse(forwarded.body);
      expect(event.id).toBe(forwarded.headers['sieve-event-id']);
      expect(event.data.request).toMatchObject({ request_id: requestId, status: 'completed' });
      await waitFor(() => out.join('').includes('<-- [200]'), 'the answer to be shown');
      stop.abort();
      expect(await exited).toBe(0);
      expect(out.join('')).toContain(`--> request.completed [${event.id}]`);
      expect(hook.received).toHaveLength(1);
      // The listener is the CLI's: not among the account's endpoints, and the server posts nothing itself.
      const listed = await request(ctx.app).get('/api/v1/webhooks').set('Authorization', owner.auth);
      expect(listed.body.webhooks).toEqual([]);
    },
  );

  it.skipIf(!available || _name !== 'in-process')(
    'records a receiver answering with a redirect as a failed delivery with its reason, not retried',
    async () => {
      await runner(runnerQueue());
      const hook = await receiver([302, 200, 200]);
      closers.push(hook.close);
      const owner = await createUser(database.db, 'requester');
      const endpoint = await addEndpoint(owner.auth, hook.url);
      await completeThroughReview(owner.id);
      const deliveryLog = () =>
        request(ctx.app).get(`/api/v1/webhooks/${endpoint.id}/deliveries`).set('Authorization', owner.auth);
      await waitFor(
        async () => (await deliveryLog()).body.deliveries?.[0]?.status === 'failed',
        'the failure',
      );
      const [delivery] = (await deliveryLog()).body.deliveries;
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0].error).toMatch(/redirect/i);
      expect(delivery.attempts[0].next_attempt_at).toBeNull();
      expect(delivery.next_attempt_at).toBeNull();
      expect(hook.received).toHaveLength(1);
    },
  );

  it.skipIf(!available)(
    'retries a receiver answering 500 three times: four deliveries, growing delays, one event id',
    async () => {
      await runner(runnerQueue());
      const hook = await receiver([500, 500, 500, 200]);
      closers.push(hook.close);
      const owner = await createUser(database.db, 'requester');
      const endpoint = await addEndpoint(owner.auth, hook.url);
      await completeThroughReview(owner.id);
      await waitFor(() => hook.received.length >= 4, 'four deliveries');

      expect(new Set(hook.received.map((r) => r.headers['sieve-event-id'])).size).toBe(1);
      expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
      const gaps = hook.received.slice(1).map((r, i) => r.at - (hook.received[i]?.at ?? 0));
      // Each wait is at least the backoff (base, 2×, 4×); under load they can only be longer.
      expect(gaps[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS - 5);
      expect(gaps[1]).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - 5);
      expect(gaps[2]).toBeGreaterThanOrEqual(4 * RETRY_BASE_MS - 5);

      // The receiver has its fourth call; the runner records the answer just after it.
      const deliveryLog = () =>
        request(ctx.app).get(`/api/v1/webhooks/${endpoint.id}/deliveries`).set('Authorization', owner.auth);
      await waitFor(async () => (await deliveryLog()).body.deliveries?.[0]?.status !== 'pending', 'the log');
      const log = await deliveryLog();
      expect(log.status).toBe(200);
      const [delivery] = log.body.deliveries;
      expect(delivery.status).toBe('delivered');
      expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([
        500, 500, 500, 200,
      ]);
      // The scheduled delays double: base, 2×, 4×.
      const scheduled = delivery.attempts
        .slice(0, 3)
        .map(
          (a: { at: string; next_attempt_at: string }) => Date.parse(a.next_attempt_at) - Date.parse(a.at),
        );
      expect(scheduled[1]).toBeGreaterThan(scheduled[0]);
      expect(scheduled[2]).toBeGreaterThan(scheduled[1]);
      expect(delivery.attempts[3].next_attempt_at).toBeNull();
      await waitFor(() => hook.received.length >= 4, 'settled');
      expect(hook.received).toHaveLength(4);
    },
  );

  it.skipIf(!available)(
    'loses no delivery when the job runner restarts in the middle of the retries',
    async () => {
      const first = open();
      const tries: string[] = [];
      // A retry 1 s out: the first runner is surely gone before it is due.
      await runner(first, { tries, name: 'first', retryBaseMs: 1_000 });
      const hook = await receiver([500, 200]);
      closers.push(hook.close);
      const owner = await createUser(database.db, 'requester');
      const endpoint = await addEndpoint(owner.auth, hook.url);
      // The API only records and queues: the runner on `first` makes the first try.
      await request(ctx.app)
        .post(`/api/v1/webhooks/${endpoint.id}/test`)
        .set('Authorization', owner.auth)
        .expect(202);
      await waitFor(() => hook.received.length >= 1, 'the first try');
      await first.close();
      // The runner is gone while the retry waits; a new process picks it up.
      const second = open();
      await runner(second, { tries, name: 'second' });
      await waitFor(() => hook.received.length >= 2, 'the retry after the restart');
      expect(hook.received[0]?.headers['sieve-event-id']).toBe(hook.received[1]?.headers['sieve-event-id']);
      const [delivery] = await database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      await waitFor(async () => {
        const [row] = await database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, delivery?.id ?? ''));
        return row?.status === 'delivered';
      }, 'delivered');
      const attempts = await database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, delivery?.id ?? ''));
      expect(attempts.map((a) => a.statusCode).sort()).toEqual([200, 500]);
      expect(tries).toEqual(['first:1', 'second:2']);
    },
  );
});

describe('events of the extraction job', () => {
  it('announces request.completed (AI only), request.needs_review and request.failed where they happen', async () => {
    const ctx = await createTestApp({ database: { ...database, close: async () => undefined } });
    const queue = new InProcessQueue(database.db, { concurrency: 2, pollMs: 25, logger: testLogger });
    const hook = await receiver();
    try {
      const webhooks = await runner(queue);
      const extract = createExtractionProcessor({
        db: database.db,
        storage: ctx.storage,
        provider: new HeuristicProvider(),
        load: { allowPrivateFetch: false, secBaseUrl: 'https://sec.invalid', secUserAgent: 'Sieve tests' },
        logger: testLogger,
        webhooks: webhooks.emitter,
      });
      const owner = await createUser(database.db, 'requester');
      await webhooks.create(owner.id, {
        url: hook.url,
        events: ['request.completed', 'request.failed', 'request.needs_review'],
      });
      const submit = async (aiOnly: boolean) => {
        const res = await request(ctx.app)
          .post('/api/v1/requests')
          .set('Authorization', owner.auth)
          .send({
            document_type: 'custom_prompt',
            metadata: {
              text: 'Quarterly report\nTotal revenue: $5.2 million',
              custom_prompt: 'Find the revenue',
              data_points: ['Total revenue'],
              ai_only_mode: aiOnly,
            },
          });
        expect(res.status).toBe(201);
        return res.body.request_id as string;
      };
      const aiOnly = await submit(true);
      const reviewed = await submit(false);
      const [missing] = await database.db
        .insert(requestsTable)
        .values({
          requesterId: owner.id,
          documentType: 'pdf',
          metadata: { file_id: '00000000-0000-4000-8000-000000000000' },
        })
        .returning();
      for (const id of [aiOnly, reviewed, missing?.id ?? ''])
        await extract({ requestId: id }, { jobId: id, attempt: 1 });

      await waitFor(() => hook.received.length >= 3, 'three events');
      const events = hook.received.map((r) => JSON.parse(r.body));
      const byRequest = new Map(events.map((e) => [e.data.request.request_id, e]));
      expect(byRequest.get(aiOnly)).toMatchObject({
        type: 'request.completed',
        data: { request: { status: 'completed' } },
      });
      expect(byRequest.get(reviewed)).toMatchObject({
        type: 'request.needs_review',
        data: { request: { status: 'processing' } },
      });
      expect(byRequest.get(reviewed)?.data.request.tasks).toHaveLength(1);
      expect(byRequest.get(missing?.id)).toMatchObject({
        type: 'request.failed',
        data: { request: { status: 'failed' } },
      });
      // The job again (at-least-once queues redeliver): nothing changes, nothing is sent twice.
      await extract({ requestId: aiOnly }, { jobId: aiOnly, attempt: 2 });
      expect(hook.received).toHaveLength(3);
    } finally {
      await queue.close();
      await hook.close();
      await ctx.queue.close();
    }
  });
});

describe('the fetch guard on webhook deliveries', () => {
  it('refuses an endpoint on a private address unless ALLOW_PRIVATE_FETCH=1, and never POSTs to one', async () => {
    const ctx = await createTestApp({
      database: { ...database, close: async () => undefined },
      env: { WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS) },
    });
    const hook = await receiver();
    try {
      const owner = await createUser(database.db, 'requester');
      for (const url of [
        hook.url,
        'http://localhost:9/x',
        'http://10.1.2.3/x',
        'http://169.254.169.254/latest',
      ]) {
        const res = await request(ctx.app)
          .post('/api/v1/webhooks')
          .set('Authorization', owner.auth)
          .send({ url, events: ['request.completed'] });
        expect([url, res.status, res.body.code]).toEqual([url, 400, 'WEBHOOK_URL_REFUSED']);
      }
      // An endpoint stored while private addresses were allowed: the guard refuses it at delivery.
      const queue = new InProcessQueue(database.db, { concurrency: 1, pollMs: 25, logger: testLogger });
      const webhooks = await runner(queue, { allowPrivateFetch: false });
      const [endpoint] = await database.db
        .insert(webhookEndpoints)
        .values({
          userId: owner.id,
          url: hook.url,
          events: ['request.completed'],
          secret: 'whsec_x',
        })
        .returning();
      const delivery = await webhooks.sendTest(owner.id, endpoint?.id ?? '');
      await waitFor(async () => {
        const [row] = await database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, delivery?.id ?? ''));
        return row?.status === 'failed';
      }, 'the refusal');
      const [attempt] = await database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, delivery?.id ?? ''));
      expect(attempt?.statusCode).toBeNull();
      expect(attempt?.error).toMatch(/loopback/);
      expect(hook.received).toHaveLength(0);
      await queue.close();
    } finally {
      await hook.close();
      await ctx.queue.close();
    }
  });
});
