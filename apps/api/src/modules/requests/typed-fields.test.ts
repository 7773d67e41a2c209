import { CONFIDENCE, FAILED_CHECK_CONFIDENCE } from '@sieve/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../../db/schema';
import { HeuristicProvider } from '../../extraction';
import { makeInvoicePdf, TEST_INVOICE, type TestInvoice } from '../../extraction/testing/invoice-pdf';
import { InProcessQueue } from '../../jobs/in-process-queue';
import { createTestApp, type TestContext, testLogger } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/users';
import { extractionJob } from './extraction.job';
import { createExtractionProcessor } from './extraction.processor';

// DESIGN §13 through the API: typed fields, line items, checks, templates, review of a failed check.

let ctx: TestContext;
let requester: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  const database = await createTestDatabase();
  const queue = new InProcessQueue(database.db, { concurrency: 1, pollMs: 50, logger: testLogger });
  ctx = await createTestApp({ database, queue });
  requester = await createUser(ctx.database.db, 'requester');
  await ctx.queue.process(
    extractionJob,
    createExtractionProcessor({
      db: ctx.database.db,
      storage: ctx.storage,
      provider: new HeuristicProvider(),
      load: { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:1', secUserAgent: 'Sieve tests' },
      logger: testLogger,
    }),
  );
}, 120_000);
afterAll(() => ctx.close());

const api = () => request(ctx.app);
let lastId = '';

const ITEM_COLUMNS = [
  { name: 'description', type: 'text' },
  { name: 'quantity', type: 'number' },
  { name: 'unit_price', type: 'money' },
  { name: 'amount', type: 'money' },
];
const EVERY_TYPE = [
  { name: 'Invoice number', type: 'identifier', pattern: '^\\d{6}$' },
  { name: 'Invoice date', type: 'date' },
  { name: 'Due date', type: 'date' },
  { name: 'Tax rate', type: 'percent' },
  { name: 'Paid in full', type: 'boolean' },
  { name: 'Vendor', type: 'text' },
  { name: 'Packages', type: 'number' },
  { name: 'Subtotal', type: 'money' },
  { name: 'Tax', type: 'money' },
  { name: 'Total', type: 'money' },
  { name: 'Items', type: 'line_items', columns: ITEM_COLUMNS },
];
const CHECKS = [
  { kind: 'sum', name: 'items add up to the subtotal', of: ['Items.amount'], equals: 'Subtotal' },
  { kind: 'sum', of: ['Subtotal', 'Tax'], equals: 'Total' },
  { kind: 'before', first: 'Invoice date', second: 'Due date' },
];
const EXTRA = ['Tax rate: 7.5%', 'Paid in full: Yes', 'Vendor: Northwind Supplies Ltd', 'Packages: 7'];

async function waitFor(id: string, done: (row: typeof requests.$inferSelect) => Promise<boolean> | boolean) {
  for (let i = 0; i < 600; i++) {
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    if (row && (row.status === 'failed' || (await done(row)))) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`request ${id} did not finish`);
}

