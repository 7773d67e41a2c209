import type { AdminRequestDetail } from '@sieve/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, auditLog, requests, tasks, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { FILE_URL_PREFIX } from '../files/files.service';
import { toRequestRecord } from '../requests/requests.serialize';

type TimelineEvent = AdminRequestDetail['timeline'][number];
type Item = AdminRequestDetail['items'][number];

const REVIEW_EVENT = {
  claimed: 'review_claimed',
  submitted: 'review_submitted',
  rejected: 'review_rejected',
  skipped: 'review_skipped',
  expired: 'review_expired',
} as const;

const REVIEW_VERB = {
  submitted: 'submitted a review',
  rejected: 'rejected the document',
  skipped: 'skipped',
  expired: "let the claim's lease run out",
} as const;

function asText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function cellOf(item: unknown): Record<string, unknown> {
  return item && typeof item === 'object' && !Array.isArray(item)
    ? (item as Record<string, unknown>)
    : { value: item };
}

const comparable = (value: string | null) => value?.trim().replace(/\s+/g, ' ').toLowerCase() ?? null;

/** What the extraction noted about the document (unreadable image, pages not read), once each. */
function notesOf(
  aiResult: Record<string, unknown> | null,
  taskRows: { metadata: Record<string, unknown> }[],
): string[] {
  const lists = [(aiResult as { notes?: unknown } | null)?.notes, ...taskRows.map((t) => t.metadata.notes)];
  return [
    ...new Set(
      lists.flatMap((list) => (Array.isArray(list) ? list : [])).filter((n) => typeof n === 'string'),
    ),
  ] as string[];
}

/** AI value beside the final one, per data point, in the AI result's order. */
export function compareItems(
  aiResult: Record<string, unknown> | null,
  finalResult: Record<string, unknown> | null,
  isReviewed = finalResult !== null,
): Item[] {
  const ai = cellOf((aiResult as { result?: unknown } | null)?.result ?? {});
  const final = finalResult ?? {};
  const names = [...new Set([...Object.keys(ai), ...Object.keys(final)])];
  return names.map((name) => {
    const aiCell = name in ai ? cellOf(ai[name]) : null;
    const finalCell = name in final ? cellOf(final[name]) : null;
    const aiValue = aiCell ? asText(aiCell.value) : null;
    const finalValue = finalCell ? asText(finalCell.value) : null;
    return {
      data_point: name,
      ai_value: aiValue,
      final_value: finalValue,
      ai_confidence: typeof aiCell?.confidence === 'number' ? aiCell.confidence : null,
      is_changed: finalCell !== null && comparable(aiValue) !== comparable(finalValue),
      is_disputed: finalCell?.disputed === true,
      is_reviewed: isReviewed && finalCell !== null,
    };
  });
}

