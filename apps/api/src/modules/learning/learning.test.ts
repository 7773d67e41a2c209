import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../../db/schema';
import { HeuristicProvider } from '../../extraction';
import { startServer, type TestServer } from '../../extraction/testing/fixtures';
import { InProcessQueue } from '../../jobs/in-process-queue';
import { createTestApp, type TestContext, testLogger } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/users';
import { extractionJob } from '../requests/extraction.job';
import { createExtractionProcessor } from '../requests/extraction.processor';

// DESIGN §14 through the API: a correction on one document fixes the next of its layout.

let ctx: TestContext;
type User = Awaited<ReturnType<typeof createUser>>;
let requester: User;
let otherRequester: User;
let admin: User;
const reviewers: User[] = [];
let site: TestServer;
const routes: Record<string, string | { type: string; body: string }> = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /' },
};

beforeAll(async () => {
  site = await startServer(routes);
  const database = await createTestDatabase();
  const queue = new InProcessQueue(database.db, { concurrency: 1, pollMs: 50, logger: testLogger });
  ctx = await createTestApp({ database, queue });
  requester = await createUser(ctx.database.db, 'requester');
  otherRequester = await createUser(ctx.database.db, 'requester');
  admin = await createUser(ctx.database.db, 'admin');
  for (let i = 0; i < 3; i++) reviewers.push(await createUser(ctx.database.db, 'worker'));
  await ctx.queue.process(
    extractionJob,
    createExtractionProcessor({
      db: ctx.database.db,
      storage: ctx.storage,
      provider: new HeuristicProvider(),
      load: { allowPrivateFetch: true, secBaseUrl: 'http://127.0.0.1:1', secUserAgent: 'Sieve tests' },
      logger: testLogger,
    }),
  );
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await site.close();
});

const api = () => request(ctx.app);

interface Statement {
  issuer: string;
  number: string;
  opening: string;
  payable: string;
}

/** A statement whose amount due is printed as "Balance payable": the generic extractor misses it. */
function statementHtml(s: Statement) {
  return `<html><body><h1>${s.issuer}</h1><p>Statement no: ${s.number}</p><p>Customer: Acme</p>
  <h2>Account summary</h2><table><tr><th>Item</th><th>This period</th><th>Last period</th></tr>
  <tr><td>Opening balance</td><td>${s.opening}</td><td>77.00</td></tr>
  <tr><td>Balance payable</td><td>${s.payable}</td><td>${s.opening}</td></tr></table></body></html>`;
}

const HARBOUR = (n: number): Statement => ({
  issuer: 'Harbour Freight Co',
  number: `44${n}1`,
  opening: `${n},100.00`,
  payable: `${n},345.${10 + n}`,
});
const BLUEWATER = (n: number): Statement => ({ ...HARBOUR(n), issuer: 'Bluewater Bank' });

async function waitFor(id: string, done: (row: typeof requests.$inferSelect) => boolean) {
  for (let i = 0; i < 600; i++) {
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    if (row && (row.status === 'failed' || done(row))) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`request ${id} did not finish`);
}

type Item = { value: unknown; confidence: number; learned?: { hint_id: string; reviews: number } };

