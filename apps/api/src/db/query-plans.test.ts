import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_LISTS, fastPageSql, orderBy } from '../modules/admin/admin.lists';
import { TEAM_FIGURES } from '../modules/admin/admin.stats';
import { reviewerFileTaskSql } from '../modules/files/files.service';
import {
  assignedAvailableCountSql,
  availableTasksSql,
  claimNextSql,
  taskFilterSql,
  weeklyRankSql,
} from '../modules/tasks/tasks.queries';
import { createTestDatabase } from '../test/database';
import { type Database, queryRows } from './client';

/**
 * The hot statements use their indexes (on Postgres when DATABASE_URL is set, else PGlite, which
 * explains plans the same way). The tables hold a year-like mix — most tasks finished, a few
 * available — large enough that a sequential scan would lose, and are analysed first.
 */
let database: Database;
let workerId = '';
let fileId = '';
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.execute(sql`insert into users (email, password_hash, full_name, user_type, is_approved)
    select 'u' || i || '@plans.io', 'x', 'U ' || i, case when i <= 200 then 'worker' else 'requester' end, true
    from generate_series(1, 400) i`);
  await db.execute(sql`insert into requests (requester_id, document_type, status, metadata, created_at, completed_at)
    select (select id from users where email = 'u' || (201 + i % 200) || '@plans.io'), 'pdf',
      case when i % 20 = 0 then 'processing' else 'completed' end,
      jsonb_build_object('file_id', md5(i::text)::uuid::text),
      now() - (i % 365) * interval '1 day', case when i % 20 = 0 then null else now() - (i % 365) * interval '1 day' end
    from generate_series(1, 20000) i`);
  await db.execute(sql`insert into tasks (request_id, document_type, status, priority, metadata, ai_result, required_reviews, created_at)
    select r.id, 'pdf', case when r.status = 'processing' then 'available' else 'completed' end,
      1 + (hashtext(r.id::text) & 3), '{}'::jsonb, '{"result": {}, "confidence_score": -0.1}'::jsonb, 1, r.created_at
    from requests r`);
  await db.execute(sql`insert into assignments (task_id, worker_id, status, lease_expires_at, finished_at)
    select t.id, (select id from users where email = 'u' || (1 + abs(hashtext(t.id::text)) % 200) || '@plans.io'),
      'submitted', t.created_at, t.created_at + interval '5 minutes'
    from tasks t where t.status = 'completed'`);
  // A year's accounts: reviewers and requesters by the ten thousand (read by key, never hashed
  // whole). Added last: the statements above find their accounts by email.
  await db.execute(sql`insert into users (email, password_hash, full_name, user_type, is_approved)
    select 'a' || i || '@plans.io', 'x', 'A ' || i, case when i % 2 = 0 then 'worker' else 'requester' end, true
    from generate_series(1, 20000) i`);
  await db.execute(sql`analyze`);
  const [worker] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'u1@plans.io'`);
  workerId = worker?.id ?? '';
  fileId =
    (await queryRows<{ f: string }>(db, sql`select metadata->>'file_id' as f from requests limit 1`))[0]?.f ??
    '';
}, 120_000);
afterAll(() => database.close());

/** The plan as text, one node per line, and the index names it scans. */
async function plan(statement: SQL) {
  return planText(await queryRows<Record<string, string>>(database.db, sql`explain ${statement}`));
}

const planText = (rows: Record<string, string>[]) => rows.map((r) => Object.values(r)[0]).join('\n');

/**
 * The plan Postgres keeps for a statement run again and again with other values (what a prepared
 * statement gets once plan_cache_mode auto settles on it), the values unknown when planned.
 */
async function sharedPlan(statement: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare shared_plan as ${text}`));
    const rows = await queryRows<Record<string, string>>(
      tx,
      sql.raw(`explain execute shared_plan(${params.map(literal).join(', ')})`),
    );
    await tx.execute(sql`deallocate shared_plan`);
    return planText(rows);
  });
}

