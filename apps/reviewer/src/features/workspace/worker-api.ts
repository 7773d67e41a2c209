import { apiRequest, errorMessageFor } from '@sieve/auth';
import type {
  AcceptResponse,
  DocumentType,
  HistoryResponse,
  NextTaskBody,
  NextTaskResponse,
  RejectionReason,
  ReviewBody,
  ReviewResponse,
  TaskActionResponse,
  TaskListResponse,
  TaskSort,
  WorkerStats,
  WorkerTask,
  workerEndpoints,
  z,
} from '@sieve/contracts';

/**
 * The worker calls of spec 01 §7, typed by the contract. Paths are checked against the endpoint
 * table by type only: a value import of it would bring its zod schemas into the bundle.
 */
type WorkerPaths = { [K in keyof typeof workerEndpoints]: (typeof workerEndpoints)[K]['path'] };
const PATHS = {
  tasks: '/worker/tasks',
  task: '/worker/tasks/{id}',
  next: '/worker/tasks/next',
  accept: '/worker/tasks/{id}/accept',
  reject: '/worker/tasks/{id}/reject',
  review: '/worker/tasks/{id}/review',
  skip: '/worker/tasks/{id}/skip',
  history: '/worker/history',
  stats: '/worker/stats',
} as const satisfies WorkerPaths;

export type TaskList = z.infer<typeof TaskListResponse>;
export type Accepted = z.infer<typeof AcceptResponse>;
export type ReviewAcknowledged = z.infer<typeof ReviewResponse>;
export type TaskActionResult = z.infer<typeof TaskActionResponse>;
export type History = z.infer<typeof HistoryResponse>;

function taskPath(template: string, taskId: string): string {
  return template.replace('{id}', encodeURIComponent(taskId));
}

export interface TaskQuery {
  search?: string;
  documentType?: DocumentType | '';
  sort?: TaskSort;
}

/** The list path with the server-side search, filter and sort (empty parts left out). */
export function taskListPath(query: TaskQuery, page: number, limit: number): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (query.documentType) params.set('document_type', query.documentType);
  if (query.sort && query.sort !== 'priority') params.set('sort', query.sort);
  return `${PATHS.tasks}?${params}`;
}

/**
 * spec 01 §3: the list is an array, or an object with tasks, total, page and limit; a bare array
 * counts as page 1 of limit 20. Anything else is an empty list rather than a crash.
 */
export function readTaskList(payload: unknown): TaskList {
  if (Array.isArray(payload)) return { tasks: payload, total: payload.length, page: 1, limit: 20 };
  const body = (payload && typeof payload === 'object' ? payload : {}) as Partial<TaskList>;
  const tasks = Array.isArray(body.tasks) ? body.tasks : [];
  return {
    tasks,
    total: typeof body.total === 'number' ? body.total : tasks.length,
    page: typeof body.page === 'number' ? body.page : 1,
    limit: typeof body.limit === 'number' ? body.limit : tasks.length,
  };
}

/** Task pages asked for before the queue mounted (warm start), each handed out once. */
const warmPages = new Map<string, Promise<TaskList>>();
/** The warm pages that have arrived, by path: the queue's first render can show them at once. */
const arrivedPages = new Map<string, TaskList>();

/**
 * issue 15: starts the queue's first page while the app's chunks load; the queue's first
 * `fetchTaskPage` (or `takeArrivedTaskPage`) of the same path takes this answer instead of asking again.
 */
export function warmTaskPage(path: string): void {
  const pending = apiRequest<unknown>(path).then(readTaskList);
  pending.then(
    (list) => {
      if (warmPages.get(path) === pending) arrivedPages.set(path, list);
    },
    () => {}, // a failure shows when the queue asks (it asks again)
  );
  warmPages.set(path, pending);
}

/**
 * issue 42: the warm page of this path if it has already arrived; the queue starts from it in its
 * first render rather than drawing "Loading tasks" and then the rows, and then takes it.
 */
export function peekArrivedTaskPage(path: string): TaskList | undefined {
  return arrivedPages.get(path);
}

/** Hands out an arrived warm page once: a later `fetchTaskPage` of that path asks the server. */
export function takeArrivedTaskPage(path: string): TaskList | undefined {
  const list = arrivedPages.get(path);
  if (list) {
    arrivedPages.delete(path);
    warmPages.delete(path);
  }
  return list;
}

export async function fetchTaskPage(path: string, signal?: AbortSignal): Promise<TaskList> {
  const warm = warmPages.get(path);
  if (warm) {
    warmPages.delete(path);
    arrivedPages.delete(path);
    try {
      return await warm;
    } catch {
      // fall through: ask again
    }
  }
  return readTaskList(await apiRequest<unknown>(path, signal ? { signal } : {}));
}

/**
 * Claims the next task of the queue (the same search and type filter) on the server: one statement
 * that hands each reviewer a different task, so reviewers at the head of the queue never collide.
 */
export function claimNextTask(query: TaskQuery): Promise<z.infer<typeof NextTaskResponse>> {
  const body: z.input<typeof NextTaskBody> = {};
  const search = query.search?.trim();
  if (search) body.search = search;
  if (query.documentType) body.document_type = query.documentType;
  return apiRequest(PATHS.next, { method: 'POST', body });
}

/** One task in full (AI result, request metadata), as opened for review. */
export function fetchTask(taskId: string): Promise<WorkerTask> {
  return apiRequest<WorkerTask>(taskPath(PATHS.task, taskId));
}

export function acceptTask(taskId: string): Promise<Accepted> {
  return apiRequest<Accepted>(taskPath(PATHS.accept, taskId), { method: 'POST' });
}

export function rejectTask(taskId: string, reason: RejectionReason): Promise<TaskActionResult> {
  return apiRequest<TaskActionResult>(taskPath(PATHS.reject, taskId), {
    method: 'POST',
    body: { rejection_reason: reason },
  });
}

export function submitReview(taskId: string, body: ReviewBody): Promise<ReviewAcknowledged> {
  return apiRequest<ReviewAcknowledged>(taskPath(PATHS.review, taskId), { method: 'POST', body });
}

export function skipTask(taskId: string): Promise<TaskActionResult> {
  return apiRequest<TaskActionResult>(taskPath(PATHS.skip, taskId), { method: 'POST' });
}

export const STATS_KEY = PATHS.stats;

export function historyPath(page: number, limit: number): string {
  return `${PATHS.history}?${new URLSearchParams({ page: String(page), limit: String(limit) })}`;
}

export type { WorkerStats };

/** spec 01 §8 call fallbacks. */
export const CALL_FALLBACK = {
  tasks: 'Failed to fetch tasks',
  task: 'Failed to load the task',
  accept: 'Failed to accept task',
  reject: 'Failed to reject task',
  review: 'Failed to submit review',
  skip: 'Failed to skip task',
  history: 'Failed to fetch task history',
  stats: 'Failed to fetch performance stats',
} as const;

/** A worker call's error as the reviewer reads it (spec 01 §8). */
export function callError(error: unknown, call: keyof typeof CALL_FALLBACK): string {
  return errorMessageFor(error, CALL_FALLBACK[call]);
}
