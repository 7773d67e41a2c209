import { DOCUMENT_TYPES, REJECTION_REASONS, TASK_SORTS } from './catalog';
import { defineEndpoint } from './endpoint';
import { CheckReason, MAX_CHECKS } from './fields';
import { IdParams } from './requests';
import { z } from './zod';

export const TaskMetadata = z
  .object({
    name: z.string().nullable().optional(),
    ticker: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
    file_url: z.string().nullable().optional(),
    filing_url: z.string().nullable().optional(),
    document_name: z.string().nullable().optional(),
    report_id: z.string().nullable().optional(),
    content_type: z.string().nullable().optional(),
  })
  .catchall(z.unknown());

/**
 * The AI result as the queue lists it (spec 01 §7: a task carries `ai_result` with its
 * `confidence_score`): each data point's value and confidence, never its source text or location,
 * so a poll of the queue stays light.
 */
export const ListedAiResult = z
  .object({
    confidence_score: z.number(),
    result: z.record(z.string(), z.object({ value: z.unknown(), confidence: z.number().nullable() })),
  })
  .meta({ id: 'ListedAiResult' });
export type ListedAiResult = z.infer<typeof ListedAiResult>;

/**
 * A task as the queue lists it: only what the list and its preview header show (name, type, age,
 * AI confidence and values, how many fields). The full task (source texts, request metadata) comes
 * on open, from `GET /worker/tasks/{id}` or the next-task claim: a poll of the queue stays a few KB
 * per page.
 */
export const WorkerTaskSummary = z
  .object({
    task_id: z.string(),
    request_id: z.string(),
    document_type: z.enum(DOCUMENT_TYPES),
    created_at: z.string(),
    status: z.enum(['available', 'claimed', 'completed', 'rejected']),
    priority: z.number().int(),
    required_reviews: z.number().int(),
    metadata: TaskMetadata,
    /** The AI's overall confidence (`ai_result.confidence_score` of the full task). */
    ai_confidence_score: z.number(),
    /** How many data points the AI result holds. */
    ai_field_count: z.number().int().min(0),
    /**
     * spec 01 §7: the AI result with its `confidence_score`; listed, its `result` holds each data
     * point's `{value, confidence}` only (ListedAiResult), opened, the whole items. Typed loosely
     * here so that an opened task is still a summary.
     */
    ai_result: z
      .object({ confidence_score: z.number() })
      .catchall(z.unknown())
      .meta({ description: 'Listed: ListedAiResult (values and confidences, no source texts).' }),
    /** The caller's live claim on it, if any. */
    claim: z.object({ lease_expires_at: z.string() }).nullable(),
  })
  .meta({ id: 'WorkerTaskSummary' });
export type WorkerTaskSummary = z.infer<typeof WorkerTaskSummary>;

/** A task as opened for review: the summary plus the request's metadata and the AI result. */
export const WorkerTask = WorkerTaskSummary.extend({
  original_request: z.object({ metadata: z.record(z.string(), z.unknown()) }),
  ai_result: z.object({ confidence_score: z.number() }).catchall(z.unknown()),
}).meta({ id: 'WorkerTask' });
export type WorkerTask = z.infer<typeof WorkerTask>;

export const TaskListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(200).optional(),
  document_type: z.enum(DOCUMENT_TYPES).optional(),
  sort: z.enum(TASK_SORTS).default('priority'),
});
export const TaskListResponse = z
  .object({
    tasks: z.array(WorkerTaskSummary),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'TaskListResponse' });

export const AcceptResponse = z
  .object({ task_id: z.string(), status: z.literal('claimed'), lease_expires_at: z.string() })
  .meta({ id: 'AcceptResponse' });

/** The queue's filter, optional: the next task of this document type or matching this search. */
export const NextTaskBody = z
  .strictObject({
    search: z.string().trim().max(200).optional(),
    document_type: z.enum(DOCUMENT_TYPES).optional(),
  })
  .meta({ id: 'NextTaskBody' });
export const NextTaskResponse = z
  .object({
    /** The claimed task (full, as on open), or null when nothing is left for this reviewer. */
    task: WorkerTask.nullable(),
    lease_expires_at: z.string().nullable(),
  })
  .meta({ id: 'NextTaskResponse' });
export type NextTaskResponse = z.infer<typeof NextTaskResponse>;

export const RejectBody = z
  .strictObject({ rejection_reason: z.enum(REJECTION_REASONS).default('instructed_to_reject') })
  .meta({ id: 'RejectBody' });

export const ReviewBody = z
  .strictObject({
    response: z.strictObject({
      ai_processed: z.boolean().default(true),
      confidence_score: z.number().max(0),
      result: z.record(z.string().min(1).max(200), z.unknown()),
    }),
    confidence: z.number().min(0).max(1).default(0.8),
    /** Seconds the reviewer spent, as the workspace timed it. */
    time_spent_seconds: z.number().int().min(0).max(86_400).optional(),
    /**
     * DESIGN §13: the reviewed values are checked again; a check that still fails needs the
     * reviewer's reason here (by the check's name), else the review is refused 422 CHECKS_FAILED.
     */
    check_reasons: z.array(CheckReason).max(MAX_CHECKS).optional(),
  })
  .meta({ id: 'ReviewBody' });
export type ReviewBody = z.infer<typeof ReviewBody>;

