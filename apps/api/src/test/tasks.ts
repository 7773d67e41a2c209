import type { Db } from '../db/client';
import { requests, tasks } from '../db/schema';

/** A request routed to review with one task, as the extraction job leaves it. */
export async function createReviewTask(
  db: Db,
  requesterId: string,
  options: {
    requiredReviews?: number;
    result?: Record<string, unknown>;
    documentType?: string;
    name?: string;
    priority?: number;
    /** Beside the name and URL: the request's typed fields and checks (DESIGN §13). */
    metadata?: Record<string, unknown>;
  } = {},
) {
  const documentType = options.documentType ?? 'pdf';
  const [request] = await db
    .insert(requests)
    .values({
      requesterId,
      documentType,
      status: 'processing',
      metadata: { url: 'https://acme-corp.io/report.pdf' },
    })
    .returning();
  if (!request) throw new Error('no request');
  const result = options.result ?? {
    total_revenue: {
      value: 1234500000,
      source_text: 'Total revenue: $1,234.5 million',
      location: 'page 2, line 3',
    },
  };
  const [task] = await db
    .insert(tasks)
    .values({
      requestId: request.id,
      documentType,
      priority: options.priority ?? 2,
      metadata: {
        name: options.name ?? 'Annual report',
        url: 'https://acme-corp.io/report.pdf',
        ...options.metadata,
      },
      aiResult: { result, confidence_score: -0.2 },
      requiredReviews: options.requiredReviews ?? 2,
    })
    .returning();
  if (!task) throw new Error('no task');
  return { request, task };
}
