import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedRows, searchPattern } from '../../db/client';
import { assignments, requests, tasks } from '../../db/schema';

export type TaskRow = typeof tasks.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

/**
 * Locks a task (FOR UPDATE of the task only) and reads this worker's assignment on it, in one round
 * trip: accept, review, skip and reject start here (the next-task claim locks its own way).
 */
export async function lockTaskFor(
  tx: Tx,
  taskId: string,
  workerId: string,
): Promise<{ task: TaskRow | undefined; mine: AssignmentRow | undefined }> {
  const [row] = await tx
    .select({ task: tasks, mine: assignments })
    .from(tasks)
    .leftJoin(
      assignments,
      and(eq(assignments.taskId, tasks.id), eq(assignments.workerId, sql.placeholder('workerId'))),
    )
    .where(eq(tasks.id, sql.placeholder('taskId')))
    .for('update', { of: tasks })
    .prepare('lock_task_for')
    .execute({ taskId, workerId });
  return { task: row?.task, mine: row?.mine ?? undefined };
}

export async function assignmentOf(
  tx: Db | Tx,
  taskId: string,
  workerId: string,
): Promise<AssignmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(assignments)
    .where(
      and(
        eq(assignments.taskId, sql.placeholder('taskId')),
        eq(assignments.workerId, sql.placeholder('workerId')),
      ),
    )
    .prepare('assignment_of')
    .execute({ taskId, workerId });
  return row;
}

export interface SlotUsage {
  liveClaims: number;
  submitted: number;
  rejectVotes: number;
}

/** An assignment that holds a slot as a live claim; one that holds it as a rejection vote. */
const LIVE_CLAIM = sql`(${assignments.status} = 'claimed' and ${assignments.leaseExpiresAt} > now())`;
const REJECT_VOTE = sql`(${assignments.status} = 'rejected' and ${assignments.rejectionReason} <> 'not_qualified')`;

/** What occupies a task's review slots: live claims, submitted reviews and rejection votes. */
export async function slotUsage(tx: Tx, taskId: string): Promise<SlotUsage> {
  const [row] = await preparedRows<{ live: number; submitted: number; votes: number }>(
    tx,
    sql`select
      count(*) filter (where ${LIVE_CLAIM})::int as live,
      count(*) filter (where status = 'submitted')::int as submitted,
      count(*) filter (where ${REJECT_VOTE})::int as votes
    from ${assignments} where task_id = ${taskId}`,
  );
  return {
    liveClaims: Number(row?.live ?? 0),
    submitted: Number(row?.submitted ?? 0),
    rejectVotes: Number(row?.votes ?? 0),
  };
}

/**
 * A task's slot usage and its submitted reviews, from one read of its (few) assignments: what a
 * review or a rejection vote settles the task by.
 */
export async function taskSlots(
  tx: Tx,
  taskId: string,
): Promise<{ usage: SlotUsage; submitted: AssignmentRow[] }> {
  const rows = await tx
    .select({
      assignment: assignments,
      live: sql<boolean>`coalesce(${LIVE_CLAIM}, false)`,
      vote: sql<boolean>`coalesce(${REJECT_VOTE}, false)`,
    })
    .from(assignments)
    .where(eq(assignments.taskId, taskId))
    .prepare('task_slots')
    .execute();
  const submitted = rows.filter((r) => r.assignment.status === 'submitted').map((r) => r.assignment);
  return {
    usage: {
      liveClaims: rows.filter((r) => r.live).length,
      submitted: submitted.length,
      rejectVotes: rows.filter((r) => r.vote).length,
    },
    submitted,
  };
}

export function usedSlots(usage: SlotUsage) {
  return usage.liveClaims + usage.submitted + usage.rejectVotes;
}

/**
 * `available` while a slot is free, else `claimed`; final statuses stay. `usage`: the task's slots
 * as they stand now, when the caller has just read them (under the task's lock only this
 * transaction changes them).
 */
export async function refreshTaskStatus(
  tx: Tx,
  task: TaskRow,
  requiredReviews = task.requiredReviews,
  usage?: SlotUsage,
) {
  if (task.status === 'completed' || task.status === 'rejected') return task.status;
  const slots = usage ?? (await slotUsage(tx, task.id));
  const status = usedSlots(slots) < requiredReviews ? 'available' : 'claimed';
  await tx
    .update(tasks)
    .set({ status, requiredReviews, updatedAt: new Date() })
    .where(eq(tasks.id, task.id))
    .prepare('task_status')
    .execute();
  return status;
}

/** Each worker's quality score: the share of their submitted items that matched consensus. */
export async function qualityScores(tx: Db | Tx, workerIds: string[]): Promise<Map<string, number>> {
  if (workerIds.length === 0) return new Map();
  const rows = await tx
    .select({
      workerId: assignments.workerId,
      total: sql<number>`coalesce(sum(${assignments.itemsTotal}), 0)::int`,
      matched: sql<number>`coalesce(sum(${assignments.itemsMatched}), 0)::int`,
    })
    .from(assignments)
    .where(and(inArray(assignments.workerId, workerIds), eq(assignments.status, 'submitted')))
    .groupBy(assignments.workerId);
  return new Map(
    rows.map((r) => [r.workerId, Number(r.total) > 0 ? Number(r.matched) / Number(r.total) : 0]),
  );
}

/** Which of the queue's filters a list or claim sets: part of its statement's shape. */
export interface FilterShape {
  documentType: boolean;
  search: boolean;
}

export interface QueueFilter {
  search?: string | undefined;
  document_type?: string | undefined;
}

export function filterShape(filter: QueueFilter): FilterShape {
  return { documentType: Boolean(filter.document_type), search: Boolean(filter.search) };
}