async function submitInvoice(metadata: Record<string, unknown>, invoice: TestInvoice = TEST_INVOICE) {
  const bytes = Buffer.from(await makeInvoicePdf({ ...invoice, extraLines: EXTRA }));
  const res = await api()
    .post('/api/v1/requests')
    .set('Authorization', requester.auth)
    .send({
      document_type: 'pdf',
      metadata: { file_bytes: bytes.toString('base64'), filename: 'invoice.pdf', ...metadata },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.request_id as string;
}

async function aiOnlyResult(metadata: Record<string, unknown>, invoice?: TestInvoice) {
  const id = await submitInvoice({ ai_only_mode: true, ...metadata }, invoice);
  lastId = id;
  const row = await waitFor(id, (r) => r.status === 'completed');
  expect(row.error).toBeNull();
  const detail = await api().get(`/api/v1/requests/${id}`).set('Authorization', requester.auth);
  expect(detail.status).toBe(200);
  return detail.body as {
    final_result: Record<string, { value: unknown; type?: string; currency?: string; confidence: number }>;
    final_checks: { name: string; passed: boolean; detail: string; reason?: string }[] | null;
    ai_result: { checks?: unknown[] };
  };
}

describe('typed fields through the API (DESIGN §13)', () => {
  it('answers a template with every field type in its type, line items as rows with boxes', async () => {
    const template = await api()
      .post('/api/v1/templates')
      .set('Authorization', requester.auth)
      .send({ name: 'Every type', document_type: 'pdf', fields: EVERY_TYPE, checks: CHECKS });
    expect(template.status).toBe(201);
    const { final_result: r, final_checks } = await aiOnlyResult({ template_id: template.body.template_id });
    const values = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.value]));
    expect(values).toMatchObject({
      'Invoice number': '004817',
      'Invoice date': '20240305',
      'Due date': '20240404',
      'Tax rate': 0.075,
      'Paid in full': true,
      Vendor: 'Northwind Supplies Ltd',
      Packages: 7,
      Subtotal: 41.2,
      Tax: 3,
      Total: 44.2,
    });
    expect(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.type]))).toEqual(
      Object.fromEntries(EVERY_TYPE.map((f) => [f.name, f.type])),
    );
    expect(r.Total?.currency).toBe('USD');
    const rows = r.Items?.value as Record<string, unknown>[];
    expect(rows.map(({ anchor: _a, confidence: _c, ...cells }) => cells)).toEqual(
      TEST_INVOICE.items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit_price: i.unit,
        amount: i.amount,
      })),
    );
    for (const row of rows) {
      expect(row.anchor).toMatchObject({ page: 1, box: expect.any(Array) });
      // jsonb keeps keys in its own order: columns are ordered by the field's `columns`.
      expect(Object.keys(row.confidence as object).sort()).toEqual([
        'amount',
        'description',
        'quantity',
        'unit_price',
      ]);
    }
    expect(final_checks?.map((c) => c.passed)).toEqual([true, true, true]);

    // Exports: JSON keeps the list; CSV has one row per item, the scalar fields repeated.
    const json = await api()
      .get(`/api/v1/requests/${lastId}/result?format=json`)
      .set('Authorization', requester.auth);
    expect(JSON.parse(json.text).result.Items.value).toHaveLength(3);
    const csv = await api()
      .get(`/api/v1/requests/${lastId}/result?format=csv`)
      .set('Authorization', requester.auth);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'row,Invoice number,Invoice date,Due date,Tax rate,Paid in full,Vendor,Packages,Subtotal,Tax,Total,Items.description,Items.quantity,Items.unit_price,Items.amount',
    );
    expect(lines.slice(1)).toEqual([
      '1,004817,20240305,20240404,0.075,true,Northwind Supplies Ltd,7,41.2,3,44.2,Oak shelving units,2,10.5,21',
      '2,004817,20240305,20240404,0.075,true,Northwind Supplies Ltd,7,41.2,3,44.2,Brass hinges,4,2.55,10.2',
      '3,004817,20240305,20240404,0.075,true,Northwind Supplies Ltd,7,41.2,3,44.2,Delivery and fitting,1,10,10',
    ]);
  }, 240_000);

  it('keeps a typed identifier exactly as printed: 004817, not 4817', async () => {
    const { final_result: r } = await aiOnlyResult({
      fields: [{ name: 'Invoice number', type: 'identifier' }],
    });
    expect(r['Invoice number']).toMatchObject({ value: '004817', type: 'identifier' });
  }, 240_000);

  it('lowers the confidence of the fields of a failed sum check, names the check and routes it to two reviews', async () => {
    // The items add up to 41.20; the subtotal printed says 44.20.
    const wrong = { ...TEST_INVOICE, subtotal: 44.2, total: 47.2 };
    const id = await submitInvoice({ fields: EVERY_TYPE, checks: CHECKS }, wrong);
    await waitFor(
      id,
      async () => (await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id))).length > 0,
    );
    const [task] = await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id));
    const ai = task?.aiResult as {
      result: Record<string, { confidence: number }>;
      checks: { name: string; passed: boolean; detail: string }[];
      notes: string[];
    };
    const failed = ai.checks.find((c) => !c.passed);
    expect(failed).toMatchObject({
      name: 'items add up to the subtotal',
      detail: 'Items.amount add up to 41.20, Subtotal says 44.20',
    });
    expect(ai.result.Subtotal?.confidence).toBeLessThanOrEqual(FAILED_CHECK_CONFIDENCE);
    expect(ai.result.Items?.confidence).toBeLessThanOrEqual(CONFIDENCE.high);
    expect(ai.result['Invoice number']?.confidence).toBeGreaterThan(CONFIDENCE.high - 0.01);
    expect(ai.notes).toContain(
      'Check failed: items add up to the subtotal: Items.amount add up to 41.20, Subtotal says 44.20',
    );
    expect(task?.requiredReviews).toBe(2);

    // The reviewer's task payload carries the check's words.
    const reviewer = await createUser(ctx.database.db, 'worker');
    const opened = await api().get(`/api/v1/worker/tasks/${task?.id}`).set('Authorization', reviewer.auth);
    expect(opened.status).toBe(200);
    expect(JSON.stringify(opened.body.ai_result.checks)).toContain('Subtotal says 44.20');
  }, 240_000);

  it('gives the same result for inline fields and checks as for the template holding them', async () => {
    const template = await api()
      .post('/api/v1/templates')
      .set('Authorization', requester.auth)
      .send({ name: 'Invoices', document_type: 'pdf', fields: EVERY_TYPE, checks: CHECKS });
    const byTemplate = await aiOnlyResult({ template_id: template.body.template_id });
    const inline = await aiOnlyResult({ fields: EVERY_TYPE, checks: CHECKS });
    expect(byTemplate.final_result).toEqual(inline.final_result);
    expect(byTemplate.final_checks).toEqual(inline.final_checks);
  }, 240_000);

  it('leaves plain data points as today, each answer with its inferred type', async () => {
    const { final_result: r, final_checks } = await aiOnlyResult({
      data_points: ['Invoice number', 'Total', 'Invoice date', 'Vendor'],
    });
    expect(Object.keys(r).sort()).toEqual(['Invoice date', 'Invoice number', 'Total', 'Vendor']);
    expect(r['Invoice number']).toMatchObject({ value: '004817', type: 'identifier' });
    expect(r.Total).toMatchObject({ value: 44.2, type: 'money', currency: 'USD' });
    expect(r['Invoice date']).toMatchObject({ value: '20240305', type: 'date' });
    expect(r.Vendor).toMatchObject({ value: 'Northwind Supplies Ltd', type: 'text' });
    expect(final_checks).toBeNull();
  }, 240_000);
});

