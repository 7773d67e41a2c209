import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests, tasks } from '../../db/schema';
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

const asAdmin = (method: 'get' | 'post' | 'put', path: string) =>
  request(ctx.app)[method](`/api/v1/admin/${path}`).set('Authorization', admin.auth);

describe('GET /admin/requests/{id} (issue 15: the admin request detail)', () => {
  it('shows the timeline, AI vs final values, and the task with its reviewer and time', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    const worker = await createUser(ctx.database.db, 'worker', { email: 'rae.reviewer@acme-corp.io' });
    const { request: req, task } = await createReviewTask(ctx.database.db, requester.id, {
      requiredReviews: 1,
      result: {
        'Total revenue': { value: '$1,234.5 million', confidence: 0.62, source_text: 'Total revenue' },
        'Gross margin': { value: '42%', confidence: 0.97 },
      },
    });
    const w = (path: string) =>
      request(ctx.app).post(`/api/v1/worker/tasks/${task.id}/${path}`).set('Authorization', worker.auth);
    expect((await w('accept')).status).toBe(200);
    const reviewed = await w('review').send({
      response: {
        ai_processed: true,
        confidence_score: -0.1,
        result: { 'Total revenue': { value: '$1,243.5 million' }, 'Gross margin': { value: '42%' } },
      },
      confidence: 0.9,
      time_spent_seconds: 95,
    });
    expect(reviewed.status).toBe(200);

    const res = await asAdmin('get', `requests/${req.id}`);
    expect(res.status).toBe(200);
    const detail = res.body;
    expect(detail.request.status).toBe('completed');
    expect(detail.requester_email).toBe(requester.email);
    const byName = (a: { data_point: string }, b: { data_point: string }) =>
      a.data_point.localeCompare(b.data_point);
    expect([...detail.items].sort(byName)).toEqual([
      {
        data_point: 'Gross margin',
        ai_value: '42%',
        final_value: '42%',
        ai_confidence: 0.97,
        is_changed: false,
        is_disputed: false,
        is_reviewed: true,
      },
      {
        data_point: 'Total revenue',
        ai_value: '$1,234.5 million',
        final_value: '$1,243.5 million',
        ai_confidence: 0.62,
        is_changed: true,
        is_disputed: false,
        is_reviewed: true,
      },
    ]);
    expect(detail.tasks).toHaveLength(1);
    expect(detail.tasks[0].status).toBe('completed');
    expect(detail.tasks[0].reviews).toMatchObject([
      { worker_email: 'rae.reviewer@acme-corp.io', status: 'submitted', time_spent_seconds: 95 },
    ]);
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'submitted',
      'extracted',
      'review_claimed',
      'review_submitted',
      'consensus',
      'completed',
    ]);
    expect(detail.turnaround_seconds).toBeGreaterThanOrEqual(0);
    expect(detail).toMatchObject({
      can_retry: false,
      can_cancel: false,
      document_url: 'https://acme-corp.io/report.pdf',
      // a live URL is not embedded: only a stored copy is previewed
      preview_url: null,
    });
  });

  it('previews the stored copy the AI read, and nothing once the request is purged', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    const { request: req, task } = await createReviewTask(ctx.database.db, requester.id);
    const copy = '/api/v1/files/7d0f2f4e-2a57-4d35-9a43-3b0c1d1e2f30';
    await ctx.database.db
      .update(tasks)
      .set({ metadata: { ...task.metadata, source_file_url: copy } })
      .where(eq(tasks.id, task.id));
    expect((await asAdmin('get', `requests/${req.id}`)).body.preview_url).toBe(copy);

    const requesterView = await request(ctx.app)
      .get(`/api/v1/requests/${req.id}`)
      .set('Authorization', requester.auth);
    expect(requesterView.body.tasks[0].source_file_url).toBe(copy);

    await ctx.database.db.update(requests).set({ purgedAt: new Date() }).where(eq(requests.id, req.id));
    expect((await asAdmin('get', `requests/${req.id}`)).body.preview_url).toBeNull();
  });

  it('answers 404 for an unknown request and 400 for a malformed id, and refuses non-admins', async () => {
    expect((await asAdmin('get', 'requests/00000000-0000-4000-8000-000000000000')).body.code).toBe(
      'REQUEST_NOT_FOUND',
    );
    expect((await asAdmin('get', 'requests/not-an-id')).body.code).toBe('INVALID_INPUT');
    const requester = await createUser(ctx.database.db, 'requester');
    const { request: req } = await createReviewTask(ctx.database.db, requester.id);
    const res = await request(ctx.app)
      .get(`/api/v1/admin/requests/${req.id}`)
      .set('Authorization', requester.auth);
    expect(res.status).toBe(403);
  });

  it('cancels an in-progress request: it fails with a reason, its open task closes, audited; then 409', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    const { request: req } = await createReviewTask(ctx.database.db, requester.id);
    const before = (await asAdmin('get', `requests/${req.id}`)).body;
    expect(before).toMatchObject({ can_cancel: true, can_retry: false });

    const res = await asAdmin('post', `requests/${req.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({ status: 'failed', error: 'Cancelled by an admin.' });
    expect(res.body.tasks[0].status).toBe('rejected');
    expect(res.body.timeline.at(-1)).toMatchObject({ kind: 'admin_action', actor: admin.email });
    expect(res.body).toMatchObject({ can_cancel: false, can_retry: false });

    const again = await asAdmin('post', `requests/${req.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REQUEST_STATE_CONFLICT');
  });

  it('retries a failed extraction (audited) and refuses to retry one that is not failed', async () => {
    const requester = await createUser(ctx.database.db, 'requester');
    const created = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', requester.auth)
      .send({
        document_type: 'custom_prompt',
        metadata: { custom_prompt: 'List totals', text: 'Total: 10' },
      });
    expect(created.status).toBe(201);
    const id = created.body.request_id as string;
    expect((await asAdmin('post', `requests/${id}/retry`)).body.code).toBe('REQUEST_STATE_CONFLICT');
    expect((await asAdmin('post', `requests/${id}/cancel`)).status).toBe(200);
    const retried = await asAdmin('post', `requests/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.request.status).not.toBe('failed');
    expect(retried.body.request.completed_at === null || retried.body.request.status === 'completed').toBe(
      true,
    );
    const audit = (await asAdmin('get', 'audit?limit=10')).body.entries.map(
      (e: { action: string }) => e.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['request.retry', 'request.cancel']));
  });
});

describe('alert settings (issue 15)', () => {
  it('starts from quiet defaults, saves a change (audited) and the stats follow it', async () => {
    const defaults = (await asAdmin('get', 'settings/alerts')).body;
    expect(defaults).toMatchObject({ pending_high: 100, oldest_waiting_minutes: 30 });
    const stats = (await asAdmin('get', 'stats')).body;
    expect(stats.alerts.map((a: { id: string }) => a.id)).not.toContain('throughput');

    const bad = await asAdmin('put', 'settings/alerts').send({ ...defaults, pending_high: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');

    const saved = await asAdmin('put', 'settings/alerts').send({ ...defaults, pending_high: 1 });
    expect(saved.status).toBe(200);
    expect((await asAdmin('get', 'settings/alerts')).body.pending_high).toBe(1);
  });
});
