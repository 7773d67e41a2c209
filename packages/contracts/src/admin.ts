import { REQUEST_STATUSES } from './catalog';
import { defineEndpoint } from './endpoint';
import { IdParams, RequestRecord, requestBodyVariants } from './requests';
import { z } from './zod';

const admin = ['admin'] as const;

/** Reviewer pay per submitted review, for the reviewers export's total_earnings (US dollars). */
export const REVIEWER_PAY_PER_REVIEW = 0.5;

const listQuery = <S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) =>
  z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(1000).default(20),
    sort_by: z.enum(sorts).default(defaultSort as never),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
    status: z.string().trim().max(40).optional(),
    search: z.string().trim().max(200).optional(),
  });

export const WORKER_SORTS = [
  'created_at',
  'email',
  'full_name',
  'tasks_completed',
  'quality_score',
  'last_activity',
  'status',
] as const;
export const REQUESTER_SORTS = [
  'created_at',
  'email',
  'organization',
  'requests_submitted',
  'total_cost',
  'last_activity',
] as const;
export const ADMIN_REQUEST_SORTS = [
  'created_at',
  'requester_email',
  'request_type',
  'status',
  'priority',
  'progress',
] as const;

export const WorkerListQuery = listQuery(WORKER_SORTS, 'created_at');
export const RequesterListQuery = listQuery(REQUESTER_SORTS, 'created_at');
export const AdminRequestListQuery = listQuery(ADMIN_REQUEST_SORTS, 'created_at');

const nullableNumber = z.number().nullable();

