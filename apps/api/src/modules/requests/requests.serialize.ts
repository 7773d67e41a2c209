import {
  type CheckResult,
  REQUEST_SUMMARY_METADATA_KEYS,
  REQUEST_SUMMARY_TEXT_MAX,
  type RequestRecord,
  type RequestSummary,
} from '@sieve/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { requests, type tasks } from '../../db/schema';

type RequestRow = typeof requests.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** The requester-facing shape of a request (spec 02 §3). */
export function toRequestRecord(row: RequestRow): RequestRecord {
  const finalResult = row.finalResult ?? null;
  return {
    request_id: row.id,
    document_type: row.documentType as RequestRecord['document_type'],
    status: row.status,
    priority: row.priority,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    metadata: publicMetadata(row.metadata),
    result:
      row.status === 'completed'
        ? { success: true, source: row.aiOnly ? 'ai' : 'human', data: finalResult }
        : row.status === 'failed'
          ? { success: false, error: row.error }
          : null,
    ai_result: (row.aiResult as RequestRecord['ai_result']) ?? null,
    consensus_result: row.consensusResult ?? null,
    final_result: finalResult,
    final_checks: (row.finalChecks as CheckResult[] | null) ?? null,
    error: row.error,
  };
}

/**
 * The list's metadata keys, read in the database: a request's pasted text (up to 200,000
 * characters) never leaves it for a list row, only its first characters.
 */
export const summaryMetadataSql: SQL<Record<string, unknown>> =
  sql`jsonb_strip_nulls(jsonb_build_object(${sql.join(
    REQUEST_SUMMARY_METADATA_KEYS.map((key) =>
      key === 'text' || key === 'custom_prompt'
        ? sql`${sql.raw(`'${key}'`)}, to_jsonb(left(${requests.metadata}->>${sql.raw(`'${key}'`)}, ${sql.raw(String(REQUEST_SUMMARY_TEXT_MAX))}))`
        : sql`${sql.raw(`'${key}'`)}, ${requests.metadata}->${sql.raw(`'${key}'`)}`,
    ),
    sql`, `,
  )}))`;

/** A listed request (spec 02 §2): what its row shows, no results. */
export function toRequestSummary(row: {
  id: string;
  documentType: string;
  status: RequestSummary['status'];
  priority: RequestSummary['priority'];
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  error: string | null;
  metadata: Record<string, unknown>;
  /** `ai_result->'notes'` as stored (a list of strings, or null). */
  notes?: unknown;
}): RequestSummary {
  return {
    request_id: row.id,
    document_type: row.documentType as RequestSummary['document_type'],
    status: row.status,
    priority: row.priority,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    metadata: row.metadata,
    error: row.error,
    notes: Array.isArray(row.notes)
      ? row.notes.filter((note): note is string => typeof note === 'string')
      : [],
  };
}

/** Inline bytes are stored as a file; they never travel back in listings. */
function publicMetadata(metadata: Record<string, unknown>) {
  const { file_bytes: _bytes, ...rest } = metadata;
  return rest;
}

export function toTaskSummary(row: TaskRow, reviewsReceived: number) {
  return {
    task_id: row.id,
    status: row.status,
    name: typeof row.metadata.name === 'string' ? row.metadata.name : null,
    ai_result: (row.aiResult as { result: Record<string, unknown>; confidence_score: number }) ?? null,
    consensus_result: row.finalResult ?? null,
    required_reviews: row.requiredReviews,
    reviews_received: reviewsReceived,
    // DESIGN §11: the stored copy this task's values were read from, for the requester's preview.
    source_file_url: typeof row.metadata.source_file_url === 'string' ? row.metadata.source_file_url : null,
  };
}
