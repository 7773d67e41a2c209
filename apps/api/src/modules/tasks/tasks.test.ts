import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignments, requests, tasks } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createReviewTask } from '../../test/tasks';
import { createUser } from '../../test/users';
import { createTasksService } from './tasks.service';

let ctx: TestContext;
let requester: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  requester = await createUser(ctx.database.db, 'requester');
});
afterAll(() => ctx.close());

type Worker = Awaited<ReturnType<typeof createUser>>;
const workers = (n: number) =>
  Promise.all(Array.from({ length: n }, () => createUser(ctx.database.db, 'worker')));
const post = (worker: Worker, path: string, body: object = {}) =>
  request(ctx.app).post(`/api/v1/worker/tasks/${path}`).set('Authorization', worker.auth).send(body);
const reviewBody = (result: Record<string, unknown>) => ({
  response: { ai_processed: true, confidence_score: -0.5, result },
  confidence: 0.9,
});
const listFor = async (worker: Worker, query = '') =>
  (await request(ctx.app).get(`/api/v1/worker/tasks${query}`).set('Authorization', worker.auth)).body;
const taskRow = async (id: string) => (await ctx.database.db.select().from(tasks).where(eq(tasks.id, id)))[0];

describe('claims', () => {
  it('gives exactly the open slots to 50 concurrent accepts', async () => {
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2 });
    const crowd = await workers(50);
    const results = await Promise.all(crowd.map((w) => post(w, `${task.id}/accept`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(48);
    expect(refused[0]?.body.code).toBe('TASK_ALREADY_CLAIMED');
    const claims = await ctx.database.db.select().from(assignments).where(eq(assignments.taskId, task.id));
    expect(claims).toHaveLength(2);
    expect((await taskRow(task.id))?.status).toBe('claimed');
  });

  it('renews a held lease, and lists the held task for its holder only', async () => {
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 });
    const [holder, other] = await workers(2);
    if (!holder || !other) throw new Error();
    const first = await post(holder, `${task.id}/accept`);
    const again = await post(holder, `${task.id}/accept`);
    expect(again.status).toBe(200);
    expect(Date.parse(again.body.lease_expires_at)).toBeGreaterThanOrEqual(
      Date.parse(first.body.lease_expires_at),
    );
    expect((await listFor(holder)).tasks.map((t: { task_id: string }) => t.task_id)).toContain(task.id);
    expect((await listFor(other)).tasks.map((t: { task_id: string }) => t.task_id)).not.toContain(task.id);
  });

  it('frees the slot of an expired lease and answers the late submit with 410', async () => {
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 });
    const [late, next] = await workers(2);
    if (!late || !next) throw new Error();
    expect((await post(late, `${task.id}/accept`)).status).toBe(200);
    expect((await post(next, `${task.id}/accept`)).status).toBe(409);
    await ctx.database.db
      .update(assignments)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(assignments.taskId, task.id));
    const service = createTasksService({ db: ctx.database.db, leaseSeconds: 60, logger: console as never });
    expect(await service.expireLeases()).toBeGreaterThanOrEqual(1);
    expect((await taskRow(task.id))?.status).toBe('available');
    const submit = await post(late, `${task.id}/review`, reviewBody({ total_revenue: 1 }));
    expect(submit.status).toBe(410);
    expect(submit.body.code).toBe('TASK_EXPIRED');
    expect((await post(next, `${task.id}/accept`)).status).toBe(200);
  });
});