/** Submits a statement for review and answers its task once it is routed. */
async function submit(statement: Statement, owner: User = requester, metadata: object = {}) {
  const path = `/statements/${Object.keys(routes).length}.html`;
  routes[path] = { type: 'text/html', body: statementHtml(statement) };
  const res = await api()
    .post('/api/v1/requests')
    .set('Authorization', owner.auth)
    .send({
      document_type: 'website',
      metadata: {
        url: `${site.url}${path}`,
        max_pages: 1,
        data_points: ['Amount due'],
        ...metadata,
      },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.request_id as string;
  const row = await waitFor(id, (r) => r.aiResult !== null);
  expect(row.error).toBeNull();
  const [task] = await ctx.database.db.select().from(tasks).where(eq(tasks.requestId, id));
  if (!task) throw new Error('no task');
  const ai = (task.aiResult as { result: Record<string, Item> }).result;
  return { id, task, ai };
}

/** Each reviewer in turn submits an amount due; the task settles once they agree. */
async function review(taskId: string, values: unknown[]) {
  for (const [i, value] of values.entries()) {
    const res = await api()
      .post(`/api/v1/worker/tasks/${taskId}/review`)
      .set('Authorization', reviewers[i]?.auth ?? '')
      .send({ response: { confidence_score: -0.1, result: { 'Amount due': { value } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const [task] = await ctx.database.db.select().from(tasks).where(eq(tasks.id, taskId));
  expect(task?.status).toBe('completed');
}

const hintsOf = async (owner: User) => {
  const res = await api().get('/api/v1/hints').set('Authorization', owner.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.hints as {
    hint_id: string;
    field: string;
    source: string | null;
    fingerprint: string;
    place: Record<string, unknown>;
    reviews: number;
    corrections: number;
    taught_by: { task_id: string; request_id: string | null }[];
  }[];
};

describe('learning from reviews (DESIGN §14)', () => {
  it('a correction on one statement answers the next of its layout, for its requester only', async () => {
    const first = await submit(HARBOUR(1));
    expect(first.ai['Amount due']?.value).toBeNull();
    await review(first.task.id, [1345.11, 1345.11]);

    const [hint, ...more] = await hintsOf(requester);
    expect(more).toEqual([]);
    expect(hint).toMatchObject({
      field: 'Amount due',
      source: 'Harbour Freight Co',
      place: { kind: 'cell', row_label: 'Balance payable', column_header: 'This period' },
      reviews: 1,
      taught_by: [{ task_id: first.task.id, request_id: first.id }],
    });
    expect(hint?.fingerprint).toBe(first.task.fingerprint);

    const second = await submit(HARBOUR(2));
    expect(second.task.fingerprint).toBe(first.task.fingerprint);
    expect(second.ai['Amount due']).toMatchObject({
      value: 2345.12,
      learned: { hint_id: hint?.hint_id, reviews: 1 },
    });
    const notes = (task: typeof tasks.$inferSelect) => (task.metadata.notes as string[]).join(' ');
    expect(notes(first.task)).toContain('Nothing was found');
    expect(notes(second.task)).not.toContain('Nothing was found');
    // The requester sees where the answer came from.
    const detail = await api().get(`/api/v1/requests/${second.id}`).set('Authorization', requester.auth);
    expect(detail.body.ai_result.result['Amount due'].learned).toEqual({
      hint_id: hint?.hint_id,
      reviews: 1,
    });
    await review(second.task.id, [2345.12, 2345.12]);
    expect((await hintsOf(requester))[0]).toMatchObject({ reviews: 2, corrections: 0 });

    // Another source, and another requester with the same source, are read as before.
    const otherSource = await submit(BLUEWATER(3));
    expect(otherSource.task.fingerprint).not.toBe(first.task.fingerprint);
    expect(otherSource.ai['Amount due']?.value).toBeNull();
    const otherOwner = await submit(HARBOUR(3), otherRequester);
    expect(otherOwner.ai['Amount due']?.value).toBeNull();
    expect(await hintsOf(otherRequester)).toEqual([]);

    // A request that does not learn neither uses nor teaches.
    const off = await submit(HARBOUR(4), requester, { learning: false });
    expect(off.ai['Amount due']?.value).toBeNull();
    // …nor does one made with a template that does not learn.
    const template = await api()
      .post('/api/v1/templates')
      .set('Authorization', requester.auth)
      .send({
        name: 'No learning',
        document_type: 'website',
        fields: [{ name: 'Amount due', type: 'money' }],
        learning: false,
      });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const offByTemplate = await submit(HARBOUR(4), requester, {
      data_points: [],
      template_id: template.body.template_id,
    });
    expect(offByTemplate.ai['Amount due']?.value).toBeNull();
    await review(offByTemplate.task.id, [4345.14, 4345.14]);
    expect(await hintsOf(requester)).toHaveLength(1);
  }, 240_000);

  it('a deleted hint stops applying; only its owner (or an admin) can delete it', async () => {
    const hint = (await hintsOf(requester))[0];
    expect(hint).toBeDefined();
    const stranger = await api()
      .delete(`/api/v1/hints/${hint?.hint_id}`)
      .set('Authorization', otherRequester.auth);
    expect(stranger.status).toBe(404);
    const worker = await api()
      .get('/api/v1/hints')
      .set('Authorization', reviewers[0]?.auth ?? '');
    expect(worker.status).toBe(403);
    const asAdmin = await api()
      .get(`/api/v1/hints?requester_id=${requester.id}`)
      .set('Authorization', admin.auth);
    expect(asAdmin.body.hints).toHaveLength(1);

    const gone = await api().delete(`/api/v1/hints/${hint?.hint_id}`).set('Authorization', requester.auth);
    expect(gone.status).toBe(204);
    expect(await hintsOf(requester)).toEqual([]);
    const next = await submit(HARBOUR(5));
    expect(next.ai['Amount due']?.value).toBeNull();
    expect(next.ai['Amount due']?.learned).toBeUndefined();
  }, 240_000);

  it('a single dissenting reviewer teaches nothing', async () => {
    const doc = await submit(BLUEWATER(6));
    expect(doc.ai['Amount due']?.value).toBeNull();
    // One reviewer finds the amount; two say the statement has none: the consensus is empty.
    await review(doc.task.id, [6345.16, null, null]);
    expect((await hintsOf(requester)).filter((h) => h.source === 'Bluewater Bank')).toEqual([]);
    const next = await submit(BLUEWATER(7));
    expect(next.ai['Amount due']?.value).toBeNull();
  }, 240_000);

  it('a hint whose answers are corrected twice in a row is weakened, then dropped', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const first = await submit(HARBOUR(1), owner);
    await review(first.task.id, [1345.11, 1345.11]);
    const [hint] = await hintsOf(owner);

    // The reviewers say the amount due is one not printed at that place (a credit applied).
    const second = await submit(HARBOUR(2), owner);
    expect(second.ai['Amount due']?.learned?.hint_id).toBe(hint?.hint_id);
    await review(second.task.id, [999.5, 999.5]);
    expect((await hintsOf(owner))[0]).toMatchObject({ hint_id: hint?.hint_id, corrections: 1 });

    const third = await submit(HARBOUR(3), owner);
    expect(third.ai['Amount due']?.learned?.hint_id).toBe(hint?.hint_id);
    expect(third.ai['Amount due']?.confidence).toBeLessThan(second.ai['Amount due']?.confidence ?? 0);
    await review(third.task.id, [998.5, 998.5]);
    expect(await hintsOf(owner)).toEqual([]);

    const fourth = await submit(HARBOUR(4), owner);
    expect(fourth.ai['Amount due']?.value).toBeNull();
  }, 240_000);
});

describe('deleting hints in bulk (DESIGN §14)', () => {
  it('deletes all of a source layout, and an admin must name the requester', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const first = await submit(HARBOUR(1), owner);
    await review(first.task.id, [1345.11, 1345.11]);
    expect(await hintsOf(owner)).toHaveLength(1);
    const unnamed = await api().delete('/api/v1/hints').set('Authorization', admin.auth);
    expect(unnamed.status).toBe(400);
    const res = await api()
      .delete(`/api/v1/hints?fingerprint=${first.task.fingerprint}`)
      .set('Authorization', owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 1 });
    expect(await hintsOf(owner)).toEqual([]);
  }, 240_000);
});
