import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, tasks } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createReviewTask } from '../../test/tasks';
import { createUser } from '../../test/users';

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
const next = (worker: Worker, body: object = {}) =>
  request(ctx.app).post('/api/v1/worker/tasks/next').set('Authorization', worker.auth).send(body);
/** Only the tasks of this test: earlier tests' leftovers are completed out of the way. */
const clearQueue = () => ctx.database.db.execute(sql`update tasks set status = 'completed'`);

describe('POST /worker/tasks/next', () => {
  it('claims the head of the queue (priority, then oldest) and returns the full task with its lease', async () => {
    await clearQueue();
    const low = await createReviewTask(ctx.database.db, requester.id, { priority: 1, requiredReviews: 1 });
    const high = await createReviewTask(ctx.database.db, requester.id, { priority: 3, requiredReviews: 1 });
    const [me] = await workers(1);
    if (!me) throw new Error();
    const res = await next(me);
    expect(res.status).toBe(200);
    expect(res.body.task.task_id).toBe(high.task.id);
    expect(res.body.task.ai_result.result).toBeDefined();
    expect(Date.parse(res.body.lease_expires_at)).toBeGreaterThan(Date.now());
    const [claim] = await ctx.database.db
      .select()
      .from(assignments)
      .where(eq(assignments.taskId, high.task.id));
    expect(claim).toMatchObject({ workerId: me.id, status: 'claimed' });
    // Its one slot is taken: the task leaves the queue.
    expect((await ctx.database.db.select().from(tasks).where(eq(tasks.id, high.task.id)))[0]?.status).toBe(
      'claimed',
    );
    // Asking again while holding it gives the same task back (a reload does not take a second one).
    expect((await next(me)).body.task.task_id).toBe(high.task.id);
  });

  it('hands reviewers asking at once different tasks, and null when none is left', async () => {
    await clearQueue();
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        createReviewTask(ctx.database.db, requester.id, { requiredReviews: 1 }),
      ),
    );
    const crowd = await workers(8);
    const results = await Promise.all(crowd.map((w) => next(w)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const got = results.map((r) => r.body.task?.task_id).filter(Boolean);
    expect(got).toHaveLength(6);
    expect(new Set(got).size).toBe(6);
    expect(new Set(got)).toEqual(new Set(made.map((m) => m.task.id)));
    expect(results.filter((r) => r.body.task === null)).toHaveLength(2);
  });

  it('gives a two-review task to two different reviewers, never twice to one', async () => {
    await clearQueue();
    const { task } = await createReviewTask(ctx.database.db, requester.id, { requiredReviews: 2 });
    const [a, b, c] = await workers(3);
    if (!a || !b || !c) throw new Error();
    expect((await next(a)).body.task.task_id).toBe(task.id);
    expect((await next(b)).body.task.task_id).toBe(task.id);
    expect((await next(c)).body.task).toBeNull();
  });

  it('follows the queue filter, and refuses an unknown key', async () => {
    await clearQueue();
    await createReviewTask(ctx.database.db, requester.id, { documentType: 'pdf', requiredReviews: 1 });
    const sec = await createReviewTask(ctx.database.db, requester.id, {
      documentType: 'sec',
      requiredReviews: 1,
      name: 'ACME 10-K',
    });
    const [me, other] = await workers(2);
    if (!me || !other) throw new Error();
    expect((await next(me, { document_type: 'sec' })).body.task.task_id).toBe(sec.task.id);
    expect((await next(other, { search: 'nothing like this' })).body.task).toBeNull();
    const typo = await next(other, { doc_type: 'sec' });
    expect(typo.status).toBe(400);
    expect(typo.body.fields).toHaveProperty('doc_type');
  });
});
