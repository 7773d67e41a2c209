import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, requests, tasks } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createUser } from '../../test/users';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('file uploads', () => {
  let ctx: TestContext;
  let requester: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    requester = await createUser(ctx.database.db, 'requester');
  });
  afterAll(() => ctx.close());

  const upload = (bytes: Buffer, filename: string, documentType?: string) => {
    const call = request(ctx.app).post('/api/v1/files').set('Authorization', requester.auth);
    if (documentType) call.field('document_type', documentType);
    return call.attach('file', bytes, filename);
  };

  it('stores a PDF and gives it back to its owner only', async () => {
    const res = await upload(PDF, 'report.pdf', 'pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      filename: 'report.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    expect(res.body.file_url).toBe(`/api/v1/files/${res.body.file_id}`);
    const back = await request(ctx.app).get(res.body.file_url).set('Authorization', requester.auth);
    expect(back.status).toBe(200);
    expect(Buffer.from(back.body)).toEqual(PDF);
    const stranger = await createUser(ctx.database.db, 'requester');
    expect((await request(ctx.app).get(res.body.file_url).set('Authorization', stranger.auth)).status).toBe(
      404,
    );
  });

  it('judges the type by the bytes, not the name', async () => {
    const disguised = await upload(
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
      'invoice.pdf',
      'pdf',
    );
    expect(disguised.status).toBe(415);
    expect(disguised.body.code).toBe('INVALID_FILE_TYPE');
    const imageAsPdf = await upload(PNG, 'scan.pdf', 'pdf');
    expect(imageAsPdf.status).toBe(415);
    const imageForLease = await upload(PNG, 'lease.png', 'lease');
    expect(imageForLease.status).toBe(201);
    const csv = await upload(Buffer.from('name,value\nrevenue,10\n'), 'data.csv', 'csv');
    expect(csv.body.content_type).toBe('text/csv');
  });

  it("takes a scanner's TIFF and a bitmap as receipts, not as a PDF", async () => {
    const sharp = (await import('sharp')).default;
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    const asReceipt = await upload(tiff, 'receipt.tif', 'receipt_mapping');
    expect(asReceipt.status).toBe(201);
    expect(asReceipt.body.content_type).toBe('image/tiff');
    // A 1 × 1 24-bit bitmap: file header, info header, one padded pixel row.
    const bmp = Buffer.from(
      '424d3a000000000000003600000028000000010000000100000001001800000000000400000000000000000000000000000000000000ffffff00',
      'hex',
    );
    expect((await upload(bmp, 'card.bmp', 'credit_card')).status).toBe(201);
    expect((await upload(tiff, 'report.pdf', 'pdf')).status).toBe(415);
  });

  it('serves documents for framing by our apps only, non-PDFs sandboxed', async () => {
    const pdf = await upload(PDF, 'report.pdf', 'pdf');
    const png = await upload(PNG, 'scan.png', 'lease');
    const pdfHeaders = (await request(ctx.app).get(pdf.body.file_url).set('Authorization', requester.auth))
      .headers;
    const pngHeaders = (await request(ctx.app).get(png.body.file_url).set('Authorization', requester.auth))
      .headers;
    expect(pdfHeaders['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(pngHeaders['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(pngHeaders['x-content-type-options']).toBe('nosniff');
  });

  it('refuses files over 10 MB with 413 FILE_TOO_LARGE', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(big, 'big.pdf', 'pdf');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
  });

  it('asks for the file field', async () => {
    const res = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .field('document_type', 'pdf');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('file');
  });

  it('keeps a UTF-8 file name as it was sent (Rechnung-März-café.pdf)', async () => {
    const name = 'Rechnung-März-café.pdf';
    const res = await upload(PDF, name, 'pdf');
    expect(res.status).toBe(201);
    expect(res.body.filename).toBe(name);
    const back = await request(ctx.app).get(res.body.file_url).set('Authorization', requester.auth);
    expect(back.headers['content-disposition']).toContain(encodeURIComponent(name));
  });

  it('refuses a NUL in the file name with 400, naming the file name when it could be read', async () => {
    const raw = await upload(PDF, 'report\u0000.pdf', 'pdf');
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe('INVALID_INPUT');
    // RFC 5987 `filename*` decodes %00 into a real NUL: named as the field `filename`.
    const body = Buffer.concat([
      Buffer.from(
        '--b0\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8\'\'report%00.pdf\r\n' +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      PDF,
      Buffer.from('\r\n--b0--\r\n'),
    ]);
    const encoded = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .set('Content-Type', 'multipart/form-data; boundary=b0')
      .send(body);
    expect(encoded.status).toBe(400);
    expect(encoded.body.code).toBe('INVALID_INPUT');
    expect(encoded.body.fields.filename).toMatch(/NUL/);
  });

  it('names unknown form fields and a bogus document_type (400), storing nothing', async () => {
    const extra = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .field('document_type', 'pdf')
      .field('documenttype', 'pdf')
      .attach('file', PDF, 'report.pdf');
    expect(extra.status).toBe(400);
    expect(extra.body.fields).toEqual({ documenttype: 'Unknown field' });
    expect(extra.body.detail).toContain('documenttype');
    const bogus = await upload(PDF, 'report.pdf', 'invoice');
    expect(bogus.status).toBe(400);
    expect(bogus.body.fields).toHaveProperty('document_type');
    expect(bogus.body.detail).toContain('"invoice"');
  });

  it('answers a multipart body without a boundary, or cut short, with 400 and why', async () => {
    const noBoundary = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .set('Content-Type', 'multipart/form-data')
      .send('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.code).toBe('INVALID_INPUT');
    expect(noBoundary.body.detail).toMatch(/multipart/i);
    const truncated = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', requester.auth)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut');
    expect(truncated.status).toBe(400);
    expect(truncated.body.detail).toMatch(/multipart/i);
  });
});

describe('reviewer file reads (only tasks in their queue, or that they hold or held)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** A requester's uploaded PDF with one review task on it, in the given state. */
  async function taskOnFile(status: 'available' | 'completed') {
    const owner = await createUser(ctx.database.db, 'requester');
    const up = await request(ctx.app)
      .post('/api/v1/files')
      .set('Authorization', owner.auth)
      .field('document_type', 'pdf')
      .attach('file', PDF, 'report.pdf');
    const [req] = await ctx.database.db
      .insert(requests)
      .values({
        requesterId: owner.id,
        documentType: 'pdf',
        status: status === 'completed' ? 'completed' : 'processing',
        metadata: { file_id: up.body.file_id, file_url: up.body.file_url },
      })
      .returning();
    const [task] = await ctx.database.db
      .insert(tasks)
      .values({
        requestId: req?.id ?? '',
        documentType: 'pdf',
        status,
        metadata: { name: 'report.pdf' },
        aiResult: { result: {}, confidence_score: -0.1 },
        requiredReviews: 1,
      })
      .returning();
    return { url: up.body.file_url as string, taskId: task?.id ?? '' };
  }
  const read = (url: string, auth: string) => request(ctx.app).get(url).set('Authorization', auth);

  it('lets a reviewer read the document of a task in their queue, and one they reviewed', async () => {
    const reviewer = await createUser(ctx.database.db, 'worker');
    const open = await taskOnFile('available');
    expect((await read(open.url, reviewer.auth)).status).toBe(200);
    await ctx.database.db.insert(assignments).values({
      taskId: open.taskId,
      workerId: reviewer.id,
      status: 'submitted',
      leaseExpiresAt: new Date(),
    });
    await ctx.database.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, open.taskId));
    expect((await read(open.url, reviewer.auth)).status).toBe(200);
  });

  it('refuses (403) the document of a completed task the reviewer did not review', async () => {
    const reviewer = await createUser(ctx.database.db, 'worker');
    const done = await taskOnFile('completed');
    const res = await read(done.url, reviewer.auth);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('refuses (403) a task whose only slot another reviewer holds; the holder reads it', async () => {
    const reviewer = await createUser(ctx.database.db, 'worker');
    const other = await createUser(ctx.database.db, 'worker');
    const open = await taskOnFile('available');
    await ctx.database.db.insert(assignments).values({
      taskId: open.taskId,
      workerId: other.id,
      status: 'claimed',
      leaseExpiresAt: new Date(Date.now() + 60_000),
    });
    // Its one slot is held by someone else: not in this reviewer's queue.
    await ctx.database.db.update(tasks).set({ status: 'claimed' }).where(eq(tasks.id, open.taskId));
    expect((await read(open.url, reviewer.auth)).status).toBe(403);
    expect((await read(open.url, other.auth)).status).toBe(200);
  });
});
