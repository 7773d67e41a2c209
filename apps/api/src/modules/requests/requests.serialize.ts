import type { RequestRecord } from '@sieve/contracts';
import type { requests, tasks } from '../../db/schema';

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
    error: row.error,
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