/** A request routed to review before its own AI result was kept: its tasks' results together. */
function aiResultOfTasks(taskRows: { aiResult: Record<string, unknown> }[]): Record<string, unknown> | null {
  if (taskRows.length === 0) return null;
  const result: Record<string, unknown> = {};
  for (const task of taskRows)
    Object.assign(result, cellOf((task.aiResult as { result?: unknown }).result ?? {}));
  return { result };
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** GET /admin/requests/{id}: timeline, AI vs final values, tasks with reviewers and times. */
export async function loadRequestDetail(db: Db, id: string): Promise<AdminRequestDetail> {
  const row = await db.query.requests.findFirst({
    where: and(eq(requests.id, id), isNull(requests.deletedAt)),
  });
  if (!row) throw new AppError('REQUEST_NOT_FOUND');
  const peopleIds = [row.requesterId, ...(row.submittedBy ? [row.submittedBy] : [])];
  const [taskRows, audit] = await Promise.all([
    db.select().from(tasks).where(eq(tasks.requestId, id)).orderBy(asc(tasks.part)),
    db
      .select({ entry: auditLog, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.targetType, 'request'), eq(auditLog.targetId, id)))
      .orderBy(desc(auditLog.createdAt)),
  ]);
  const reviewRows =
    taskRows.length === 0
      ? []
      : await db
          .select({ a: assignments, email: users.email, name: users.fullName })
          .from(assignments)
          .innerJoin(users, eq(users.id, assignments.workerId))
          .where(
            inArray(
              assignments.taskId,
              taskRows.map((t) => t.id),
            ),
          )
          .orderBy(asc(assignments.claimedAt));
  const people = await db
    .select({ id: users.id, email: users.email, name: users.fullName })
    .from(users)
    .where(inArray(users.id, peopleIds));
  const person = (userId: string | null) => people.find((p) => p.id === userId) ?? null;
  const requester = person(row.requesterId);
  const submitter = row.submittedBy && row.submittedBy !== row.requesterId ? person(row.submittedBy) : null;

  const timeline: TimelineEvent[] = [];
  const add = (kind: TimelineEvent['kind'], at: Date | null, label: string, actor: string | null = null) => {
    if (at) timeline.push({ kind, at: at.toISOString(), label, actor });
  };
  add(
    'submitted',
    row.createdAt,
    submitter ? 'Submitted by an admin on behalf of the requester' : 'Submitted',
    submitter?.email ?? requester?.email ?? null,
  );
  add('extraction_started', row.startedAt, 'AI extraction started');
  const firstTask = taskRows[0];
  if (firstTask) {
    add(
      'extracted',
      firstTask.createdAt,
      `AI extraction finished; ${taskRows.length} review ${taskRows.length === 1 ? 'task' : 'tasks'} created`,
    );
  } else if (row.aiOnly && row.status === 'completed') {
    add('extracted', row.completedAt, 'AI extraction finished (AI only, no human review)');
  }
  const partLabel = (taskId: string) => {
    const task = taskRows.find((t) => t.id === taskId);
    return taskRows.length > 1 && task ? ` (task ${task.part + 1})` : '';
  };
  for (const { a, email, name } of reviewRows) {
    const who = name || email;
    add('review_claimed', a.claimedAt, `${who} claimed the task${partLabel(a.taskId)}`, email);
    if (a.status !== 'claimed') {
      add(
        REVIEW_EVENT[a.status],
        a.finishedAt,
        `${who} ${REVIEW_VERB[a.status]}${partLabel(a.taskId)}`,
        email,
      );
    }
  }
  for (const task of taskRows) {
    if (task.status === 'completed')
      add('consensus', task.completedAt, `Reviewers reached consensus${partLabel(task.id)}`);
    if (task.status === 'rejected')
      add('consensus', task.completedAt, `Reviewers rejected the document${partLabel(task.id)}`);
  }
  if (row.status === 'completed') add('completed', row.completedAt, 'Completed');
  if (row.status === 'failed')
    add('failed', row.completedAt ?? row.updatedAt, `Failed: ${row.error ?? 'no reason given'}`);
  for (const { entry, email } of audit) {
    if (entry.action === 'request.submit_on_behalf') continue; // already the "submitted" step
    add('admin_action', entry.createdAt, ADMIN_ACTION_LABEL[entry.action] ?? entry.action, email);
  }
  timeline.sort((x, y) => x.at.localeCompare(y.at));

  const metadata = row.metadata as { file_url?: unknown; url?: unknown };
  const documentUrl =
    row.purgedAt !== null
      ? null
      : typeof metadata.file_url === 'string'
        ? metadata.file_url
        : typeof metadata.url === 'string'
          ? metadata.url
          : null;
  // issue 15: the copy the AI read, from our own files route (a live URL is not ours to embed).
  // An AI-only request names its copy itself (issue 40: kept for every request type).
  const storedCopy = [...taskRows.map((task) => task.metadata), row.metadata]
    .map((meta) => (meta as { source_file_url?: unknown }).source_file_url)
    .find((url): url is string => typeof url === 'string');
  const previewUrl =
    row.purgedAt !== null
      ? null
      : (storedCopy ??
        (typeof metadata.file_url === 'string' && metadata.file_url.startsWith(FILE_URL_PREFIX)
          ? metadata.file_url
          : null));
  const isFinished = row.status === 'completed' || row.status === 'failed';
  return {
    request: toRequestRecord(row),
    requester_email: requester?.email ?? '',
    requester_name: requester?.name || null,
    submitted_by_email: submitter?.email ?? null,
    document_url: documentUrl,
    preview_url: previewUrl,
    turnaround_seconds:
      isFinished && row.completedAt
        ? Math.max(0, Math.round((row.completedAt.getTime() - row.createdAt.getTime()) / 1000))
        : null,
    timeline,
    items: compareItems(
      row.aiResult ?? aiResultOfTasks(taskRows),
      row.status === 'completed' ? (row.finalResult ?? null) : null,
      // Only values reviewers settled are reviewed: an AI-only result is the AI's (issue 40).
      !row.aiOnly && taskRows.some((task) => task.status === 'completed'),
    ),
    notes: notesOf(row.aiResult ?? aiResultOfTasks(taskRows), taskRows),
    tasks: taskRows.map((task) => ({
      task_id: task.id,
      part: task.part,
      status: task.status,
      required_reviews: task.requiredReviews,
      created_at: task.createdAt.toISOString(),
      completed_at: iso(task.completedAt),
      reviews: reviewRows
        .filter(({ a }) => a.taskId === task.id)
        .map(({ a, email, name }) => ({
          worker_id: a.workerId,
          worker_email: email,
          worker_name: name || null,
          status: a.status,
          claimed_at: a.claimedAt.toISOString(),
          finished_at: iso(a.finishedAt),
          time_spent_seconds: a.timeSpentSeconds ?? null,
          rejection_reason: a.rejectionReason ?? null,
        })),
    })),
    can_retry: row.status === 'failed' && taskRows.length === 0,
    can_cancel: row.status === 'pending' || row.status === 'processing',
  };
}

const ADMIN_ACTION_LABEL: Record<string, string> = {
  'request.retry': 'An admin ran the extraction again',
  'request.cancel': 'An admin cancelled the request',
  'request.delete': 'An admin deleted the request',
};