describe('reviews and consensus', () => {
  it('counts a repeated submission once', async () => {
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2 });
    const [w] = await workers(1);
    if (!w) throw new Error();
    const body = reviewBody({ total_revenue: 1234500000 });
    const first = await post(w, `${task.id}/review`, body);
    const second = await post(w, `${task.id}/review`, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.submitted_at).toBe(first.body.submitted_at);
    const rows = await ctx.database.db.select().from(assignments).where(eq(assignments.taskId, task.id));
    expect(rows.filter((r) => r.status === 'submitted')).toHaveLength(1);
  });

  it('completes the task and its request when two reviews agree', async () => {
    const { task, request: req } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 2,
    });
    const [a, b] = await workers(2);
    if (!a || !b) throw new Error();
    await post(
      a,
      `${task.id}/review`,
      reviewBody({ total_revenue: { value: '1,234,500,000', source_text: 'Total revenue' } }),
    );
    const second = await post(b, `${task.id}/review`, reviewBody({ total_revenue: 1234500000 }));
    expect(second.body.task_status).toBe('completed');
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, req.id));
    expect(row?.status).toBe('completed');
    // The result keeps its evidence (issue 13): the reviewer's source text, the AI's location.
    expect(row?.finalResult).toEqual({
      total_revenue: {
        value: '1,234,500,000',
        source_text: 'Total revenue',
        location: 'page 2, line 3',
        corrected: false,
      },
    });
    const detail = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}`)
      .set('Authorization', requester.auth);
    expect(detail.body).toMatchObject({ status: 'completed', result: { success: true } });
    expect(detail.body.tasks[0]).toMatchObject({ status: 'completed', reviews_received: 2 });
    // Both downloads carry the evidence.
    const csv = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}/result?format=csv`)
      .set('Authorization', requester.auth);
    expect(csv.text.split(/\r?\n/)[0]).toBe(
      'data_point,value,location,source_text,source_url,page,box,confidence,corrected,ai_value,disputed',
    );
    expect(csv.text).toContain('total_revenue,"1,234,500,000","page 2, line 3",Total revenue,,,,,false');
    const json = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}/result?format=json`)
      .set('Authorization', requester.auth);
    expect(JSON.parse(json.text).result.total_revenue).toMatchObject({
      location: 'page 2, line 3',
      corrected: false,
    });
  });

  it('asks for a third review on a disagreement, then settles by majority', async () => {
    const { task, request: req } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 2,
    });
    const [a, b, c] = await workers(3);
    if (!a || !b || !c) throw new Error();
    await post(a, `${task.id}/review`, reviewBody({ total_revenue: 100 }));
    const second = await post(b, `${task.id}/review`, reviewBody({ total_revenue: 200 }));
    expect(second.body.task_status).toBe('available');
    expect((await taskRow(task.id))?.requiredReviews).toBe(3);
    expect((await listFor(c)).tasks.map((t: { task_id: string }) => t.task_id)).toContain(task.id);
    const third = await post(c, `${task.id}/review`, reviewBody({ total_revenue: '200' }));
    expect(third.body.task_status).toBe('completed');
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, req.id));
    // A corrected value is marked, with the AI's value beside it, and none of the AI's source
    // text or location: they point at the figure that was wrong (issue 40).
    expect(row?.finalResult).toEqual({
      total_revenue: { value: 200, ai_value: 1234500000, corrected: true },
    });
  });

  it('keeps identifiers as strings through review, consensus and both downloads (issue 40)', async () => {
    const { task, request: req } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 2,
      result: {
        receipt_number: { value: '004817', source_text: 'Receipt #: 004817', location: 'line 2' },
        card_last_four: { value: '4421', source_text: 'VISA **** 4421', location: 'line 9' },
        total: { value: 12.5, source_text: 'TOTAL 12.50', location: 'line 12' },
      },
    });
    const [a, b, c] = await workers(3);
    if (!a || !b || !c) throw new Error();
    const review = (card: string) =>
      reviewBody({ receipt_number: '004817', card_last_four: card, total: 12.5 });
    await post(a, `${task.id}/review`, review('0042'));
    // "42" is another card ending than "0042": no agreement, a third review decides.
    expect((await post(b, `${task.id}/review`, review('42'))).body.task_status).toBe('available');
    expect((await post(c, `${task.id}/review`, review('0042'))).body.task_status).toBe('completed');
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, req.id));
    expect(row?.finalResult).toEqual({
      receipt_number: {
        value: '004817',
        source_text: 'Receipt #: 004817',
        location: 'line 2',
        corrected: false,
      },
      card_last_four: { value: '0042', corrected: true, ai_value: '4421' },
      total: { value: 12.5, source_text: 'TOTAL 12.50', location: 'line 12', corrected: false },
    });
    const json = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}/result?format=json`)
      .set('Authorization', requester.auth);
    const downloaded = JSON.parse(json.text).result;
    expect(downloaded.receipt_number.value).toBe('004817');
    expect(downloaded.card_last_four.value).toBe('0042');
    const csv = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}/result?format=csv`)
      .set('Authorization', requester.auth);
    expect(csv.text).toContain('receipt_number,004817,');
    expect(csv.text).toContain('card_last_four,0042,');
  });

  it('flags a disputed item with the better reviewer’s value when all three differ', async () => {
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 3 });
    const [a, b, c] = await workers(3);
    if (!a || !b || !c) throw new Error();
    // b has a record of matching consensus; a and c have none.
    await ctx.database.db.insert(assignments).values({
      taskId: (await createReviewTask(ctx.database.db, requester.id)).task.id,
      workerId: b.id,
      status: 'submitted',
      leaseExpiresAt: new Date(),
      itemsTotal: 10,
      itemsMatched: 10,
    });
    for (const [w, v] of [
      [a, 1],
      [b, 2],
      [c, 3],
    ] as const)
      await post(w, `${task.id}/review`, reviewBody({ total_revenue: v }));
    expect((await taskRow(task.id))?.finalResult).toMatchObject({
      total_revenue: { value: 2, disputed: true, corrected: true },
    });
  });
});

describe('line items', () => {
  const fields = [
    { name: 'total', type: 'money' },
    {
      name: 'line_items',
      type: 'line_items',
      columns: [
        { name: 'description', type: 'text' },
        { name: 'amount', type: 'money' },
      ],
    },
  ];
  const aiRows = [
    {
      description: 'Widget',
      amount: 10,
      anchor: { page: 1 },
      confidence: { description: 0.93, amount: 0.93 },
    },
    {
      description: 'Gadget',
      amount: 25.5,
      anchor: { page: 1 },
      confidence: { description: 0.93, amount: 0.6 },
    },
    { description: 'Bolt', amount: 3, anchor: { page: 1 }, confidence: { description: 0.93, amount: 0.93 } },
  ];
  const lineItemsTask = () =>
    createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 2,
      metadata: { fields },
      result: {
        total: { value: 38.5, type: 'money', currency: 'USD', source_text: 'Total 38.50' },
        line_items: { value: aiRows, type: 'line_items' },
      },
    });
  const withAmount = (gadget: number) => [
    { description: 'Widget', amount: 10 },
    { description: 'Gadget', amount: gadget },
    { description: 'Bolt', amount: 3 },
  ];

  it('settles line items row by row: one differing amount costs the odd reviewer one row, not the field', async () => {
    const { task, request: req } = await lineItemsTask();
    const [a, b, c] = await workers(3);
    if (!a || !b || !c) throw new Error();
    const submit = (w: Worker, gadget: number) =>
      post(
        w,
        `${task.id}/review`,
        reviewBody({
          total: { value: 38.5, type: 'money', currency: 'USD' },
          line_items: { value: withAmount(gadget), type: 'line_items' },
        }),
      );
    expect((await submit(a, 25.5)).body.task_status).toBe('available');
    expect((await submit(b, 52.5)).body.task_status).toBe('available');
    expect((await taskRow(task.id))?.requiredReviews).toBe(3);
    expect((await submit(c, 52.5)).body.task_status).toBe('completed');
    const detail = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}`)
      .set('Authorization', requester.auth);
    const items = detail.body.final_result.line_items;
    expect(
      items.value.map((r: { description: string; amount: number }) => [r.description, r.amount]),
    ).toEqual([
      ['Widget', 10],
      ['Gadget', 52.5],
      ['Bolt', 3],
    ]);
    expect(items).toMatchObject({ type: 'line_items', corrected: true });
    expect(items.disputed).toBeUndefined();
    const scores = await ctx.database.db.select().from(assignments).where(eq(assignments.taskId, task.id));
    const scoreOf = (w: Worker) => scores.find((s) => s.workerId === w.id);
    // The total and three rows: the odd reviewer matched the total and two rows of three.
    expect(scoreOf(a)).toMatchObject({ itemsTotal: 4, itemsMatched: 3 });
    expect(scoreOf(b)).toMatchObject({ itemsTotal: 4, itemsMatched: 4 });
  });
});