export const WorkerRow = z
  .object({
    worker_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    status: z.enum(['active', 'pending', 'inactive']),
    active: z.boolean(),
    is_active: z.boolean(),
    is_approved: z.boolean(),
    tasks_completed: z.number().int(),
    tasks_reviewed: z.number().int(),
    tasks_rejected: z.number().int(),
    average_confidence: nullableNumber,
    quality_score: nullableNumber,
    accuracy: nullableNumber,
    rating_pdf: nullableNumber,
    rating_sec: nullableNumber,
    rating_credit_card: nullableNumber,
    avg_time_per_task: nullableNumber,
    total_earnings: z.number(),
    last_activity: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WorkerRow' });

export const RequesterRow = z
  .object({
    requester_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    organization: z.string().nullable(),
    is_active: z.boolean(),
    plan_id: z.string().nullable(),
    requests_submitted: z.number().int(),
    requests_completed: z.number().int(),
    requests_pending: z.number().int(),
    active_requests: z.number().int(),
    completed_requests: z.number().int(),
    total_cost: z.number(),
    total_spent: z.number(),
    avg_cost_per_request: z.number(),
    last_activity: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RequesterRow' });

export const AdminRequestRow = z
  .object({
    request_id: z.string(),
    requester_email: z.string(),
    request_type: z.string(),
    status: z.enum(REQUEST_STATUSES),
    priority: z.string(),
    task_count: z.number().int(),
    completed_tasks: z.number().int(),
    worker_count: z.number().int(),
    progress: z.number(),
    error: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'AdminRequestRow' });

const paged = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.object({
    [key]: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  } as {
    [P in K]: z.ZodArray<T>;
  } & { total: z.ZodNumber; page: z.ZodNumber; pages: z.ZodNumber });

export const WorkerListResponse = paged('workers', WorkerRow).meta({ id: 'WorkerListResponse' });
export const RequesterListResponse = paged('requesters', RequesterRow).meta({ id: 'RequesterListResponse' });
export const AdminRequestListResponse = paged('requests', AdminRequestRow).meta({
  id: 'AdminRequestListResponse',
});

export const WorkerStatusBody = z.strictObject({ active: z.boolean() }).meta({ id: 'WorkerStatusBody' });

export const AlertSchema = z.object({
  id: z.string(),
  severity: z.enum(['critical', 'warning', 'info']),
  title: z.string(),
  message: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AdminStats = z
  .object({
    systemHealth: z.object({
      status: z.enum(['healthy', 'degraded', 'critical']),
      uptime: z.number(),
      errorRatio: z.number(),
      services: z.array(z.object({ name: z.string(), health: z.number() })),
    }),
    operationsData: z.object({
      queues: z.object({ pending: z.number().int(), processing: z.number().int() }),
      tasks: z.object({
        available: z.number().int(),
        claimed: z.number().int(),
        expiredClaims: z.number().int(),
      }),
      requests: z.object({ total: z.number().int(), completed: z.number().int(), failed: z.number().int() }),
      throughput: z.number(),
      avgLatency: z.number(),
      paused: z.boolean(),
    }),
    teamMetrics: z.object({
      activeWorkers: z.number().int(),
      totalWorkers: z.number().int(),
      pendingWorkers: z.number().int(),
      /** Requester accounts (not deleted), read live with the reviewers' counts. */
      totalRequesters: z.number().int(),
      efficiency: z.number(),
      topPerformers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          tasksCompleted: z.number().int(),
          score: z.number().nullable(),
        }),
      ),
    }),
    alerts: z.array(AlertSchema),
    analytics: z.object({
      requestsPerDay: z.array(
        z.object({ date: z.string(), submitted: z.number().int(), completed: z.number().int() }),
      ),
      /** Submit to completed of human-reviewed requests completed that day (AI-only ones finish at once). */
      turnaroundHours: z.array(
        z.object({ date: z.string(), hours: z.number().nullable(), requests: z.number().int() }),
      ),
      throughputPerHour: z.array(z.object({ hour: z.string(), reviews: z.number().int() })),
      reviewerAccuracy: z.array(z.object({ date: z.string(), accuracy: z.number().nullable() })),
      documentTypes: z.array(z.object({ type: z.string(), count: z.number().int() })),
    }),
    generatedAt: z.string(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof AdminStats>;

/**
 * The figures of AdminStats that must move within a second of an event (issue 40): the team's
 * counts (kept in people_counts in the same transaction as each sign-up and approval), the health
 * and alerts settled from them, and the queue's pause. Small, so an open dashboard polls it
 * every second (LIVE_FIGURES_REFRESH_MS) over the slower summary.
 */
export const AdminLiveFigures = z
  .object({
    systemHealth: AdminStats.shape.systemHealth.pick({ status: true }),
    teamMetrics: AdminStats.shape.teamMetrics.pick({
      activeWorkers: true,
      totalWorkers: true,
      pendingWorkers: true,
      totalRequesters: true,
    }),
    alerts: z.array(AlertSchema),
    paused: z.boolean(),
  })
  .meta({ id: 'AdminLiveFigures' });
export type AdminLiveFigures = z.infer<typeof AdminLiveFigures>;

export const EXPORT_KINDS = ['requests', 'workers', 'requesters'] as const;
/** spec 02 §3 export columns. */
export const EXPORT_COLUMNS = {
  requests: [
    'request_id',
    'requester_email',
    'request_type',
    'status',
    'priority',
    'created_at',
    'completed_at',
    'worker_count',
    'progress',
  ],
  workers: [
    'worker_id',
    'email',
    'is_active',
    'tasks_completed',
    'accuracy',
    'avg_time_per_task',
    'last_activity',
    'created_at',
    'total_earnings',
  ],
  requesters: [
    'requester_id',
    'email',
    'organization',
    'requests_submitted',
    'active_requests',
    'completed_requests',
    'total_spent',
    'avg_cost_per_request',
    'last_activity',
    'created_at',
  ],
} as const;

export const AdminSubmitBody = requestBodyVariants({
  /** The requester the request is for; the admin's own account when absent. */
  on_behalf_of: z.email().optional(),
  /** The admin form's "Process with AI only" (spec 02 §3); same as `metadata.ai_only_mode`. */
  ai_only: z.boolean().optional(),
}).meta({ id: 'AdminSubmitBody' });

export const AuditEntry = z.object({
  id: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.unknown(),
  created_at: z.string(),
});
export const AuditResponse = z
  .object({
    entries: z.array(AuditEntry),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'AuditResponse' });

export const InviteRow = z.object({
  code: z.string(),
  role: z.enum(['worker', 'admin']),
  status: z.enum(['active', 'used', 'expired']),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  used_by_email: z.string().nullable(),
});
export type InviteRow = z.infer<typeof InviteRow>;
export const InviteListResponse = z
  .object({
    invites: z.array(InviteRow),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'InviteListResponse' });

export const QueueStateResponse = z.object({ paused: z.boolean() }).meta({ id: 'QueueStateResponse' });
export const InterventionResponse = z
  .object({ affected: z.number().int() })
  .meta({ id: 'InterventionResponse' });
export const OkStatus = z.object({ status: z.literal('ok') });

/** One step of a request's life, oldest first (issue 15: the admin request detail). */
export const RequestTimelineEvent = z.strictObject({
  kind: z.enum([
    'submitted',
    'extraction_started',
    'extracted',
    'review_claimed',
    'review_submitted',
    'review_rejected',
    'review_skipped',
    'review_expired',
    'consensus',
    'completed',
    'failed',
    'admin_action',
  ]),
  at: z.string(),
  label: z.string(),
  actor: z.string().nullable(),
});

/** One data point, the AI's value beside the final (human-verified) one. */
export const RequestItemComparison = z.strictObject({
  data_point: z.string(),
  ai_value: z.string().nullable(),
  final_value: z.string().nullable(),
  /** The AI's confidence for this item, 0–1, when it gave one. */
  ai_confidence: z.number().nullable(),
  is_changed: z.boolean(),
  is_disputed: z.boolean(),
  /** Reviewers settled this value; false for an AI-only result, whose values are the AI's. */
  is_reviewed: z.boolean(),
});

export const AdminTaskReview = z.strictObject({
  worker_id: z.string(),
  worker_email: z.string(),
  worker_name: z.string().nullable(),
  status: z.enum(['claimed', 'submitted', 'skipped', 'rejected', 'expired']),
  claimed_at: z.string(),
  finished_at: z.string().nullable(),
  time_spent_seconds: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
});

export const AdminRequestTask = z.strictObject({
  task_id: z.string(),
  part: z.number().int(),
  status: z.enum(['available', 'claimed', 'completed', 'rejected']),
  required_reviews: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  reviews: z.array(AdminTaskReview),
});

export const AdminRequestDetail = z
  .strictObject({
    request: RequestRecord,
    requester_email: z.string(),
    requester_name: z.string().nullable(),
    submitted_by_email: z.string().nullable(),
    /** Where the stored document can be opened (the files route), when there is one. */
    document_url: z.string().nullable(),
    /** The stored copy the AI read (the upload, else the first fetched document), shown inline. */
    preview_url: z.string().nullable(),
    /** Submit to completed (or failed), in seconds; null while the request is open. */
    turnaround_seconds: z.number().nullable(),
    timeline: z.array(RequestTimelineEvent),
    items: z.array(RequestItemComparison),
    /** What the extraction noted about the document (an unreadable image, pages not read). */
    notes: z.array(z.string()),
    tasks: z.array(AdminRequestTask),
    /** What an admin may do now. */
    can_retry: z.boolean(),
    can_cancel: z.boolean(),
  })
  .meta({ id: 'AdminRequestDetail' });
export type AdminRequestDetail = z.infer<typeof AdminRequestDetail>;

/** The admin's alert thresholds (issue 15): defaults that stay quiet for a small, healthy team. */
export const AlertSettings = z
  .strictObject({
    /** Warn when more than this share of requests in the last 24 h failed (0–1). */
    error_rate_warn: z.number().min(0).max(1),
    /** Ignore the error rate below this many requests in the last 24 h. */
    error_rate_min_requests: z.number().int().min(0),
    /** Critical when more requests than this wait in the queue. */
    pending_high: z.number().int().min(1),
    /** Warn when a request waits longer than this many minutes for extraction or review. */
    oldest_waiting_minutes: z.number().int().min(1),
    /** Warn when open review tasks exceed this many per active reviewer. */
    tasks_per_reviewer_high: z.number().int().min(1),
    /** Info when under this share of claimed reviews were submitted in 7 days (0–100). */
    efficiency_info: z.number().min(0).max(100),
    /** Ignore efficiency below this many finished claims in 7 days. */
    efficiency_min_claims: z.number().int().min(0),
  })
  .meta({ id: 'AlertSettings' });
export type AlertSettings = z.infer<typeof AlertSettings>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  error_rate_warn: 0.1,
  error_rate_min_requests: 20,
  pending_high: 100,
  oldest_waiting_minutes: 30,
  tasks_per_reviewer_high: 25,
  efficiency_info: 80,
  efficiency_min_claims: 20,
};

const del = (kind: string, id: string) =>
  defineEndpoint({
    id,
    method: 'delete',
    path: `/admin/${kind}/{id}`,
    summary: `Soft-delete a ${kind.slice(0, -1)} (kept for history; leaves lists)`,
    tag: 'admin',
    access: admin,
    params: IdParams,
    response: { status: 200, schema: OkStatus, description: 'Deleted' },
  });

export const adminEndpoints = {
  stats: defineEndpoint({
    id: 'adminStats',
    method: 'get',
    path: '/admin/stats',
    summary: 'System health, operations, team metrics, alerts and analytics from live data',
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: AdminStats, description: 'Dashboard data' },
  }),
  liveFigures: defineEndpoint({
    id: 'adminLiveFigures',
    method: 'get',
    path: '/admin/stats/live',
    summary: "The team's counts, health and alerts as of now (polled every second by the dashboard)",
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: AdminLiveFigures, description: 'Live figures' },
  }),
  workers: defineEndpoint({
    id: 'adminListWorkers',
    method: 'get',
    path: '/admin/workers',
    summary: 'Reviewers, paged, sorted and searched on the server',
    tag: 'admin',
    access: admin,
    query: WorkerListQuery,
    response: { status: 200, schema: WorkerListResponse, description: 'A page of reviewers' },
  }),
  requesters: defineEndpoint({
    id: 'adminListRequesters',
    method: 'get',
    path: '/admin/requesters',
    summary: 'Requesters, paged, sorted and searched on the server',
    tag: 'admin',
    access: admin,
    query: RequesterListQuery,
    response: { status: 200, schema: RequesterListResponse, description: 'A page of requesters' },
  }),
  requests: defineEndpoint({
    id: 'adminListRequests',
    method: 'get',
    path: '/admin/requests',
    summary: 'All requests, paged, sorted, filtered and searched on the server',
    tag: 'admin',
    access: admin,
    query: AdminRequestListQuery,
    response: { status: 200, schema: AdminRequestListResponse, description: 'A page of requests' },
  }),
  workerStatus: defineEndpoint({
    id: 'adminSetWorkerStatus',
    method: 'put',
    path: '/admin/workers/{id}/status',
    summary: 'Activate (and approve) or deactivate a reviewer',
    tag: 'admin',
    access: admin,
    params: IdParams,
    body: WorkerStatusBody,
    response: { status: 200, schema: WorkerRow, description: 'The reviewer' },
  }),
  deleteWorker: del('workers', 'adminDeleteWorker'),
  deleteRequester: del('requesters', 'adminDeleteRequester'),
  deleteRequest: del('requests', 'adminDeleteRequest'),
  exportCsv: defineEndpoint({
    id: 'adminExport',
    method: 'get',
    path: '/admin/export/{kind}',
    summary: 'Stream a CSV export (columns of spec 02 §3)',
    tag: 'admin',
    access: admin,
    params: z.object({ kind: z.enum(EXPORT_KINDS) }),
    query: z.strictObject({ format: z.literal('csv').default('csv') }),
    response: { status: 200, contentType: 'text/csv', description: 'CSV' },
  }),
  submit: defineEndpoint({
    id: 'adminSubmitRequest',
    method: 'post',
    path: '/admin/requests',
    summary: 'Submit a request on behalf of a requester (audited, outside their plan limits)',
    tag: 'admin',
    access: admin,
    body: AdminSubmitBody,
    response: {
      status: 201,
      schema: z.object({ request_id: z.string(), job_id: z.string(), status: z.enum(REQUEST_STATUSES) }),
      description: 'Queued',
    },
  }),
  requestDetail: defineEndpoint({
    id: 'adminRequestDetail',
    method: 'get',
    path: '/admin/requests/{id}',
    summary: "A request's timeline, AI vs final values, and its tasks with their reviewers and times",
    tag: 'admin',
    access: admin,
    params: IdParams,
    response: { status: 200, schema: AdminRequestDetail, description: 'The request' },
  }),
  retryRequest: defineEndpoint({
    id: 'adminRetryRequest',
    method: 'post',
    path: '/admin/requests/{id}/retry',
    summary: 'Run the extraction of a failed request again (audited)',
    tag: 'admin',
    access: admin,
    params: IdParams,
    response: { status: 200, schema: AdminRequestDetail, description: 'The request, queued again' },
  }),
  cancelRequest: defineEndpoint({
    id: 'adminCancelRequest',
    method: 'post',
    path: '/admin/requests/{id}/cancel',
    summary: 'Stop a pending or in-progress request; its open review tasks close (audited)',
    tag: 'admin',
    access: admin,
    params: IdParams,
    response: { status: 200, schema: AdminRequestDetail, description: 'The request, cancelled' },
  }),
  alertSettings: defineEndpoint({
    id: 'adminAlertSettings',
    method: 'get',
    path: '/admin/settings/alerts',
    summary: 'The alert thresholds the dashboard uses',
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: AlertSettings, description: 'Thresholds' },
  }),
  updateAlertSettings: defineEndpoint({
    id: 'adminUpdateAlertSettings',
    method: 'put',
    path: '/admin/settings/alerts',
    summary: 'Change the alert thresholds (audited)',
    tag: 'admin',
    access: admin,
    body: AlertSettings,
    response: { status: 200, schema: AlertSettings, description: 'Thresholds' },
  }),
  pause: defineEndpoint({
    id: 'adminPauseQueue',
    method: 'post',
    path: '/admin/queue/pause',
    summary: 'Pause the extraction queue',
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: QueueStateResponse, description: 'Paused' },
  }),
  resume: defineEndpoint({
    id: 'adminResumeQueue',
    method: 'post',
    path: '/admin/queue/resume',
    summary: 'Resume the extraction queue',
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: QueueStateResponse, description: 'Resumed' },
  }),
  retryFailed: defineEndpoint({
    id: 'adminRetryFailed',
    method: 'post',
    path: '/admin/operations/retry-failed',
    summary: 'Queue every failed request again',
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: InterventionResponse, description: 'How many were queued' },
  }),
  releaseExpired: defineEndpoint({
    id: 'adminReleaseExpired',
    method: 'post',
    path: '/admin/operations/release-expired',
    summary: 'Free the slots of claims whose lease ran out',
    tag: 'admin',
    access: admin,
    response: { status: 200, schema: InterventionResponse, description: 'How many were released' },
  }),
  invites: defineEndpoint({
    id: 'adminListInvites',
    method: 'get',
    path: '/admin/invites',
    summary: 'Invite codes, newest first, with whether each is still usable, used or expired',
    tag: 'admin',
    access: admin,
    query: z.strictObject({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(200).default(20),
    }),
    response: { status: 200, schema: InviteListResponse, description: 'A page of invite codes' },
  }),
  audit: defineEndpoint({
    id: 'adminAudit',
    method: 'get',
    path: '/admin/audit',
    summary: 'The audit log of admin actions, newest first',
    tag: 'admin',
    access: admin,
    query: z.strictObject({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: { status: 200, schema: AuditResponse, description: 'A page of entries' },
  }),
} as const;