describe('the hot queries use their indexes', () => {
  it('the worker list reads the head of the queue from tasks_available_idx', async () => {
    const text = await plan(
      availableTasksSql(workerId, taskFilterSql({}), sql`priority desc, created_at asc, id asc`, 50),
    );
    expect(text).toContain('tasks_available_idx');
    expect(text).not.toMatch(/Seq Scan on tasks/);
  });

  it('the queue total reads the running count (queue_counts), never the tasks, and it is exact', async () => {
    const text = await plan(sql`select coalesce(sum(q.available), 0)::bigint from queue_counts q`);
    expect(text).not.toContain('tasks');
    const [row] = await queryRows<{ running: string; counted: string }>(
      database.db,
      sql`select (select coalesce(sum(available), 0) from queue_counts)::text as running,
        (select count(*) from tasks where status = 'available')::text as counted`,
    );
    expect(row?.running).toBe(row?.counted);
    expect(Number(row?.counted)).toBeGreaterThan(0);
  });

  it("the queue total reads the reviewer's assignments on open tasks only (assignments_open_task_idx)", async () => {
    const text = await plan(assignedAvailableCountSql(workerId, taskFilterSql({})));
    expect(text).toContain('assignments_open_task_idx');
    expect(text).not.toMatch(/Seq Scan on assignments/);
    // Loaded in bulk onto finished tasks, the assignments were marked closed as they were inserted.
    const [row] = await queryRows<{ open: number; on_open_tasks: number }>(
      database.db,
      sql`select count(*) filter (where a.task_open)::int as open,
        count(*) filter (where t.status not in ('completed', 'rejected'))::int as on_open_tasks
        from assignments a join tasks t on t.id = a.task_id`,
    );
    expect(row?.open).toBe(row?.on_open_tasks);
  });

  it('the next-task claim locks the head of the queue through tasks_available_idx', async () => {
    const text = await plan(claimNextSql(workerId, 1800, taskFilterSql({})));
    expect(text).toContain('tasks_available_idx');
    expect(text).toContain('LockRows');
    expect(text).not.toMatch(/Seq Scan on tasks/);
  });

  it("a reviewer's file read finds the request by requests_file_id_idx", async () => {
    const text = await plan(reviewerFileTaskSql(fileId, workerId));
    expect(text).toContain('requests_file_id_idx');
    expect(text).not.toMatch(/Seq Scan on requests/);
  });

  it('the weekly leaderboard counts a week of reviews through assignments_submitted_idx', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 7 * 86_400_000);
    const text = await plan(weeklyRankSql(workerId, from, to));
    expect(text).toContain('assignments_submitted_idx');
    expect(text).not.toMatch(/Seq Scan on assignments/);
  });

  it("the admin's week of finished claims counts through its partial indexes, never every assignment", async () => {
    const text = await plan(TEAM_FIGURES);
    expect(text).toContain('assignments_submitted_idx');
    expect(text).toContain('assignments_unsubmitted_finished_idx');
    expect(text).not.toMatch(/Seq Scan on assignments/);
  });

  it.each([
    ['workers', FAST_LISTS.workers.base],
    ['requesters', FAST_LISTS.requesters.base],
  ] as const)(
    'the %s list reads its newest page from users_type_created_idx, sorting nothing (accounts made in one instant too)',
    async (_list, base) => {
      const text = await plan(
        sql`select id from (${base}) as list where true order by ${orderBy('created_at', 'desc', ['created_at'])} limit 20 offset 0`,
      );
      expect(text).toContain('users_type_created_idx');
      expect(text).not.toMatch(/Sort/);
    },
  );

  it.each(Object.entries(FAST_LISTS))(
    "the %s list's page, as the plan shared by every page, reads only the page's rows by key",
    async (_list, fast) => {
      const text = await sharedPlan(
        fastPageSql(
          fast,
          fast.unsearchedBase ?? fast.base,
          sql`true`,
          orderBy('created_at', 'desc', ['created_at']),
          20,
          0,
        ),
      );
      expect(text).not.toMatch(/Seq Scan on (users|requests|tasks|assignments)/);
      expect(text).not.toMatch(/Hash Join/);
    },
  );
});

describe('before the statistics have seen the queue', () => {
  // A new deployment's first large batch: thousands of tasks queued before autovacuum has analysed
  // the tables. The claim must still walk the head of the queue in order, not gather and sort the
  // whole queue on every claim (37 ms a claim with 5,000 queued, measured in `pnpm bench`).
  let fresh: Database;
  beforeAll(async () => {
    fresh = await createTestDatabase();
    await fresh.db.execute(sql`insert into users (email, password_hash, full_name, user_type, is_approved)
      values ('w@fresh.io', 'x', 'W', 'worker', true), ('r@fresh.io', 'x', 'R', 'requester', true)`);
    await fresh.db.execute(sql`insert into requests (requester_id, document_type, status, metadata)
      select (select id from users where email = 'r@fresh.io'), 'pdf', 'processing', '{}'::jsonb
      from generate_series(1, 5000)`);
    await fresh.db.execute(sql`insert into tasks (request_id, document_type, priority, metadata, ai_result, required_reviews)
      select id, 'pdf', 2, '{}'::jsonb, '{}'::jsonb, 1 from requests`);
  }, 120_000);
  afterAll(() => fresh.close());

  it('the next-task claim reads the head of tasks_available_idx in order, sorting nothing', async () => {
    const [w] = await queryRows<{ id: string }>(
      fresh.db,
      sql`select id from users where email = 'w@fresh.io'`,
    );
    const rows = await queryRows<Record<string, string>>(
      fresh.db,
      sql`explain ${claimNextSql(w?.id ?? '', 1800, taskFilterSql({}))}`,
    );
    const text = rows.map((r) => Object.values(r)[0]).join('\n');
    const picked = text.slice(text.indexOf('LockRows'));
    expect(picked).toContain('tasks_available_idx');
    expect(picked).not.toMatch(/Sort|Hash Join/);
  });
});