export const ReviewResponse = z
  .object({
    task_id: z.string(),
    status: z.literal('submitted'),
    task_status: z.enum(['available', 'claimed', 'completed', 'rejected']),
    submitted_at: z.string(),
  })
  .meta({ id: 'ReviewResponse' });

export const TaskActionResponse = z
  .object({ task_id: z.string(), status: z.enum(['skipped', 'rejected']) })
  .meta({ id: 'TaskActionResponse' });

export const HistoryQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const HistoryItem = z.object({
  task_id: z.string(),
  request_id: z.string(),
  document_type: z.string(),
  name: z.string().nullable(),
  status: z.enum(['submitted', 'skipped', 'rejected', 'expired']),
  rejection_reason: z.string().nullable(),
  claimed_at: z.string(),
  finished_at: z.string().nullable(),
  time_spent_seconds: z.number().nullable(),
  matched_consensus: z.number().nullable(),
});
export const HistoryResponse = z
  .object({
    history: z.array(HistoryItem),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'HistoryResponse' });

export const WorkerStats = z
  .object({
    tasksCompleted: z.number().int(),
    tasksCompletedToday: z.number().int(),
    averageTime: z.number(),
    /** Share of submitted items that matched consensus, 0–1; 0 until a consensus exists (see the basis). */
    qualityScore: z.number().min(0).max(1),
    /** How many submitted items with a consensus the score is computed from; 0 means "no score yet". */
    qualityScoreBasis: z.number().int().min(0),
    streak: z.number().int(),
    totalTimeSpent: z.number(),
    leaderboard: z.object({
      rank: z.number().int().nullable(),
      previousRank: z.number().int().nullable(),
      reviewers: z.number().int(),
      tasksThisWeek: z.number().int(),
    }),
  })
  .meta({ id: 'WorkerStats' });
export type WorkerStats = z.infer<typeof WorkerStats>;

const TaskParams = IdParams;
const worker = ['worker'] as const;

export const workerEndpoints = {
  tasks: defineEndpoint({
    id: 'listWorkerTasks',
    method: 'get',
    path: '/worker/tasks',
    summary: 'Tasks this reviewer may take, and those it holds: highest priority, then oldest, first',
    tag: 'worker',
    access: worker,
    query: TaskListQuery,
    response: { status: 200, schema: TaskListResponse, description: 'A page of tasks' },
  }),
  task: defineEndpoint({
    id: 'getWorkerTask',
    method: 'get',
    path: '/worker/tasks/{id}',
    summary:
      'One task in full (AI result, request metadata), as opened for review: a task of the queue, or one this reviewer holds or held',
    tag: 'worker',
    access: worker,
    params: TaskParams,
    response: { status: 200, schema: WorkerTask, description: 'The task' },
  }),
  next: defineEndpoint({
    id: 'claimNextTask',
    method: 'post',
    path: '/worker/tasks/next',
    summary:
      'Claim the next task of the queue (optionally filtered): each reviewer gets a different one (FOR UPDATE SKIP LOCKED); a live claim already held is returned first',
    tag: 'worker',
    access: worker,
    body: NextTaskBody,
    response: { status: 200, schema: NextTaskResponse, description: 'The claimed task, or null' },
  }),
  accept: defineEndpoint({
    id: 'acceptTask',
    method: 'post',
    path: '/worker/tasks/{id}/accept',
    summary: 'Claim a review slot (a lease); renews the lease when already held',
    tag: 'worker',
    access: worker,
    params: TaskParams,
    response: { status: 200, schema: AcceptResponse, description: 'Claimed' },
  }),
  reject: defineEndpoint({
    id: 'rejectTask',
    method: 'post',
    path: '/worker/tasks/{id}/reject',
    summary: 'Reject a task (not_qualified only hides it from this reviewer)',
    tag: 'worker',
    access: worker,
    params: TaskParams,
    body: RejectBody,
    response: { status: 200, schema: TaskActionResponse, description: 'Rejected' },
  }),
  review: defineEndpoint({
    id: 'submitReview',
    method: 'post',
    path: '/worker/tasks/{id}/review',
    summary: 'Submit a review; idempotent per task and reviewer',
    tag: 'worker',
    access: worker,
    params: TaskParams,
    body: ReviewBody,
    response: { status: 200, schema: ReviewResponse, description: 'Stored' },
  }),
  skip: defineEndpoint({
    id: 'skipTask',
    method: 'post',
    path: '/worker/tasks/{id}/skip',
    summary: 'Give the slot back and hide the task from this reviewer',
    tag: 'worker',
    access: worker,
    params: TaskParams,
    response: { status: 200, schema: TaskActionResponse, description: 'Skipped' },
  }),
  history: defineEndpoint({
    id: 'workerHistory',
    method: 'get',
    path: '/worker/history',
    summary: "This reviewer's past tasks, newest first",
    tag: 'worker',
    access: worker,
    query: HistoryQuery,
    response: { status: 200, schema: HistoryResponse, description: 'A page of history' },
  }),
  stats: defineEndpoint({
    id: 'workerStats',
    method: 'get',
    path: '/worker/stats',
    summary: "This reviewer's metrics and weekly leaderboard rank",
    tag: 'worker',
    access: worker,
    response: { status: 200, schema: WorkerStats, description: 'Metrics' },
  }),
} as const;
