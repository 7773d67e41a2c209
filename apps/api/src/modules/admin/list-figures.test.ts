import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { createReviewTask } from '../../test/tasks';
import { createUser } from '../../test/users';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx.database.db, 'admin');
});
afterAll(() => ctx.close());

type User = Awaited<ReturnType<typeof createUser>>;
const get = (path: string) => request(ctx.app).get(`/api/v1/admin/${path}`).set('Authorization', admin.auth);
const post = (worker: User, path: string, body: object = {}) =>
  request(ctx.app).post(`/api/v1/worker/tasks/${path}`).set('Authorization', worker.auth).send(body);
const review = (worker: User, taskId: string, value: number, seconds: number) =>
  post(worker, `${taskId}/review`, {
    response: { ai_processed: true, confidence_score: -0.5, result: { total_revenue: value } },
    confidence: 0.5 + seconds / 1000,
    time_spent_seconds: seconds,
  });

/** Each reviewer's figures aggregated from every assignment: what the running figures must equal. */
async function aggregated(workerIds: string[]) {
  const rows = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select a.worker_id,
        count(*) filter (where a.status = 'submitted')::int as completed,
        count(*) filter (where a.status = 'rejected')::int as rejected,
        avg(a.confidence) filter (where a.status = 'submitted')::float as confidence,
        (sum(a.items_matched)::float / nullif(sum(a.items_total), 0)) as quality,
        (sum(a.items_matched) filter (where t.document_type = 'sec'))::float
          / nullif(sum(a.items_total) filter (where t.document_type = 'sec'), 0) as q_sec,
        avg(a.time_spent_seconds) filter (where a.status = 'submitted')::float as time
      from assignments a join tasks t on t.id = a.task_id
      where a.worker_id in (${sql.join(
        workerIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by a.worker_id`,
  );
  const round = (v: unknown, d: number) => (v === null ? null : Number(Number(v).toFixed(d)));
  return new Map(
    rows.map((r) => [
      String(r.worker_id),
      {
        tasks_completed: Number(r.completed),
        tasks_rejected: Number(r.rejected),
        average_confidence: round(r.confidence, 3),
        quality_score: round(r.quality, 3),
        rating_sec: r.q_sec === null ? null : round(Number(r.q_sec) * 5, 2),
        avg_time_per_task: round(r.time, 1),
      },
    ]),
  );
}

describe('the admin lists read running figures', () => {
  it("keeps each reviewer's figures equal to their assignments through reviews, consensus, rejections and skips", async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'figures.req@acme-corp.io' });
    const crew = await Promise.all(
      ['a', 'b', 'c'].map((n) =>
        createUser(ctx.database.db, 'worker', { email: `figures.${n}@acme-corp.io` }),
      ),
    );
    const [a, b, c] = crew;
    if (!a || !b || !c) throw new Error();
    // Agreement on a pdf, a disagreement on a sec filing settled by a third review, a rejection, a skip.
    const agreed = (await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2 })).task;
    await review(a, agreed.id, 5, 30);
    await review(b, agreed.id, 5, 60);
    const disputed = (
      await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2, documentType: 'sec' })
    ).task;
    await review(a, disputed.id, 7, 90);
    await review(b, disputed.id, 8, 20);
    await review(c, disputed.id, 8, 40);
    const rejected = (await createReviewTask(ctx.database.db, requester.id)).task;
    await post(c, `${rejected.id}/reject`, { rejection_reason: 'poor_quality' });
    const skipped = (await createReviewTask(ctx.database.db, requester.id)).task;
    await post(a, `${skipped.id}/accept`);
    await post(a, `${skipped.id}/skip`);

    const expected = await aggregated(crew.map((w) => w.id));
    const listed = (await get('workers?search=figures.&limit=10')).body.workers as Array<
      Record<string, unknown>
    >;
    expect(listed).toHaveLength(3);
    for (const row of listed) expect(row).toMatchObject(expected.get(String(row.worker_id)) ?? {});
    // And the figures are what the story says: a agreed once and was outvoted once.
    expect(listed.find((r) => r.worker_id === a.id)).toMatchObject({
      tasks_completed: 2,
      quality_score: 0.5,
    });
    expect(listed.find((r) => r.worker_id === c.id)).toMatchObject({ tasks_completed: 1, tasks_rejected: 1 });

    // Requesters: four requests in review; a deleted one leaves the counts.
    const requesterRow = async () =>
      (await get('requesters?search=figures.req')).body.requesters[0] as Record<string, unknown>;
    const before = await requesterRow();
    await request(ctx.app)
      .delete(`/api/v1/admin/requests/${skipped.requestId}`)
      .set('Authorization', admin.auth);
    const after = await requesterRow();
    expect(Number(after.requests_submitted)).toBe(Number(before.requests_submitted) - 1);
    const counted = await queryRows<{ n: number; active: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, (count(*) filter (where status in ('pending', 'processing')))::int as active
        from requests where requester_id = ${requester.id} and deleted_at is null`,
    );
    expect(after).toMatchObject({ requests_submitted: counted[0]?.n, requests_pending: counted[0]?.active });
  });

  it("lists each request's tasks and reviewers as they are, on a page and in the whole-table order", async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'figures.parts@acme-corp.io' });
    const [a, b] = await Promise.all(
      ['a', 'b'].map((n) =>
        createUser(ctx.database.db, 'worker', { email: `figures.parts.${n}@acme-corp.io` }),
      ),
    );
    if (!a || !b) throw new Error();
    // One request in three parts: a and b agree on the first, a alone reviews the second (two
    // reviews asked: still in review), nobody has the third. Two reviewers, one finished part of three.
    const { request: multi, task: first } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 2,
    });
    const more = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`insert into tasks (request_id, part, document_type, priority, metadata, ai_result, required_reviews)
        select request_id, part + n, document_type, priority, metadata, ai_result, required_reviews
        from tasks, (values (1), (2)) as v(n) where id = ${first.id} returning id`,
    );
    await review(a, first.id, 5, 30);
    await review(b, first.id, 5, 40);
    await review(a, more[0]?.id ?? '', 6, 50);
    // A second request with one rejected part and no reviews.
    const { request: lone, task: only } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 1,
    });
    expect((await post(b, `${only.id}/reject`, { rejection_reason: 'poor_quality' })).status).toBe(200);

    const want = { task_count: 3, completed_tasks: 1, worker_count: 2, progress: 0.333 };
    const wantLone = { task_count: 1, completed_tasks: 1, worker_count: 0 };
    const rows = async (query: string) =>
      new Map(
        (
          (await get(`requests?search=figures.parts@&${query}`)).body.requests as Array<
            Record<string, unknown>
          >
        ).map((r) => [r.request_id, r]),
      );
    // A page ordered by a column reads its own rows' figures; an order by progress reads the table's.
    for (const query of ['sort_by=created_at', 'sort_by=progress&sort_order=asc']) {
      const listed = await rows(query);
      expect(listed.get(multi.id), query).toMatchObject(want);
      expect(listed.get(lone.id), query).toMatchObject(wantLone);
    }
    // Unsearched and ordered by the requester's email (which only the joined list has): in the
    // database's order of those emails.
    const byEmail = (await get('requests?sort_by=requester_email&sort_order=desc&limit=100')).body
      .requests as Array<Record<string, unknown>>;
    const ordered = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select r.id from requests r join users u on u.id = r.requester_id
        where r.deleted_at is null order by u.email desc, r.id desc limit 100`,
    );
    expect(byEmail.map((r) => r.request_id)).toEqual(ordered.map((r) => r.id));
  });

  it("sums a requester's figures written by reviews settled at once on several connections", async () => {
    const requester = await createUser(ctx.database.db, 'requester', { email: 'figures.busy@acme-corp.io' });
    const crew = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        createUser(ctx.database.db, 'worker', { email: `figures.busy${n}@acme-corp.io` }),
      ),
    );
    const made: Array<{ id: string }> = [];
    for (const _ of crew)
      made.push((await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 })).task);
    // Six reviews at once settle six of the requester's requests (on Postgres, on several of the
    // pool's connections: several shards of the requester's figures).
    const answers = await Promise.all(crew.map((w, i) => review(w, made[i]?.id ?? '', 3, 10)));
    expect(answers.map((r) => r.status)).toEqual(crew.map(() => 200));
    const row = (await get('requesters?search=figures.busy')).body.requesters[0] as Record<string, unknown>;
    expect(row).toMatchObject({ requests_submitted: 6, requests_completed: 6, requests_pending: 0 });
  });
});
