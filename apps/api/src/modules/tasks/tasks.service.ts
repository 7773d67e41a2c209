import type {
  ListedAiResult,
  RejectionReason,
  ReviewBody,
  TaskSort,
  WorkerStats,
  WorkerTask,
  WorkerTaskSummary,
} from '@sieve/contracts';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, hotStatement, queryRows, reusePlansInTransaction, type Tx } from '../../db/client';
import { assignments, queueCounts, requests, tasks, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import { periodStarts } from '../billing/usage';
import { noWebhooks, type WebhookEmitter } from '../integrations/webhook-events';
import { teachFromConsensus } from '../learning/learning.teach';
import type { Metrics } from '../metrics/metrics';
import { decideConsensus } from './consensus';
import { withEvidence } from './evidence';
import { assertChecksExplained, finalChecks, taskChecks } from './review-checks';
import { taskFields, withFieldTypes } from './task-fields';
import {
  assignedAvailableCountSql,
  assignmentOf,
  availableTasksSql,
  claimNextSql,
  type FilterShape,
  filterShape,
  filterValues,
  lockTaskFor,
  qualityScores,
  refreshTaskStatus,
  shapedFilterSql,
  slotUsage,
  type TaskRow,
  taskSlots,
  usedSlots,
  weeklyRankSql,
} from './tasks.queries';

const MAX_REVIEWS = 3; // DESIGN §4: a disagreement escalates to 3 reviews
const ALREADY_REVIEWED = 'You have already reviewed this task.';

export interface TasksServiceDeps {
  db: Db;
  leaseSeconds: number;
  logger: Logger;
  metrics?: Pick<Metrics, 'reviews'>;
  /** How old the count of all available tasks in the queue total may be; 0 counts on every list. */
  queueCountMaxAgeMs?: number;
  /** Webhook events of review outcomes (DESIGN §12). */
  webhooks?: WebhookEmitter;
}

/** The list orders, on unqualified columns (they apply to the tasks and to the merged halves). */
const LIST_ORDER: Record<TaskSort, SQL> = {
  priority: sql`priority desc, created_at asc, id asc`,
  newest: sql`created_at desc, id asc`,
  oldest: sql`created_at asc, id asc`,
  type_asc: sql`document_type asc, priority desc, created_at asc, id asc`,
  type_desc: sql`document_type desc, priority desc, created_at asc, id asc`,
  id_asc: sql`id asc`,
  id_desc: sql`id desc`,
};

type QueueFilterValues = ReturnType<typeof filterValues>;

/**
 * A reviewer's list page and its total, one statement, one round trip: the page (its ids from two
 * index-friendly halves instead of one OR, which no index serves: the available tasks this reviewer
 * was never assigned, from tasks_available_idx only as deep as the page needs, and the ones they
 * hold, from their assignments; then its rows) and the total, which is all available tasks less
 * those this reviewer was ever assigned (their assignments on open tasks: assignments_open_task_idx,
 * not a year of history) plus the ones they hold: no anti-join over the whole queue. All available
 * tasks are, unsearched, the triggers' running count (queue_counts, exact and in this statement's
 * snapshot); a search counts its matches, or takes a count the list made a moment ago (`known`). A
 * deleted request's tasks leave the queue when it is deleted (admin.service). See
 * query-plans.test.ts. Keyed by reviewer, page and filter, one plan serves every value: planning it
 * per call cost more than running it.
 */
const listStatement = hotStatement<
  FilterShape & { sort: TaskSort; count: 'known' | 'search' | 'queue' },
  QueueFilterValues & { worker: string; depth: number; limit: number; offset: number; known: number | null },
  ListedTaskRow & { total: number | string; all_available: number | string }
>(
  (shape) => `${shape.sort} ${shape.documentType} ${shape.search} ${shape.count}`,
  (shape, bind) => {
    const filter = shapedFilterSql(shape, bind);
    const order = LIST_ORDER[shape.sort];
    const allAvailable =
      shape.count === 'known'
        ? sql`${bind.known}::bigint`
        : shape.count === 'search'
          ? sql`(select count(*) from ${tasks} t where t.status = 'available' ${filter})`
          : sql`(select coalesce(sum(q.available), 0)::bigint from ${queueCounts} q
              ${shape.documentType ? sql`where q.document_type = ${bind.documentType}` : sql``})`;
    return sql`with page as (
        select v.id, v.lease_expires_at, row_number() over (order by ${order}) as ord from (
          (${availableTasksSql(bind.worker, filter, order, bind.depth)})
          union all
          (select t.id, t.priority, t.created_at, t.document_type, a.lease_expires_at
            from ${assignments} a join ${tasks} t on t.id = a.task_id
            where a.worker_id = ${bind.worker} and a.status = 'claimed' and a.lease_expires_at > now() ${filter})
        ) v order by ${order} limit ${bind.limit} offset ${bind.offset}
      ),
      -- materialized: its one count is read twice below, and must run once.
      available as materialized (select ${allAvailable} as n),
      total as (
        select available.n as all_available, available.n
          - (${assignedAvailableCountSql(bind.worker, filter)})
          + (select count(*) from ${assignments} a join ${tasks} t on t.id = a.task_id
            where a.worker_id = ${bind.worker} and a.status = 'claimed' and a.lease_expires_at > now() ${filter})
          as n
        from available
      )
      select total.n as total, total.all_available, listed.* from total left join (
        select t.id, t.request_id, t.document_type, t.created_at, t.status, t.priority, t.required_reviews,
          t.metadata, page.lease_expires_at, page.ord, t.ai_confidence_score, t.ai_field_count,
          t.ai_listed_result
        from page join ${tasks} t on t.id = page.id
      ) listed on true
      order by listed.ord`;
  },
  { reusePlan: true },
);

/** The next-task claim (claimNextSql), one statement per filter shape. */
const claimNextStatement = hotStatement<
  FilterShape,
  QueueFilterValues & { worker: string; lease: number },
  {
    task_id: string;
    lease_expires_at: string;
    status: TaskRow['status'];
    request_id: string;
    document_type: string;
    created_at: string;
    priority: number;
    required_reviews: number;
    metadata: Record<string, unknown>;
    ai_result: Record<string, unknown>;
    ai_confidence_score: number;
    ai_field_count: number;
    request_metadata: Record<string, unknown>;
  }
>(
  (shape) => `${shape.documentType} ${shape.search}`,
  (shape, bind) => claimNextSql(bind.worker, bind.lease, shapedFilterSql(shape, bind)),
);

/** A listed task as the list statement returns it (raw columns; the AI result's values, never its source texts). */
interface ListedTaskRow {
  id: string;
  request_id: string;
  document_type: string;
  created_at: string | Date;
  status: TaskRow['status'];
  priority: number;
  required_reviews: number;
  metadata: Record<string, unknown>;
  ai_confidence_score: number;
  ai_field_count: number;
  /** The AI result's values and confidences, kept with it (tasks.ai_listed_result), never its source texts. */
  ai_listed_result: ListedAiResult['result'];
  lease_expires_at: string | Date | null;
}

type FullTaskColumns = Pick<
  TaskRow,
  | 'id'
  | 'requestId'
  | 'documentType'
  | 'createdAt'
  | 'status'
  | 'priority'
  | 'requiredReviews'
  | 'metadata'
  | 'aiResult'
  | 'aiConfidenceScore'
  | 'aiFieldCount'
>;

function toSummary(row: ListedTaskRow): WorkerTaskSummary {
  return {
    task_id: row.id,
    request_id: row.request_id,
    document_type: row.document_type as WorkerTaskSummary['document_type'],
    created_at: new Date(row.created_at).toISOString(),
    status: row.status,
    priority: row.priority,
    required_reviews: row.required_reviews,
    metadata: row.metadata,
    ai_confidence_score: row.ai_confidence_score,
    ai_field_count: row.ai_field_count,
    // spec 01 §7: a listed task's AI result is its confidence score and each value's confidence.
    ai_result: { confidence_score: row.ai_confidence_score, result: row.ai_listed_result },
    claim: row.lease_expires_at ? { lease_expires_at: new Date(row.lease_expires_at).toISOString() } : null,
  };
}

function toWorkerTask(
  task: FullTaskColumns,
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
    ai_confidence_score: task.aiConfidenceScore,
    ai_field_count: task.aiFieldCount,
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

/** The checks of a request's parts: one per name, a failed one over a passed one. */
function mergeChecks(parts: (unknown[] | null)[]): unknown[] | null {
  const lists = parts.filter((p): p is unknown[] => Array.isArray(p));
  if (lists.length === 0) return null;
  if (lists.length === 1) return lists[0] ?? null;
  const byName = new Map<string, { name: string; passed: boolean }>();
  for (const check of lists.flat() as { name: string; passed: boolean }[]) {
    const seen = byName.get(check.name);
    if (!seen || (seen.passed && !check.passed)) byName.set(check.name, check);
  }
  return [...byName.values()];
}

export function createTasksService(deps: TasksServiceDeps) {
  const { db } = deps;
  const webhooks = deps.webhooks ?? noWebhooks;
  const leaseEnd = () => new Date(Date.now() + deps.leaseSeconds * 1000);
  /** Counts of all available tasks by search and type filter, with when they were taken. */
  const availableCounts = new Map<string, { n: number; at: number }>();

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
    // The claim just written is one more live claim (an earlier assignment it renews held no slot).
    await refreshTaskStatus(tx, task, task.requiredReviews, { ...usage, liveClaims: usage.liveClaims + 1 });
    return lease;
  }

  /**
   * When the request's tasks are all final, the request completes (or fails if all were rejected):
   * answers the request's webhook event then, else null. Reads only the parts' status and result
   * (not each part's AI result, which can be large).
   */
  async function settleRequest(
    tx: Tx,
    requestId: string,
  ): Promise<'request.completed' | 'request.failed' | null> {
    const rows = await tx
      .select({ status: tasks.status, finalResult: tasks.finalResult, finalChecks: tasks.finalChecks })
      .from(tasks)
      .where(eq(tasks.requestId, requestId))
      .orderBy(asc(tasks.part))
      .prepare('request_parts')
      .execute();
    if (rows.some((t) => t.status !== 'completed' && t.status !== 'rejected')) return null;
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
        .where(eq(requests.id, requestId))
        .prepare('fail_request')
        .execute();
      return 'request.failed';
    }
    const result = mergeResults(completed.map((t) => t.finalResult ?? {}));
    await tx
      .update(requests)
      .set({
        status: 'completed',
        consensusResult: result,
        finalResult: result,
        finalChecks: mergeChecks(completed.map((t) => t.finalChecks)),
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(requests.id, requestId))
      .prepare('complete_request')
      .execute();
    return 'request.completed';
  }

  /** A task just became final: settle its request, and announce both in one webhook write. */
  async function taskFinal(tx: Tx, requestId: string) {
    const settled = await settleRequest(tx, requestId);
    await webhooks.record(tx, settled ? ['task.reviewed', settled] : ['task.reviewed'], requestId);
  }

  /** After a review or a rejection vote: reject, escalate, or settle the task by consensus. */
  async function evaluate(tx: Tx, task: TaskRow) {
    const { usage, submitted } = await taskSlots(tx, task.id);
    const now = new Date();
    if (usage.rejectVotes * 2 > task.requiredReviews) {
      await tx
        .update(tasks)
        .set({ status: 'rejected', updatedAt: now, completedAt: now })
        .where(eq(tasks.id, task.id))
        .prepare('reject_task')
        .execute();
      await taskFinal(tx, task.requestId);
      return 'rejected' as const;
    }
    if (usage.submitted + usage.rejectVotes < task.requiredReviews)
      return refreshTaskStatus(tx, task, task.requiredReviews, usage);
    if (usage.rejectVotes > 0 && task.requiredReviews < MAX_REVIEWS) {
      return refreshTaskStatus(tx, task, MAX_REVIEWS, usage);
    }
    // Quality only breaks a tie among several reviews: a lone review is its own majority, and
    // summing a reviewer's whole history on every single-review task is the cost we skip.
    const quality =
      submitted.length > 1
        ? await qualityScores(
            tx,
            submitted.map((a) => a.workerId),
          )
        : new Map<string, number>();
    const reviews = submitted.map((a) => ({
      workerId: a.workerId,
      result: ((a.response as { result?: Record<string, unknown> } | null)?.result ?? {}) as Record<
        string,
        unknown
      >,
      quality: quality.get(a.workerId) ?? 0,
    }));
    const canAskMore = task.requiredReviews < MAX_REVIEWS;
    const outcome = decideConsensus(
      reviews,
      canAskMore ? MAX_REVIEWS : reviews.length,
      taskFields(task.metadata),
    );
    if (outcome.kind === 'needs_more')
      return refreshTaskStatus(tx, task, Math.min(MAX_REVIEWS, task.requiredReviews + 1), usage);
    for (const review of submitted) {
      const match = outcome.matches.get(review.workerId);
      if (match) {
        await tx
          .update(assignments)
          .set({ itemsTotal: match.total, itemsMatched: match.matched })
          .where(eq(assignments.id, review.id))
          .prepare('record_matches')
          .execute();
      }
    }
    const finalResult = withEvidence(outcome.result, task.aiResult);
    // DESIGN §13: the final result is checked again; reviewers' reasons for failed checks are kept.
    const checked = finalChecks(
      taskChecks(task.metadata),
      finalResult,
      submitted.map((a) => (a.response ?? {}) as { check_reasons?: { name: string; reason: string }[] }),
    );
    await tx
      .update(tasks)
      .set({
        status: 'completed',
        finalResult,
        finalChecks: checked,
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(tasks.id, task.id))
      .prepare('complete_task')
      .execute();
    // DESIGN §14: only a consensus teaches the extractor where this layout keeps its values.
    await teachFromConsensus(tx, task, finalResult);
    await taskFinal(tx, task.requestId);
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
      const countKey = `${query.search ?? ''}\u0000${query.document_type ?? ''}`;
      const maxAge = query.search ? (deps.queueCountMaxAgeMs ?? 0) : 0;
      const known = availableCounts.get(countKey);
      const isKnown = maxAge > 0 && known !== undefined && Date.now() - known.at <= maxAge;
      const rows = await listStatement(
        db,
        {
          sort: query.sort,
          ...filterShape(query),
          count: isKnown ? 'known' : query.search ? 'search' : 'queue',
        },
        {
          worker: workerId,
          ...filterValues(query),
          depth: query.page * query.limit,
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
          known: isKnown ? known.n : null,
        },
      );
      if (maxAge > 0 && !isKnown && rows[0]) {
        if (availableCounts.size > 1000) availableCounts.clear(); // searches are many; keep it small
        availableCounts.set(countKey, { n: Number(rows[0].all_available), at: Date.now() });
      }
      // With an empty page the total still comes, on a row of nulls.
      const listed = rows.filter((r) => r.id !== null);
      return {
        tasks: listed.map(toSummary),
        // A count of all available tasks taken a moment ago may trail this reviewer's own fresh
        // assignments: never fewer than the tasks listed, never negative.
        total: Math.max(Number(rows[0]?.total ?? 0), (query.page - 1) * query.limit + listed.length),
        page: query.page,
        limit: query.limit,
      };
    },

    /**
     * One task in full, as opened for review: a task of this reviewer's queue (available, never
     * assigned to them), or one they hold or held. Anything else is not theirs to read: 404.
     */
    async open(workerId: string, taskId: string): Promise<WorkerTask> {
      const [row] = await db
        .select({
          task: tasks,
          requestMetadata: requests.metadata,
          requestDeletedAt: requests.deletedAt,
          mine: { status: assignments.status, leaseExpiresAt: assignments.leaseExpiresAt },
        })
        .from(tasks)
        .innerJoin(requests, eq(requests.id, tasks.requestId))
        .leftJoin(assignments, and(eq(assignments.taskId, tasks.id), eq(assignments.workerId, workerId)))
        .where(eq(tasks.id, taskId));
      if (!row) throw new AppError('TASK_NOT_FOUND');
      const inQueue = row.task.status === 'available' && row.requestDeletedAt === null;
      if (!row.mine && !inQueue) throw new AppError('TASK_NOT_FOUND');
      const lease =
        row.mine?.status === 'claimed' && row.mine.leaseExpiresAt > new Date()
          ? row.mine.leaseExpiresAt
          : null;
      return toWorkerTask(row.task, row.requestMetadata, lease);
    },

    /**
     * The next task for this reviewer, claimed in one statement: the head of the queue that no
     * other transaction has locked (FOR UPDATE SKIP LOCKED), so reviewers working the head of the
     * queue at once each get a different task and never collide. A live claim already held comes
     * back first (its lease renewed): a reload or a second tab does not take a second task.
     */
    async claimNext(
      workerId: string,
      filter: { search?: string | undefined; document_type?: string | undefined },
    ) {
      const [claimed] = await claimNextStatement(db, filterShape(filter), {
        worker: workerId,
        lease: deps.leaseSeconds,
        ...filterValues(filter),
      });
      if (!claimed) return { task: null, lease_expires_at: null };
      const lease = new Date(claimed.lease_expires_at);
      return {
        task: toWorkerTask(
          {
            id: claimed.task_id,
            requestId: claimed.request_id,
            documentType: claimed.document_type,
            createdAt: new Date(claimed.created_at),
            status: claimed.status,
            priority: claimed.priority,
            requiredReviews: claimed.required_reviews,
            metadata: claimed.metadata,
            aiResult: claimed.ai_result,
            aiConfidenceScore: claimed.ai_confidence_score,
            aiFieldCount: claimed.ai_field_count,
          },
          claimed.request_metadata,
          lease,
        ),
        lease_expires_at: lease.toISOString(),
      };
    },

    async accept(workerId: string, taskId: string) {
      return db.transaction(async (tx) => {
        const { task, mine } = await lockTaskFor(tx, taskId, workerId);
        if (!task || task.status === 'completed' || task.status === 'rejected')
          throw new AppError('TASK_NOT_FOUND');
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
      const result = await webhooks.run(() =>
        db.transaction(async (tx) => {
          // A dozen statements by key, each prepared by name (an unnamed one is parsed and planned
          // on every run): planning each on every review cost more than one round trip.
          await reusePlansInTransaction(tx);
          const { task, mine: held } = await lockTaskFor(tx, taskId, workerId);
          if (!task) throw new AppError('TASK_NOT_FOUND');
          let mine = held;
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
          // DESIGN §13: each item keeps its field's type, whatever the reviewer's form sent.
          const response = { ...body.response, result: withFieldTypes(body.response.result, task) };
          assertChecksExplained(taskChecks(task.metadata), response.result, body.check_reasons);
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
              response: body.check_reasons?.length
                ? { ...response, check_reasons: body.check_reasons }
                : response,
              confidence: body.confidence,
              timeSpentSeconds: timeSpent,
              finishedAt: now,
            })
            .where(eq(assignments.id, mine.id))
            .prepare('submit_review')
            .execute();
          // No write to users here: the admin's "last activity" already takes the latest review's
          // finished_at, and one row less to lock per review keeps the review path short.
          const taskStatus = await evaluate(tx, task);
          stored = true;
          return {
            task_id: taskId,
            status: 'submitted' as const,
            task_status: taskStatus,
            submitted_at: now.toISOString(),
          };
        }),
      );
      if (stored) deps.metrics?.reviews.inc();
      return result;
    },

    async skip(workerId: string, taskId: string) {
      return db.transaction(async (tx) => {
        const { task, mine } = await lockTaskFor(tx, taskId, workerId);
        if (!task) throw new AppError('TASK_NOT_FOUND');
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
      return webhooks.run(() =>
        db.transaction(async (tx) => {
          const { task, mine } = await lockTaskFor(tx, taskId, workerId);
          if (!task) throw new AppError('TASK_NOT_FOUND');
          if (mine?.status === 'submitted') throw new AppError('TASK_ALREADY_CLAIMED', ALREADY_REVIEWED);
          if (mine?.status === 'rejected' || mine?.status === 'skipped')
            return { task_id: taskId, status: 'rejected' as const };
          const now = new Date();
          const holdsLiveClaim = mine?.status === 'claimed' && mine.leaseExpiresAt > now;
          // not_qualified behaves like skip; the other reasons are a rejection vote and need a slot.
          if (reason !== 'not_qualified' && !holdsLiveClaim) {
            if (task.status === 'completed' || task.status === 'rejected')
              throw new AppError('TASK_NOT_FOUND');
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
        }),
      );
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
        const [row] = await queryRows<{ mine: number; rank: number }>(db, weeklyRankSql(workerId, from, to));
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
        qualityScore: itemsTotal > 0 ? Math.min(1, Number(totals?.items_matched ?? 0) / itemsTotal) : 0,
        qualityScoreBasis: itemsTotal,
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