describe('typed fields in review', () => {
  const typedTask = () =>
    createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 1,
      result: {
        total: { value: 38.5, type: 'money', currency: 'USD', source_text: 'Total 38.50' },
        invoice_number: { value: '004817', type: 'identifier' },
      },
    });

  it('keeps each item’s type on the reviewed result when the reviewer’s form leaves it out', async () => {
    const { task, request: req } = await typedTask();
    const [w] = await workers(1);
    if (!w) throw new Error();
    const submit = await post(
      w,
      `${task.id}/review`,
      reviewBody({ total: { value: 40, currency: 'USD', source_text: '' }, invoice_number: '004817' }),
    );
    expect(submit.body.task_status).toBe('completed');
    const detail = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}`)
      .set('Authorization', requester.auth);
    expect(detail.body.final_result.total).toMatchObject({ value: 40, type: 'money', currency: 'USD' });
    expect(detail.body.final_result.invoice_number).toMatchObject({ value: '004817', type: 'identifier' });
  });

  it('refuses a review that changes a field’s type, naming the field (400 INVALID_INPUT)', async () => {
    const { task } = await typedTask();
    const [w] = await workers(1);
    if (!w) throw new Error();
    const submit = await post(
      w,
      `${task.id}/review`,
      reviewBody({ total: { value: 38.5, type: 'text' }, invoice_number: '004817' }),
    );
    expect(submit.status).toBe(400);
    expect(submit.body.code).toBe('INVALID_INPUT');
    expect(submit.body.fields).toHaveProperty(['response.result.total.type']);
    expect((await taskRow(task.id))?.status).not.toBe('completed');
  });
});

describe('skip and reject', () => {
  it('hides a skipped or not-qualified task from that worker only', async () => {
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2 });
    const [skipper, unqualified, other] = await workers(3);
    if (!skipper || !unqualified || !other) throw new Error();
    await post(skipper, `${task.id}/accept`);
    expect((await post(skipper, `${task.id}/skip`)).body).toEqual({ task_id: task.id, status: 'skipped' });
    expect((await post(unqualified, `${task.id}/reject`, { rejection_reason: 'not_qualified' })).status).toBe(
      200,
    );
    for (const w of [skipper, unqualified]) {
      expect((await listFor(w)).tasks.map((t: { task_id: string }) => t.task_id)).not.toContain(task.id);
      expect((await post(w, `${task.id}/accept`)).status).toBe(404);
    }
    expect((await listFor(other)).tasks.map((t: { task_id: string }) => t.task_id)).toContain(task.id);
    expect((await taskRow(task.id))?.status).toBe('available');
  });

  it('rejects the task when a majority of its required reviews vote to reject', async () => {
    const { task, request: req } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 2,
    });
    const [a, b] = await workers(2);
    if (!a || !b) throw new Error();
    await post(a, `${task.id}/reject`, {});
    expect((await taskRow(task.id))?.status).toBe('available');
    await post(b, `${task.id}/reject`, { rejection_reason: 'poor_quality' });
    expect((await taskRow(task.id))?.status).toBe('rejected');
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, req.id));
    expect(row).toMatchObject({ status: 'failed', error: 'Reviewers rejected this document.' });
  });

  it('answers 404 for an unknown task and 400 for a bad reason', async () => {
    const [w] = await workers(1);
    if (!w) throw new Error();
    expect((await post(w, '6f1c1c9e-3b1a-4c55-9d1e-5d7f8b9a0c11/accept')).body.code).toBe('TASK_NOT_FOUND');
    const { task } = await createReviewTask(ctx.database.db, requester.id);
    expect((await post(w, `${task.id}/reject`, { rejection_reason: 'bored' })).status).toBe(400);
  });
});

describe('the queue', () => {
  it('lists by priority then age, searches, filters and pages', async () => {
    const [w] = await workers(1);
    if (!w) throw new Error();
    const low = await createReviewTask(ctx.database.db, requester.id, {
      priority: 1,
      name: 'Zeta lease',
      documentType: 'lease',
    });
    const high = await createReviewTask(ctx.database.db, requester.id, {
      priority: 3,
      name: 'Alpha filing',
      documentType: 'sec',
    });
    const all = await listFor(w, '?limit=500');
    const ids = all.tasks.map((t: { task_id: string }) => t.task_id);
    expect(ids.indexOf(high.task.id)).toBeLessThan(ids.indexOf(low.task.id));
    expect(all).toMatchObject({ page: 1, limit: 500 });
    expect(all.total).toBe(all.tasks.length);
    const found = await listFor(w, '?search=zeta');
    expect(found.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([low.task.id]);
    const bySec = await listFor(w, '?document_type=sec&limit=500');
    expect(bySec.tasks.every((t: { document_type: string }) => t.document_type === 'sec')).toBe(true);
    const newest = await listFor(w, '?sort=newest&limit=1');
    expect(newest.tasks[0].task_id).toBe(high.task.id);
    expect(newest.tasks[0]).toMatchObject({
      metadata: { name: 'Alpha filing' },
      ai_confidence_score: -0.2,
      ai_field_count: 1,
    });
  });

  it("lists each task's ai_result (confidence score, values, confidences) without source texts; the full task comes on open", async () => {
    const [w] = await workers(1);
    if (!w) throw new Error();
    const longText = 'x'.repeat(50_000);
    const { task } = await createReviewTask(ctx.database.db, requester.id, {
      priority: 5,
      name: 'Summary check',
      result: {
        total_revenue: { value: 1, source_text: longText, confidence: 0.91, location: 'line 3' },
        net_income: { value: 2, source_text: 'Net income: 2' },
        receipt_number: '004817',
      },
    });
    const res = await request(ctx.app).get('/api/v1/worker/tasks?limit=5').set('Authorization', w.auth);
    const listed = res.body.tasks.find((t: { task_id: string }) => t.task_id === task.id);
    expect(listed).toMatchObject({ ai_confidence_score: -0.2, ai_field_count: 3, claim: null });
    expect(listed.ai_result).toEqual({
      confidence_score: -0.2,
      result: {
        total_revenue: { value: 1, confidence: 0.91 },
        net_income: { value: 2, confidence: null },
        receipt_number: { value: '004817', confidence: null },
      },
    });
    expect(listed).not.toHaveProperty('original_request');
    expect(res.text.length).toBeLessThan(longText.length);

    const opened = await request(ctx.app).get(`/api/v1/worker/tasks/${task.id}`).set('Authorization', w.auth);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      task_id: task.id,
      ai_field_count: 3,
      original_request: { metadata: { url: 'https://acme-corp.io/report.pdf' } },
      claim: null,
    });
    expect(opened.body.ai_result.result.total_revenue.source_text).toBe(longText);
  });

  it("lists the AI result's figures as they stand after it changes, and 0 for a malformed one", async () => {
    const [w] = await workers(1);
    if (!w) throw new Error();
    const { task } = await createReviewTask(ctx.database.db, requester.id, { priority: 9, name: 'Figures' });
    const listed = async () => {
      const found = (await listFor(w, '?limit=500')).tasks.find(
        (t: { task_id: string }) => t.task_id === task.id,
      );
      return [found.ai_confidence_score, found.ai_field_count];
    };
    const figures = async () => {
      const opened = await request(ctx.app)
        .get(`/api/v1/worker/tasks/${task.id}`)
        .set('Authorization', w.auth);
      return {
        listed: await listed(),
        opened: [opened.body.ai_confidence_score, opened.body.ai_field_count],
      };
    };
    expect(await figures()).toEqual({ listed: [-0.2, 1], opened: [-0.2, 1] });
    // A re-run of the extraction writes a new result on the task.
    const three = { a: { value: 1 }, b: { value: 2 }, c: { value: null } };
    await ctx.database.db
      .update(tasks)
      .set({ aiResult: { result: three, confidence_score: -1.5 } })
      .where(eq(tasks.id, task.id));
    expect(await figures()).toEqual({ listed: [-1.5, 3], opened: [-1.5, 3] });
    await ctx.database.db
      .update(tasks)
      .set({ aiResult: { result: ['a', 'b'], confidence_score: 'high' } })
      .where(eq(tasks.id, task.id));
    expect(await listed()).toEqual([0, 0]);
    const page = await listFor(w, '?limit=500');
    expect(page.tasks.find((t: { task_id: string }) => t.task_id === task.id).ai_result).toEqual({
      confidence_score: 0,
      result: {},
    });
  });

  it('opens a task of the queue or one the reviewer holds or held, and nothing else (404)', async () => {
    const [holder, other] = await workers(2);
    if (!holder || !other) throw new Error();
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 });
    const open = (w: Worker) =>
      request(ctx.app).get(`/api/v1/worker/tasks/${task.id}`).set('Authorization', w.auth);
    await post(holder, `${task.id}/accept`);
    const held = await open(holder);
    expect(held.status).toBe(200);
    expect(held.body.claim?.lease_expires_at).toEqual(expect.any(String));
    // Its only slot is taken: no longer in the other reviewer's queue.
    expect((await open(other)).body.code).toBe('TASK_NOT_FOUND');
    await post(holder, `${task.id}/review`, reviewBody({ total_revenue: 1 }));
    expect((await open(holder)).status).toBe(200);
    expect((await open(other)).status).toBe(404);
    const unknown = await request(ctx.app)
      .get('/api/v1/worker/tasks/6f1c1c9e-3b1a-4c55-9d1e-5d7f8b9a0c11')
      .set('Authorization', other.auth);
    expect(unknown.body.code).toBe('TASK_NOT_FOUND');
  });
});

describe('the queue total under load', () => {
  /** Every available task, counted the slow way: what the running count must always equal. */
  async function countedAvailable(documentType?: string) {
    const rows = await ctx.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        documentType
          ? and(eq(tasks.status, 'available'), eq(tasks.documentType, documentType))
          : eq(tasks.status, 'available'),
      );
    return rows.length;
  }

  it('keeps the unsearched total exact through new tasks, claims, skips, reviews and deletions', async () => {
    const [me, other] = await workers(2);
    if (!me || !other) throw new Error();
    const service = createTasksService({ db: ctx.database.db, leaseSeconds: 60, logger: console as never });
    const query = { page: 1, limit: 5, sort: 'priority' as const };
    const totalOf = async (w: Worker, documentType?: string) =>
      (await service.list(w.id, { ...query, document_type: documentType })).total;
    const expectExact = async () => {
      // The other reviewer was never assigned anything: their total is every available task.
      expect(await totalOf(other)).toBe(await countedAvailable());
      expect(await totalOf(other, 'sec')).toBe(await countedAvailable('sec'));
    };
    await expectExact();
    const { task: one } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 });
    const { task: two } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 1,
      documentType: 'sec',
    });
    const { request: gone } = await createReviewTask(ctx.database.db, requester.id, { documentType: 'sec' });
    await expectExact();
    await post(me, `${one.id}/accept`);
    await expectExact();
    await post(me, `${one.id}/skip`);
    await expectExact();
    await post(me, `${two.id}/review`, reviewBody({ total_revenue: 1 }));
    await expectExact();
    await ctx.database.db.update(tasks).set({ documentType: 'pdf' }).where(eq(tasks.requestId, gone.id));
    await expectExact();
    await ctx.database.db.delete(tasks).where(eq(tasks.requestId, gone.id));
    await expectExact();
  });

  it("leaves out of a reviewer's total the available tasks they were assigned, as their tasks finish and reopen", async () => {
    const [me, other] = await workers(2);
    if (!me || !other) throw new Error();
    const service = createTasksService({ db: ctx.database.db, leaseSeconds: 60, logger: console as never });
    const totalOf = async (w: Worker) =>
      (await service.list(w.id, { page: 1, limit: 5, sort: 'priority' })).total;
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 });
    await post(me, `${task.id}/skip`);
    // Skipped: still available, out of my queue and my total only.
    expect(await totalOf(me)).toBe((await countedAvailable()) - 1);
    expect(await totalOf(other)).toBe(await countedAvailable());
    await post(other, `${task.id}/review`, reviewBody({ total_revenue: 1 }));
    expect((await taskRow(task.id))?.status).toBe('completed');
    expect(await totalOf(me)).toBe(await countedAvailable());
    // Opened again (as by an operator's repair): my old assignment counts against my total again.
    await ctx.database.db.update(tasks).set({ status: 'available' }).where(eq(tasks.id, task.id));
    expect(await totalOf(me)).toBe((await countedAvailable()) - 1);
    expect(await totalOf(other)).toBe((await countedAvailable()) - 1);
    const mine = await listFor(me, '?limit=100');
    expect(mine.tasks.map((t: { task_id: string }) => t.task_id)).not.toContain(task.id);
  });

  it("counts a search's matches at most once per QUEUE_COUNT_MAX_AGE_MS, while the page is always fresh", async () => {
    const [w] = await workers(1);
    if (!w) throw new Error();
    const service = createTasksService({
      db: ctx.database.db,
      leaseSeconds: 60,
      logger: console as never,
      queueCountMaxAgeMs: 60_000,
    });
    const query = { page: 1, limit: 5, sort: 'priority' as const, search: 'Quarterly filing' };
    let now = Date.parse('2026-03-02T10:00:00Z');
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const before = await service.list(w.id, query);
      const { task } = await createReviewTask(ctx.database.db, requester.id, {
        priority: 9,
        name: 'Quarterly filing',
      });
      const cached = await service.list(w.id, query);
      // The page is read afresh (the new task heads it); the count of the search's matches is kept.
      expect(cached.tasks[0]?.task_id).toBe(task.id);
      expect(cached.total).toBe(Math.max(before.total, 1));
      // Unsearched, the total is never stale.
      const unsearched = await service.list(w.id, { page: 1, limit: 5, sort: 'priority' });
      expect(unsearched.total).toBe(await countedAvailable());
      now += 60_001;
      expect((await service.list(w.id, query)).total).toBe(before.total + 1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('worker stats', () => {
  it('gives a new reviewer a numeric quality score of 0 with a basis of 0 (no consensus yet)', async () => {
    const [fresh] = await workers(1);
    if (!fresh) throw new Error();
    const stats = (await request(ctx.app).get('/api/v1/worker/stats').set('Authorization', fresh.auth)).body;
    expect(stats.qualityScore).toBe(0);
    expect(stats.qualityScoreBasis).toBe(0);
  });

  it('reports completed, quality, streak and weekly rank after a scripted sequence', async () => {
    const [me, rival] = await workers(2);
    if (!me || !rival) throw new Error();
    const agreed = { total_revenue: 5 };
    // Three tasks I review with the rival agreeing on two and disagreeing then outvoted on one.
    for (let i = 0; i < 3; i++) {
      const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2 });
      await post(me, `${task.id}/review`, { ...reviewBody(agreed), time_spent_seconds: 30 + i * 30 });
      await post(rival, `${task.id}/review`, reviewBody(agreed));
    }
    // Then a skip (breaks the streak), then two more reviews.
    const skipped = await createReviewTask(ctx.database.db, requester.id);
    await post(me, `${skipped.task.id}/skip`);
    for (let i = 0; i < 2; i++) {
      const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 });
      await post(me, `${task.id}/review`, { ...reviewBody(agreed), time_spent_seconds: 60 });
    }
    const stats = (await request(ctx.app).get('/api/v1/worker/stats').set('Authorization', me.auth)).body;
    expect(stats).toMatchObject({
      tasksCompleted: 5,
      tasksCompletedToday: 5,
      averageTime: 60,
      totalTimeSpent: 300,
      qualityScore: 1,
      qualityScoreBasis: 5,
      streak: 2,
    });
    expect(stats.leaderboard.tasksThisWeek).toBe(5);
    const rivalStats = (await request(ctx.app).get('/api/v1/worker/stats').set('Authorization', rival.auth))
      .body;
    expect(rivalStats.leaderboard.rank).toBeGreaterThan(stats.leaderboard.rank);
    const history = (
      await request(ctx.app).get('/api/v1/worker/history?limit=2').set('Authorization', me.auth)
    ).body;
    expect(history).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect(history.history[0]).toMatchObject({ status: 'submitted', matched_consensus: 1 });
  });
});
