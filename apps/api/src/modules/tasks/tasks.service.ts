import type { RejectionReason, ReviewBody, TaskSort, WorkerStats, WorkerTask } from '@sieve/contracts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { assignments, requests, tasks, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import { periodStarts } from '../billing/usage';
import type { Metrics } from '../metrics/metrics';
import { decideConsensus } from './consensus';
import { withEvidence } from './evidence';
import {
  assignmentOf,
  lockTask,
  qualityScores,
  refreshTaskStatus,
  slotUsage,
  type TaskRow,
  usedSlots,
  visibleTasksWhere,
} from './tasks.queries';

const MAX_REVIEWS = 3; // DESIGN §4: a disagreement escalates to 3 reviews
const ALREADY_REVIEWED = 'You have already reviewed this task.';

export interface TasksServiceDeps {
  db: Db;
  leaseSeconds: number;
  logger: Logger;
  metrics?: Pick<Metrics, 'reviews'>;
}

const ORDER: Record<TaskSort, ReturnType<typeof asc>[]> = {
  priority: [desc(tasks.priority), asc(tasks.createdAt), asc(tasks.id)],
  newest: [desc(tasks.createdAt), asc(tasks.id)],
  oldest: [asc(tasks.createdAt), asc(tasks.id)],
  type_asc: [asc(tasks.documentType), desc(tasks.priority), asc(tasks.createdAt)],
  type_desc: [desc(tasks.documentType), desc(tasks.priority), asc(tasks.createdAt)],
  id_asc: [asc(tasks.id)],
  id_desc: [desc(tasks.id)],
};

function toWorkerTask(
  task: TaskRow,
  requestMetadata: Record<string, unknown>,
  leaseExpiresAt: Date | null,
): WorkerTask {
  const { file_bytes: _bytes, ...metadata } = requestMetadata;
  return {
    task_id: task.id,
    request_id: task.requestId,
    document_type: task.documentType as WorkerTask['document_type'],
    created_at: task.createdAt.toISOString(),
    status: task.status,
    priority: task.priority,
    required_reviews: task.requiredReviews,
    metadata: task.metadata,
    original_request: { metadata },
    ai_result: task.aiResult as WorkerTask['ai_result'],
    claim: leaseExpiresAt ? { lease_expires_at: leaseExpiresAt.toISOString() } : null,
  };
}

/** Merges the final results of a request's completed tasks: the first value found per data point. */
function mergeResults(finals: Record<string, unknown>[]) {
  if (finals.length === 1) return finals[0] ?? {};
  const merged: Record<string, unknown> = {};
  for (const result of finals) {
    for (const [key, item] of Object.entries(result)) {
      const value =
        item && typeof item === 'object' && 'value' in item ? (item as { value: unknown }).value : item;
      if (
        !(key in merged) ||
        (value !== null && value !== '' && value !== undefined && merged[key] === null)
      ) {
        merged[key] = item;
      }
    }
  }
  return merged;
}

