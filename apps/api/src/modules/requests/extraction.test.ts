import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../../db/schema';
import { closeOcrWorkers, HeuristicProvider } from '../../extraction';
import {
  DATA_POINTS,
  EXPECTED,
  edgarRoutes,
  makeReportPdf,
  makeReportXlsx,
  REPORT_CSV,
  REPORT_HTML_PAGES,
  startServer,
  type TestServer,
} from '../../extraction/testing/fixtures';
import { BullQueue } from '../../jobs/bullmq-queue';
import { InProcessQueue } from '../../jobs/in-process-queue';
import type { JobQueue } from '../../jobs/queue';
import { createTestApp, type TestContext, testLogger } from '../../test/app';
import { createTestDatabase, redisUrl } from '../../test/database';
import { createUser } from '../../test/users';
import { extractionJob } from './extraction.job';
import { createExtractionProcessor } from './extraction.processor';

const backends: [string, boolean, (db: TestContext['database']) => JobQueue][] = [
  [
    'in-process',
    true,
    (database) => new InProcessQueue(database.db, { concurrency: 2, pollMs: 50, logger: testLogger }),
  ],
  [
    'bullmq',
    Boolean(redisUrl),
    () =>
      new BullQueue({
        redisUrl: redisUrl ?? '',
        concurrency: 2,
        logger: testLogger,
        prefix: `sieve-x-${randomBytes(4).toString('hex')}`,
      }),
  ],
];

