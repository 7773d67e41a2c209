import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../../db/schema';
import { HeuristicProvider } from '../../extraction/providers';
import {
  edgarRoutes,
  makeReportPdf,
  makeReportXlsx,
  REPORT_CSV,
  REPORT_HTML_PAGES,
  startServer,
  type TestServer,
} from '../../extraction/testing/fixtures';
import { InProcessQueue } from '../../jobs/in-process-queue';
import { createTestApp, type TestContext, testLogger } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/users';
import { createFilesService } from '../files/files.service';
import { extractionJob } from './extraction.job';
import { createExtractionProcessor } from './extraction.processor';
import { createRequestsService } from './requests.service';

const meta = (row: { metadata: unknown } | undefined) => (row?.metadata ?? {}) as Record<string, string>;

/** DESIGN §11: the review screen shows the copy the AI read, not the live URL. */
describe('stored sources', () => {
  let ctx: TestContext;
  let requester: Awaited<ReturnType<typeof createUser>>;
  let otherRequester: Awaited<ReturnType<typeof createUser>>;
  let worker: Awaited<ReturnType<typeof createUser>>;
  let site: TestServer;
  let edgar: TestServer;
  let pdf: Buffer;
  const routes: Record<string, string | Buffer | { type: string; body: string | Buffer }> = {};

  beforeAll(async () => {
    pdf = Buffer.from(await makeReportPdf());
    Object.assign(routes, REPORT_HTML_PAGES, {
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /' },
      '/reports/q4-report.pdf': { type: 'application/pdf', body: pdf },
      '/report.csv': { type: 'text/csv', body: REPORT_CSV },
      '/report.xlsx': {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: Buffer.from(await makeReportXlsx()),
      },
    });
    // The same object: a test changes a route after extraction and the server answers the new one.
    site = await startServer(routes);
    edgar = await startServer(edgarRoutes());
    const database = await createTestDatabase();
    const queue = new InProcessQueue(database.db, { concurrency: 2, pollMs: 20, logger: testLogger });
    ctx = await createTestApp({ database, queue });
    requester = await createUser(ctx.database.db, 'requester');
    otherRequester = await createUser(ctx.database.db, 'requester');
    worker = await createUser(ctx.database.db, 'worker');
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
    await ctx.close();
    await site.close();
    await edgar.close();
  });

  async function tasksOf(body: object) {
    const res = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', requester.auth)
      .send(body);
    expect(res.status).toBe(201);
    const id = res.body.request_id as string;
    const started = Date.now();
    for (;;) {
      const rows = await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id));
      if (rows.length > 0) return { id, tasks: rows.sort((a, b) => a.part - b.part) };
      const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
      if (row?.status === 'failed') throw new Error(`extraction failed: ${row.error}`);
      if (Date.now() - started > 20_000) throw new Error('no tasks');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const get = (url: string, auth: string) =>
    request(ctx.app)
      .get(url)
      .set('Authorization', auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('keeps a PDF fetched by URL, named by its file, and serves that copy after the URL changed', async () => {
    const { tasks: rows } = await tasksOf({
      document_type: 'pdf',
      metadata: { url: `${site.url}/reports/q4-report.pdf`, data_points: ['Total revenue'] },
    });
    const metadata = rows[0]?.metadata as Record<string, string>;
    expect(metadata.document_name).toBe('q4-report.pdf');
    expect(metadata.source_content_type).toBe('application/pdf');
    expect(metadata.source_file_url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);

    routes['/reports/q4-report.pdf'] = { type: 'application/pdf', body: Buffer.from('%PDF-1.4 changed') };
    const res = await get(metadata.source_file_url as string, worker.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(res.body as Buffer, pdf)).toBe(0);

    // The owner reads it too; another requester does not.
    expect((await get(metadata.source_file_url as string, requester.auth)).status).toBe(200);
    expect((await get(metadata.source_file_url as string, otherRequester.auth)).status).toBe(404);
    routes['/reports/q4-report.pdf'] = { type: 'application/pdf', body: pdf };
  });

  it('keeps each crawled page as a sanitised snapshot served under a sandboxing policy', async () => {
    const { tasks: rows } = await tasksOf({
      document_type: 'website',
      metadata: { url: `${site.url}/`, max_pages: 3, data_points: ['Gross margin'] },
    });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const urls = new Set(rows.map((row) => meta(row).source_file_url));
    expect(urls.size).toBe(rows.length);
    const home = rows.find((row) => meta(row).url === `${site.url}/`);
    const res = await get(meta(home).source_file_url as string, worker.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;.*default-src 'none'/);
    const html = (res.body as Buffer).toString('utf8');
    expect(html).toContain('Acme investor relations');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/\shref="https:\/\/elsewhere/);
    expect(html).toContain("default-src 'none'");
  });

  it('keeps the SEC filing document the job read', async () => {
    const { tasks: rows } = await tasksOf({
      document_type: 'sec',
      metadata: { ticker: 'ACME', filing_type: '10-K', data_points: ['Total revenue'] },
    });
    const metadata = rows[0]?.metadata as Record<string, string>;
    expect(metadata.source_name).toBe('acme-20231231.htm');
    const res = await get(metadata.source_file_url as string, worker.auth);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).toContain('Diluted earnings per share');
  });

  it('serves a CSV and a workbook by URL as a grid of cells', async () => {
    const csv = await tasksOf({
      document_type: 'csv',
      metadata: { url: `${site.url}/report.csv`, data_points: ['Gross margin'] },
    });
    const csvUrl = meta(csv.tasks[0]).source_file_url;
    const grid = await request(ctx.app).get(`${csvUrl}/grid`).set('Authorization', worker.auth);
    expect(grid.status).toBe(200);
    expect(grid.body.sheets[0].rows[2]).toEqual(['Gross margin', '45%', '']);

    const xlsx = await tasksOf({
      document_type: 'excel',
      metadata: { url: `${site.url}/report.xlsx`, data_points: ['Gross margin'] },
    });
    const xlsxUrl = meta(xlsx.tasks[0]).source_file_url;
    const sheets = await request(ctx.app).get(`${xlsxUrl}/grid`).set('Authorization', worker.auth);
    expect(sheets.status).toBe(200);
    // A workbook is served as a workbook, never relabelled as a web page.
    const workbook = await get(xlsxUrl as string, worker.auth);
    expect(workbook.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sheets.body.sheets.length).toBeGreaterThan(0);
    expect(JSON.stringify(sheets.body)).toContain('Gross margin');

    // A PDF is not a grid: a clear error, not a 500.
    const pdfTask = await tasksOf({
      document_type: 'pdf',
      metadata: { url: `${site.url}/reports/q4-report.pdf`, data_points: ['Total revenue'] },
    });
    const pdfUrl = meta(pdfTask.tasks[0]).source_file_url;
    const refused = await request(ctx.app).get(`${pdfUrl}/grid`).set('Authorization', worker.auth);
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('INVALID_FILE_TYPE');
  });

  it('keeps the copy an AI-only website request read, for the admin preview and the purge (issue 40)', async () => {
    const admin = await createUser(ctx.database.db, 'admin');
    const res = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', requester.auth)
      .send({
        document_type: 'website',
        metadata: {
          url: `${site.url}/`,
          max_pages: 1,
          data_points: ['Gross margin'],
          ai_only_mode: true,
          data_expiration: '2031-01-01',
        },
      });
    expect(res.status).toBe(201);
    const id = res.body.request_id as string;
    const started = Date.now();
    let row: typeof requests.$inferSelect | undefined;
    for (;;) {
      [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
      if (row?.status === 'completed' || row?.status === 'failed') break;
      if (Date.now() - started > 20_000) throw new Error('not finished');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row?.status).toBe('completed');
    const url = meta(row).source_file_url as string;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    expect((await get(url, requester.auth)).status).toBe(200);
    const detail = await request(ctx.app)
      .get(`/api/v1/admin/requests/${id}`)
      .set('Authorization', admin.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.preview_url).toBe(url);
    // AI only: no value is a reviewer's.
    expect(detail.body.items.length).toBeGreaterThan(0);
    expect(detail.body.items.every((item: { is_reviewed: boolean }) => !item.is_reviewed)).toBe(true);
    const service = createRequestsService({
      db: ctx.database.db,
      queue: ctx.queue,
      files: createFilesService({ db: ctx.database.db, storage: ctx.storage }),
      logger: testLogger,
    });
    expect(await service.purgeExpired('2031-01-02')).toBeGreaterThanOrEqual(1);
    expect((await get(url, requester.auth)).status).toBe(404);
  });

  it('purges the stored copies with the request at data_expiration', async () => {
    const { id, tasks: rows } = await tasksOf({
      document_type: 'website',
      metadata: {
        url: `${site.url}/`,
        max_pages: 1,
        data_points: ['Gross margin'],
        data_expiration: '2030-01-01',
      },
    });
    const url = meta(rows[0]).source_file_url as string;
    expect((await get(url, requester.auth)).status).toBe(200);
    const service = createRequestsService({
      db: ctx.database.db,
      queue: ctx.queue,
      files: createFilesService({ db: ctx.database.db, storage: ctx.storage }),
      logger: testLogger,
    });
    expect(await service.purgeExpired('2030-01-02')).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(row?.purgedAt).not.toBeNull();
    expect((await get(url, requester.auth)).status).toBe(404);
  });
});