export function createTasksService(deps: TasksServiceDeps) {
  const { db } = deps;
  const leaseEnd = () => new Date(Date.now() + deps.leaseSeconds * 1000);

  /** Claims a slot for this worker inside the transaction, or refuses with 409. */
  async function claimSlot(tx: Tx, task: TaskRow, workerId: string, existing: { id: string } | undefined) {
    const usage = await slotUsage(tx, task.id);
    if (usedSlots(usage) >= task.requiredReviews) throw new AppError('TASK_ALREADY_CLAIMED');
    const lease = leaseEnd();
    if (existing) {
      await tx
        .update(assignments)
        .set({ status: 'claimed', claimedAt: new Date(), leaseExpiresAt: lease, finishedAt: null })
        .where(eq(assignments.id, existing.id));
    } else {
      await tx.insert(assignments).values({ taskId: task.id, workerId, leaseExpiresAt: lease });
    }
    await refreshTaskStatus(tx, task);
    return lease;
  }

  /** When the request's tasks are all final, the request completes (or fails if all were rejected). */
  async function settleRequest(tx: Tx, requestId: string) {
    const rows = await tx.select().from(tasks).where(eq(tasks.requestId, requestId)).orderBy(asc(tasks.part));
    if (rows.some((t) => t.status !== 'completed' && t.status !== 'rejected')) return;
    const completed = rows.filter((t) => t.status === 'completed');
    const now = new Date();
    if (completed.length === 0) {
      await tx
        .update(requests)
        .set({
          status: 'failed',
          error: 'Reviewers rejected this document.',
          updatedAt: now,
          completedAt: now,
        })
        .where(eq(requests.id, requestId));
      return;
    }
    const result = mergeResults(completed.map((t) => t.finalResult ?? {}));
    await tx
      .update(requests)
      .set({
        status: 'completed',
        consensusResult: result,
        finalResult: result,
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(requests.id, requestId));
  }

  /** After a review or a rejection vote: reject, escalate, or settle the task by consensus. */
  async function evaluate(tx: Tx, task: TaskRow) {
    const usage = await slotUsage(tx, task.id);
    const now = new Date();
    if (usage.rejectVotes * 2 > task.requiredReviews) {
      await tx
        .update(tasks)
        .set({ status: 'rejected', updatedAt: now, completedAt: now })
        .where(eq(tasks.id, task.id));
      await settleRequest(tx, task.requestId);
      return 'rejected' as const;
    }
    if (usage.submitted + usage.rejectVotes < task.requiredReviews) return refreshTaskStatus(tx, task);
    if (usage.rejectVotes > 0 && task.requiredReviews < MAX_REVIEWS) {
      return refreshTaskStatus(tx, task, MAX_REVIEWS);
    }
    const submitted = await tx
      .select()
      .from(assignments)
      .where(and(eq(assignments.taskId, task.id), eq(assignments.status, 'submitted')));
    const quality = await qualityScores(
      tx,
      submitted.map((a) => a.workerId),
    );
    const reviews = submitted.map((a) => ({
      workerId: a.workerId,
      result: ((a.response as { result?: Record<string, unknown> } | null)?.result ?? {}) as Record<
        string,
        unknown
      >,
      quality: quality.get(a.workerId) ?? 0,
    }));
    const canAskMore = task.requiredReviews < MAX_REVIEWS;
    const outcome = decideConsensus(reviews, canAskMore ? MAX_REVIEWS : reviews.length);
    if (outcome.kind === 'needs_more')
      return refreshTaskStatus(tx, task, Math.min(MAX_REVIEWS, task.requiredReviews + 1));
    for (const review of submitted) {
      const match = outcome.matches.get(review.workerId);
      if (match) {
        await tx
          .update(assignments)
          .set({ itemsTotal: match.total, itemsMatched: match.matched })
          .where(eq(assignments.id, review.id));
      }
    }
    await tx
      .update(tasks)
      .set({
        status: 'completed',
        finalResult: withEvidence(outcome.result, task.aiResult),
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(tasks.id, task.id));
    await settleRequest(tx, task.requestId);
    return 'completed' as const;
  }

  return {
    async list(
      workerId: string,
      query: {
        page: number;
        limit: number;
        search?: string | undefined;
        document_type?: string | undefined;
        sort: TaskSort;
      },
    ) {
      const where = visibleTasksWhere({ workerId, search: query.search, documentType: query.document_type });
      const [rows, [total]] = await Promise.all([
        db
          .select({
            task: tasks,
            requestMetadata: requests.metadata,
            leaseExpiresAt: sql<string | null>`case when a.status = 'claimed' then a.lease_expires_at end`,
          })
          .from(tasks)
          .innerJoin(requests, eq(requests.id, tasks.requestId))
          .leftJoin(sql`${assignments} as a`, sql`a.task_id = ${tasks.id} and a.worker_id = ${workerId}`)
          .where(where)
          .orderBy(...ORDER[query.sort])
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(tasks)
          .innerJoin(requests, eq(requests.id, tasks.requestId))
          .leftJoin(sql`${assignments} as a`, sql`a.task_id = ${tasks.id} and a.worker_id = ${workerId}`)
          .where(where),
      ]);
      return {
        tasks: rows.map((r) =>
          toWorkerTask(r.task, r.requestMetadata, r.leaseExpiresAt ? new Date(r.leaseExpiresAt) : null),
        ),
        total: Number(total?.n ?? 0),
        page: query.page,
        limit: query.limit,
      };
    },

    async accept(workerId: string, taskId: string) {
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task || task.status === 'completed' || task.status === 'rejected')
          throw new AppError('TASK_NOT_FOUND');
        const mine = await assignmentOf(tx, taskId, workerId);
        if (mine?.status === 'claimed' && mine.leaseExpiresAt > new Date()) {
          const lease = leaseEnd();
          await tx.update(assignments).set({ leaseExpiresAt: lease }).where(eq(assignments.id, mine.id));
          return { task_id: taskId, status: 'claimed' as const, lease_expires_at: lease.toISOString() };
        }
        if (mine?.status === 'submitted') throw new AppError('TASK_ALREADY_CLAIMED', ALREADY_REVIEWED);
        if (mine?.status === 'skipped' || mine?.status === 'rejected') throw new AppError('TASK_NOT_FOUND');
        const lease = await claimSlot(tx, task, workerId, mine);
        return { task_id: taskId, status: 'claimed' as const, lease_expires_at: lease.toISOString() };
      });
    },

    async review(workerId: string, taskId: string, body: ReviewBody) {
      let stored = false;
      const result = await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) throw new AppError('TASK_NOT_FOUND');
        let mine = await assignmentOf(tx, taskId, workerId);
        // Idempotent: the same submission again returns the stored one.
        if (mine?.status === 'submitted') {
          return {
            task_id: taskId,
            status: 'submitted' as const,
            task_status: task.status,
            submitted_at: (mine.finishedAt ?? new Date()).toISOString(),
          };
        }
        if (task.status === 'completed' || task.status === 'rejected') throw new AppError('TASK_NOT_FOUND');
        if (mine?.status === 'skipped' || mine?.status === 'rejected') throw new AppError('TASK_NOT_FOUND');
        if (mine && (mine.status === 'expired' || mine.leaseExpiresAt <= new Date()))
          throw new AppError('TASK_EXPIRED');
        if (!mine) {
          await claimSlot(tx, task, workerId, undefined);
          mine = await assignmentOf(tx, taskId, workerId);
          if (!mine) throw new AppError('TASK_SUBMISSION_FAILED');
        }
        const now = new Date();
        const timeSpent =
          body.time_spent_seconds ?? Math.round((now.getTime() - mine.claimedAt.getTime()) / 1000);
        await tx
          .update(assignments)
          .set({
            status: 'submitted',
            response: body.response,
            confidence: body.confidence,
            timeSpentSeconds: timeSpent,
            finishedAt: now,
          })
          .where(eq(assignments.id, mine.id));
        await tx.update(users).set({ lastActivityAt: now }).where(eq(users.id, workerId));
        const taskStatus = await evaluate(tx, task);
        stored = true;
        return {
          task_id: taskId,
          status: 'submitted' as const,
          task_status: taskStatus,
          submitted_at: now.toISOString(),
        };
      });
      if (stored) deps.metrics?.reviews.inc();
      return result;
    },

    async skip(workerId: string, taskId: string) {
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) throw new AppError('TASK_NOT_FOUND');
        const mine = await assignmentOf(tx, taskId, workerId);
        if (mine?.status === 'submitted') throw new AppError('TASK_ALREADY_CLAIMED', ALREADY_REVIEWED);
        const now = new Date();
        if (mine) {
          await tx
            .update(assignments)
            .set({ status: 'skipped', finishedAt: now })
            .where(eq(assignments.id, mine.id));
        } else {
          await tx
            .insert(assignments)
            .values({ taskId, workerId, status: 'skipped', leaseExpiresAt: now, finishedAt: now });
        }
        await refreshTaskStatus(tx, task);
        return { task_id: taskId, status: 'skipped' as const };
      });
    },

    async reject(workerId: string, taskId: string, reason: RejectionReason) {
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (!task) throw new AppError('TASK_NOT_FOUND');
        const mine = await assignmentOf(tx, taskId, workerId);
        if (mine?.status === 'submitted') throw new AppError('TASK_ALREADY_CLAIMED', ALREADY_REVIEWED);
        if (mine?.status === 'rejected' || mine?.status === 'skipped')
          return { task_id: taskId, status: 'rejected' as const };
        const now = new Date();
        const holdsLiveClaim = mine?.status === 'claimed' && mine.leaseExpiresAt > now;
        // not_qualified behaves like skip; the other reasons are a rejection vote and need a slot.
        if (reason !== 'not_qualified' && !holdsLiveClaim) {
          if (task.status === 'completed' || task.status === 'rejected') throw new AppError('TASK_NOT_FOUND');
          await claimSlot(tx, task, workerId, mine);
        }
        const current = await assignmentOf(tx, taskId, workerId);
        if (current) {
          await tx
            .update(assignments)
            .set({ status: 'rejected', rejectionReason: reason, finishedAt: now })
            .where(eq(assignments.id, current.id));
        } else {
          await tx.insert(assignments).values({
            taskId,
            workerId,
            status: 'rejected',
            rejectionReason: reason,
            leaseExpiresAt: now,
            finishedAt: now,
          });
        }
        if (reason === 'not_qualified') await refreshTaskStatus(tx, task);
        else await evaluate(tx, task);
        return { task_id: taskId, status: 'rejected' as const };
      });
    },

    async history(workerId: string, query: { page: number; limit: number }) {
      const where = and(eq(assignments.workerId, workerId), ne(assignments.status, 'claimed'));
      const [rows, [total]] = await Promise.all([
        db
          .select({ a: assignments, t: tasks })
          .from(assignments)
          .innerJoin(tasks, eq(tasks.id, assignments.taskId))
          .where(where)
          .orderBy(desc(assignments.finishedAt), desc(assignments.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(assignments).where(where),
      ]);
      return {
        history: rows.map(({ a, t }) => ({
          task_id: t.id,
          request_id: t.requestId,
          document_type: t.documentType,
          name: typeof t.metadata.name === 'string' ? t.metadata.name : null,
          status: a.status as 'submitted' | 'skipped' | 'rejected' | 'expired',
          rejection_reason: a.rejectionReason,
          claimed_at: a.claimedAt.toISOString(),
          finished_at: a.finishedAt?.toISOString() ?? null,
          time_spent_seconds: a.timeSpentSeconds,
          matched_consensus: a.itemsTotal ? (a.itemsMatched ?? 0) / a.itemsTotal : null,
        })),
        total: Number(total?.n ?? 0),
        page: query.page,
        limit: query.limit,
      };
    },

    async stats(workerId: string, now = new Date()): Promise<WorkerStats> {
      const starts = periodStarts(now);
      const lastWeekStart = new Date(starts.weekly.getTime() - 7 * 86_400_000);
      const [totals] = await queryRows<{
        completed: number;
        today: number;
        avg_time: number | null;
        total_time: number | null;
        items_total: number;
        items_matched: number;
      }>(
        db,
        sql`select
          count(*)::int as completed,
          count(*) filter (where finished_at >= ${starts.daily.toISOString()})::int as today,
          avg(time_spent_seconds)::float as avg_time,
          sum(time_spent_seconds)::float as total_time,
          coalesce(sum(items_total), 0)::int as items_total,
          coalesce(sum(items_matched), 0)::int as items_matched
        from ${assignments} where worker_id = ${workerId} and status = 'submitted'`,
      );
      // Streak: submitted reviews since the last skip, rejection or expiry.
      const [streak] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${assignments}
          where worker_id = ${workerId} and status = 'submitted' and finished_at > coalesce(
            (select max(finished_at) from ${assignments}
              where worker_id = ${workerId} and status in ('skipped', 'rejected', 'expired')),
            'epoch'::timestamptz)`,
      );
      const rankIn = async (from: Date, to: Date) => {
        const [row] = await queryRows<{ mine: number; rank: number }>(
          db,
          sql`with counts as (
              select worker_id, count(*)::int as n from ${assignments}
              where status = 'submitted' and finished_at >= ${from.toISOString()} and finished_at < ${to.toISOString()}
              group by worker_id)
            select coalesce((select n from counts where worker_id = ${workerId}), 0)::int as mine,
              (1 + (select count(*) from counts where n > coalesce((select n from counts where worker_id = ${workerId}), 0)))::int as rank`,
        );
        return { mine: Number(row?.mine ?? 0), rank: Number(row?.rank ?? 1) };
      };
      const farFuture = new Date(now.getTime() + 86_400_000);
      const [thisWeek, lastWeek, [reviewers]] = await Promise.all([
        rankIn(starts.weekly, farFuture),
        rankIn(lastWeekStart, starts.weekly),
        queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${users} where user_type = 'worker' and is_approved and is_active and deleted_at is null`,
        ),
      ]);
      const itemsTotal = Number(totals?.items_total ?? 0);
      return {
        tasksCompleted: Number(totals?.completed ?? 0),
        tasksCompletedToday: Number(totals?.today ?? 0),
        averageTime: Math.round(Number(totals?.avg_time ?? 0) * 10) / 10,
        qualityScore: itemsTotal > 0 ? Number(totals?.items_matched ?? 0) / itemsTotal : null,
        streak: Number(streak?.n ?? 0),
        totalTimeSpent: Number(totals?.total_time ?? 0),
        leaderboard: {
          rank: thisWeek.mine > 0 ? thisWeek.rank : null,
          previousRank: lastWeek.mine > 0 ? lastWeek.rank : null,
          reviewers: Number(reviewers?.n ?? 0),
          tasksThisWeek: thisWeek.mine,
        },
      };
    },

    /** The periodic job: leases that ran out free their slots (DESIGN §4). */
    async expireLeases() {
      const expired = await db
        .update(assignments)
        .set({ status: 'expired', finishedAt: sql`${assignments.leaseExpiresAt}` })
        .where(and(eq(assignments.status, 'claimed'), sql`${assignments.leaseExpiresAt} <= now()`))
        .returning({ taskId: assignments.taskId });
      const taskIds = [...new Set(expired.map((e) => e.taskId))];
      if (taskIds.length > 0) {
        await db
          .update(tasks)
          .set({ status: 'available', updatedAt: new Date() })
          .where(and(inArray(tasks.id, taskIds), eq(tasks.status, 'claimed')));
      }
      return expired.length;
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
