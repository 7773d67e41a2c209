import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { assignments, requests, tasks } from '../../db/schema';

export type TaskRow = typeof tasks.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;

export async function lockTask(tx: Tx, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  return row;
}

export async function assignmentOf(
  tx: Db | Tx,
  taskId: string,
  workerId: string,
): Promise<AssignmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.taskId, taskId), eq(assignments.workerId, workerId)));
  return row;
}

export interface SlotUsage {
  liveClaims: number;
  submitted: number;
  rejectVotes: number;
}

/** What occupies a task's review slots: live claims, submitted reviews and rejection votes. */
export async function slotUsage(tx: Tx, taskId: string): Promise<SlotUsage> {
  const [row] = await queryRows<{ live: number; submitted: number; votes: number }>(
    tx,
    sql`select
      count(*) filter (where status = 'claimed' and lease_expires_at > now())::int as live,
      count(*) filter (where status = 'submitted')::int as submitted,
      count(*) filter (where status = 'rejected' and rejection_reason <> 'not_qualified')::int as votes
    from ${assignments} where task_id = ${taskId}`,
  );
  return {
    liveClaims: Number(row?.live ?? 0),
    submitted: Number(row?.submitted ?? 0),
    rejectVotes: Number(row?.votes ?? 0),
  };
}

export function usedSlots(usage: SlotUsage) {
  return usage.liveClaims + usage.submitted + usage.rejectVotes;
}

/** `available` while a slot is free, else `claimed`; final statuses stay. */
export async function refreshTaskStatus(tx: Tx, task: TaskRow, requiredReviews = task.requiredReviews) {
  if (task.status === 'completed' || task.status === 'rejected') return task.status;
  const usage = await slotUsage(tx, task.id);
  const status = usedSlots(usage) < requiredReviews ? 'available' : 'claimed';
  await tx.update(tasks).set({ status, requiredReviews, updatedAt: new Date() }).where(eq(tasks.id, task.id));
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

export interface TaskListFilter {
  workerId: string;
  search?: string | undefined;
  documentType?: string | undefined;
}

/** The tasks a worker may take (free slot, never assigned to them) plus those they hold. */
export function visibleTasksWhere(filter: TaskListFilter): SQL {
  const conditions: SQL[] = [
    sql`((${tasks.status} = 'available' and a.id is null) or (a.status = 'claimed' and a.lease_expires_at > now()))`,
    sql`${requests.deletedAt} is null`,
  ];
  if (filter.documentType) conditions.push(sql`${tasks.documentType} = ${filter.documentType}`);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql`(${tasks.id}::text ilike ${like} or ${tasks.documentType} ilike ${like} or coalesce(${tasks.metadata}->>'name', '') ilike ${like})`,
    );
  }
  return sql.join(conditions, sql` and `);
}