async function waitForStatus(ctx: TestContext, id: string, statuses: string[], timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    if (row && statuses.includes(row.status) && (row.status !== 'processing' || (await hasTasks(ctx, id))))
      return row;
    if (Date.now() - started > timeoutMs) throw new Error(`request ${id} stayed ${row?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function hasTasks(ctx: TestContext, id: string) {
  return (await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id))).length > 0;
}

describe.each(backends)('extraction through the %s job runner', (_name, available, makeQueue) => {
  let ctx: TestContext;
  let requester: Awaited<ReturnType<typeof createUser>>;
  let pdf: Buffer;
  let site: TestServer;
  let edgar: TestServer;
  beforeAll(async () => {
    if (!available) return;
    site = await startServer({
      ...REPORT_HTML_PAGES,
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /' },
    });
    edgar = await startServer(edgarRoutes());
    const database = await createTestDatabase();
    const queue = makeQueue(database);
    ctx = await createTestApp({ database, queue });
    requester = await createUser(ctx.database.db, 'requester');
    pdf = Buffer.from(await makeReportPdf());
    await ctx.queue.process(
      extractionJob,
      createExtractionProcessor({
        db: ctx.database.db,
        storage: ctx.storage,
        provider: new HeuristicProvider(),
        load: {
          allowPrivateFetch: true,
          secBaseUrl: edgar.url,
          secUserAgent: 'Sieve tests ops@sieve.example',
        },
        logger: testLogger,
      }),
    );
  });
  afterAll(async () => {
    if (!available) return;
    await ctx.close();
    await site.close();
    await edgar.close();
    await closeOcrWorkers();
  });

  async function upload(bytes: Buffer, filename: string, documentType: string) {
    const res = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .field('document_type', documentType)
      .attach('file', bytes, filename);
    expect(res.status).toBe(201);
    return res.body.file_url as string;
  }

  async function completedValues(body: object) {
    const res = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', requester.auth)
      .send(body);
    expect(res.status).toBe(201);
    const row = await waitForStatus(ctx, res.body.request_id, ['completed', 'failed']);
    expect(row.error).toBeNull();
    const result = (row.finalResult ?? {}) as Record<string, { value: unknown }>;
    return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value]));
  }

  async function submit(aiOnly: boolean) {
    const upload = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .field('document_type', 'pdf')
      .attach('file', pdf, 'q4-report.pdf');
    expect(upload.status).toBe(201);
    const res = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', requester.auth)
      .send({
        document_type: 'pdf',
        metadata: {
          file_url: upload.body.file_url,
          data_points: ['Total revenue', 'Gross margin', 'Report date'],
          ai_only_mode: aiOnly,
        },
      });
    expect(res.status).toBe(201);
    return res.body.request_id as string;
  }

  it.skipIf(!available)(
    'fails a blank scanned receipt with the reason, never an all-empty "completed" result',
    async () => {
      const blank = await sharp({ create: { width: 500, height: 900, channels: 3, background: '#fafafa' } })
        .jpeg()
        .toBuffer();
      const fileUrl = await upload(blank, 'receipt.jpg', 'receipt_mapping');
      const res = await request(ctx.app)
        .post('/api/v1/requests')
        .set('Authorization', requester.auth)
        .send({
          document_type: 'receipt_mapping',
          metadata: { file_url: fileUrl, data_points: ['Company', 'Date', 'Total'], ai_only_mode: true },
        });
      expect(res.status).toBe(201);
      const row = await waitForStatus(ctx, res.body.request_id, ['completed', 'failed'], 60_000);
      expect(row.status).toBe('failed');
      const detail = (
        await request(ctx.app)
          .get(`/api/v1/requests/${res.body.request_id}`)
          .set('Authorization', requester.auth)
      ).body;
      expect(detail.error).toBe(
        'The image has no text that could be read (it may be blank, too blurred or too small)',
      );
      expect(detail.result).toEqual({ success: false, error: detail.error });
    },
    90_000,
  );

  it.skipIf(!available)(
    'completes an ai-only PDF request with normalised values, source text and page',
    async () => {
      const id = await submit(true);
      const row = await waitForStatus(ctx, id, ['completed', 'failed']);
      expect(row.error).toBeNull();
      expect(row.status).toBe('completed');
      const detail = (
        await request(ctx.app).get(`/api/v1/requests/${id}`).set('Authorization', requester.auth)
      ).body;
      const result = detail.final_result as Record<
        string,
        { value: unknown; source_text: string; location: string }
      >;
      expect(result['Total revenue']?.value).toBe(EXPECTED.total_revenue);
      expect(result['Gross margin']?.value).toBe(EXPECTED.gross_margin);
      expect(result['Report date']?.value).toBe(EXPECTED.report_date);
      expect(result['Total revenue']?.source_text).toContain('Total revenue: $1,234.5 million');
      expect(result['Total revenue']?.location).toMatch(/page 2/);
      const csv = await request(ctx.app)
        .get(`/api/v1/requests/${id}/result?format=csv`)
        .set('Authorization', requester.auth);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="sieve-pdf-.+\.csv"/);
      expect(csv.text).toContain('Total revenue,1234500000');
    },
  );

  it.skipIf(!available)(
    'routes a reviewed request to a task with the AI result and the review count',
    async () => {
      const id = await submit(false);
      await waitForStatus(ctx, id, ['processing']);
      const [task] = await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id));
      expect(task).toMatchObject({ status: 'available', part: 0, documentType: 'pdf' });
      expect(task?.metadata).toMatchObject({ name: 'q4-report.pdf', document_name: 'q4-report.pdf' });
      expect([1, 2]).toContain(task?.requiredReviews);
      const ai = task?.aiResult as { result: Record<string, { value: unknown }>; confidence_score: number };
      expect(ai.result['Gross margin']?.value).toBe(0.45);
      expect(ai.confidence_score).toBeLessThanOrEqual(0);
    },
  );

  it.skipIf(!available)('fails a request whose document cannot be read, with a readable error', async () => {
    const res = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', requester.auth)
      .send({ document_type: 'pdf', metadata: { url: `${site.url}/missing.pdf`, ai_only_mode: true } });
    const row = await waitForStatus(ctx, res.body.request_id, ['failed', 'completed']);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/has no such page/);
  });

  it.skipIf(!available)('extracts the same facts from a 2-page website crawl', async () => {
    const values = await completedValues({
      document_type: 'website',
      metadata: { url: `${site.url}/`, max_pages: 5, data_points: DATA_POINTS, ai_only_mode: true },
    });
    expect(values).toEqual(EXPECTED);
  });

  it.skipIf(!available)('extracts the same facts from an uploaded CSV and XLSX', async () => {
    const csv = await upload(Buffer.from(REPORT_CSV), 'report.csv', 'csv');
    expect(
      await completedValues({
        document_type: 'csv',
        metadata: { file_url: csv, data_points: DATA_POINTS, ai_only_mode: true },
      }),
    ).toEqual(EXPECTED);
    const xlsx = await upload(Buffer.from(await makeReportXlsx()), 'report.xlsx', 'excel');
    expect(
      await completedValues({
        document_type: 'excel',
        metadata: { file_url: xlsx, data_points: DATA_POINTS, ai_only_mode: true },
      }),
    ).toEqual(EXPECTED);
  });

  it.skipIf(!available)('extracts the same facts from an SEC filing served by a local EDGAR', async () => {
    const values = await completedValues({
      document_type: 'sec',
      metadata: {
        ticker: 'acme',
        filing_type: '10-K',
        fiscal_period: '2023',
        data_points: DATA_POINTS,
        ai_only_mode: true,
      },
    });
    expect(values).toEqual(EXPECTED);
  });
});