/** The filter's values as taskFilterSql binds them (null where the filter is not set). */
export function filterValues(filter: QueueFilter): { documentType: string | null; like: string | null } {
  return {
    documentType: filter.document_type || null,
    like: filter.search ? searchPattern(filter.search) : null,
  };
}

/** The filter of a hot statement's shape, on its binds. */
export function shapedFilterSql(shape: FilterShape, bind: { documentType: unknown; like: unknown }): SQL {
  return taskFilterSql({
    documentType: shape.documentType ? bind.documentType : undefined,
    like: shape.search ? bind.like : undefined,
  });
}

/**
 * The queue's type and search filter on tasks aliased `t`: empty, or `and …` conditions for the
 * parts given (values, or a hot statement's binds): `like` is a searchPattern.
 */
export function taskFilterSql(filter: { documentType?: unknown; like?: unknown }): SQL {
  const conditions: SQL[] = [];
  if (filter.documentType !== undefined) conditions.push(sql`and t.document_type = ${filter.documentType}`);
  const { like } = filter;
  if (like !== undefined) {
    conditions.push(
      sql`and (t.id::text ilike ${like} or t.document_type ilike ${like} or coalesce(t.metadata->>'name', '') ilike ${like})`,
    );
  }
  return sql.join(conditions, sql` `);
}

/**
 * The available half of a worker's list: tasks with a free slot this worker was never assigned,
 * in the list's order, read from the top of tasks_available_idx only as deep as the page needs.
 * A deleted request's open tasks are rejected in its deletion's transaction (admin.service), so
 * no available task belongs to one: no join to requests here (a join the planner could turn into a
 * hash of every queued request when its statistics lag a burst of new tasks).
 */
export function availableTasksSql(workerId: unknown, filter: SQL, order: SQL, depth: unknown): SQL {
  return sql`select t.id, t.priority, t.created_at, t.document_type, null::timestamptz as lease_expires_at
    from ${tasks} t
    where t.status = 'available' ${filter}
      and not exists (select 1 from ${assignments} a where a.task_id = t.id and a.worker_id = ${workerId})
    order by ${order} limit ${depth}`;
}

/**
 * How many available tasks this worker was assigned (and so are left out of their queue): read
 * from their assignments on open tasks (assignments_open_task_idx, kept by triggers), a handful,
 * not every task of a year of their reviews.
 */
export function assignedAvailableCountSql(workerId: unknown, filter: SQL): SQL {
  return sql`select count(*) from ${assignments} a join ${tasks} t on t.id = a.task_id
    where a.worker_id = ${workerId} and a.task_open and t.status = 'available' ${filter}`;
}

/**
 * The next-task claim as one statement (one round trip): a live claim this worker already holds
 * comes back with its lease renewed; otherwise lock the head of the queue that no other
 * transaction holds (FOR UPDATE SKIP LOCKED), insert the claim, and mark the task claimed when its
 * slots are full. Answers the task's full row and its request's metadata (the task as opened).
 */
export function claimNextSql(workerId: unknown, leaseSeconds: unknown, filterSql: SQL): SQL {
  return sql`with held as (
      update ${assignments} set lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
      where id = (select id from ${assignments} where worker_id = ${workerId} and status = 'claimed'
        and lease_expires_at > now() order by claimed_at limit 1)
      returning task_id, lease_expires_at
    ),
    picked as (
      select t.id, t.required_reviews from ${tasks} t
      where not exists (select 1 from held) and t.status = 'available'
        and not exists (select 1 from ${assignments} mine where mine.task_id = t.id and mine.worker_id = ${workerId})
        ${filterSql}
      order by t.priority desc, t.created_at asc, t.id
      limit 1
      for update of t skip locked
    ),
    claimed as (
      insert into ${assignments} (task_id, worker_id, lease_expires_at)
      select id, ${workerId}, now() + make_interval(secs => ${leaseSeconds}) from picked
      returning task_id, lease_expires_at
    ),
    -- The insert is not visible to this statement's snapshot: count it in (+ 1).
    refreshed as (
      update ${tasks} t set updated_at = now(), status = case when 1 + (
          select count(*) from ${assignments} a where a.task_id = t.id and (
            (a.status = 'claimed' and a.lease_expires_at > now()) or a.status = 'submitted'
            or (a.status = 'rejected' and a.rejection_reason <> 'not_qualified'))
        ) >= picked.required_reviews then 'claimed' else 'available' end
      from picked where t.id = picked.id
      returning t.id, t.status
    ),
    chosen as (
      select task_id, lease_expires_at, null::text as status from held
      union all
      select claimed.task_id, claimed.lease_expires_at, refreshed.status
      from claimed join refreshed on refreshed.id = claimed.task_id
    )
    select chosen.task_id, chosen.lease_expires_at, coalesce(chosen.status, t.status) as status,
      t.request_id, t.document_type, t.created_at, t.priority, t.required_reviews, t.metadata, t.ai_result,
      t.ai_confidence_score, t.ai_field_count,
      r.metadata as request_metadata
    from chosen join ${tasks} t on t.id = chosen.task_id join ${requests} r on r.id = t.request_id`;
}

/** This worker's reviews in [from, to) and their rank among all reviewers then (the leaderboard). */
export function weeklyRankSql(workerId: string, from: Date, to: Date): SQL {
  return sql`with counts as (
      select worker_id, count(*)::int as n from ${assignments}
      where status = 'submitted' and finished_at >= ${from.toISOString()} and finished_at < ${to.toISOString()}
      group by worker_id)
    select coalesce((select n from counts where worker_id = ${workerId}), 0)::int as mine,
      (1 + (select count(*) from counts where n > coalesce((select n from counts where worker_id = ${workerId}), 0)))::int as rank`;
}