describe('reviewing a result with checks (DESIGN §13)', () => {
  it('refuses a review that still fails a check, takes it with a reason and keeps the reason on the result', async () => {
    const wrong = { ...TEST_INVOICE, subtotal: 44.2, total: 47.2 };
    const id = await submitInvoice({ fields: EVERY_TYPE, checks: CHECKS }, wrong);
    await waitFor(
      id,
      async () => (await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id))).length > 0,
    );
    const [task] = await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id));
    const ai = (task?.aiResult as { result: Record<string, unknown> } | undefined)?.result ?? {};
    const reviewers = [
      await createUser(ctx.database.db, 'worker'),
      await createUser(ctx.database.db, 'worker'),
    ];
    const review = (auth: string, result: Record<string, unknown>, extra: object = {}) =>
      api()
        .post(`/api/v1/worker/tasks/${task?.id}/review`)
        .set('Authorization', auth)
        .send({ response: { confidence_score: -0.1, result }, ...extra });

    const refused = await review(reviewers[0]?.auth ?? '', ai);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CHECKS_FAILED');
    expect(refused.body.detail).toContain(
      'items add up to the subtotal (Items.amount add up to 41.20, Subtotal says 44.20)',
    );

    const reason = 'A 3.00 discount is printed on the back of the invoice';
    const withReason = { check_reasons: [{ name: 'items add up to the subtotal', reason }] };
    for (const reviewer of reviewers) {
      const accepted = await review(reviewer.auth, ai, withReason);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    }
    const row = await waitFor(id, (r) => r.status === 'completed');
    const checks = row.finalChecks as { name: string; passed: boolean; reason?: string }[];
    expect(checks.find((c) => c.name === 'items add up to the subtotal')).toMatchObject({
      passed: false,
      reason,
    });
    const detail = await api().get(`/api/v1/requests/${id}`).set('Authorization', requester.auth);
    expect(detail.body.final_checks[0]).toMatchObject({ passed: false, reason });
  }, 240_000);
});
