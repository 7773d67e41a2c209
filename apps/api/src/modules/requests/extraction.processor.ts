import { type CheckSpec, CONFIDENCE, type FieldSpec, REQUIRED_REVIEWS } from '@sieve/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, requests, tasks } from '../../db/schema';
import type { ExtractionProvider, ExtractionResult } from '../../extraction';
import {
  ExtractionError,
  extractFromSource,
  isExtractionFailure,
  type LoadDocumentDeps,
  runChecks,
  sourceFromRequest,
} from '../../extraction';
import type { JobContext } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { fileUrlOf } from '../files/files.service';
import { noWebhooks, type WebhookEmitter } from '../integrations/webhook-events';
import {
  hintsOfRequester,
  keepTaskPlaces,
  learningOn,
  recall,
  type TaskMemory,
} from '../learning/learning.teach';
import { extractionJob } from './extraction.job';
import type { Extract } from './extraction-thread';
import { readableFailure, unreadableReason } from './failure-message';
import { keepFetchedSource, type StoredSource } from './stored-sources';

export interface ExtractionProcessorDeps {
  db: Db;
  storage: FileStorage;
  provider: ExtractionProvider;
  load: Omit<LoadDocumentDeps, 'signal' | 'fetch'>;
  logger: Logger;
  /** How a document is extracted: in a worker thread in production (extraction-thread.ts), else inline. */
  extract?: Extract;
  /** Webhook events of the request's outcome (DESIGN §12). */
  webhooks?: WebhookEmitter;
}

const PRIORITY_RANK = { high: 3, medium: 2, low: 1 } as const;

/** DESIGN §3: one review when every item's AI probability is High, else two. */
export function requiredReviewsFor(result: ExtractionResult) {
  const items = Object.values(result.result);
  const allHigh = items.length > 0 && items.every((item) => item.confidence > CONFIDENCE.high);
  return allHigh ? REQUIRED_REVIEWS.allHigh : REQUIRED_REVIEWS.default;
}

/** The request-level AI result: per data point, the most confident value across task documents. */
function combine(results: ExtractionResult[], checks: CheckSpec[] = []): ExtractionResult {
  if (results.length === 1 && results[0]) return results[0];
  const merged: ExtractionResult['result'] = {};
  for (const result of results) {
    for (const [key, item] of Object.entries(result.result)) {
      const current = merged[key];
      if (
        !current ||
        (item.value !== null && (current.value === null || item.confidence > current.confidence))
      ) {
        merged[key] = item;
      }
    }
  }
  const confidences = Object.values(merged).map((i) => i.confidence);
  const notes = [...new Set(results.flatMap((r) => r.notes ?? []))];
  return {
    ...(notes.length ? { notes } : {}),
    // DESIGN §13: the checks hold for the request's values as merged across its documents.
    ...(checks.length ? { checks: runChecks(merged, checks) } : {}),
    result: merged,
    confidence_score: confidences.length ? Math.log(Math.max(1e-6, Math.min(...confidences))) : -10,
    provider: results[0]?.provider ?? 'unknown',
    ...(results[0]?.model ? { model: results[0].model } : {}),
  };
}

/**
 * The extraction job (DESIGN §3): document → text with positions → provider → either the final
 * result (ai_only) or review tasks. Idempotent per request: a finished or routed request is left
 * as it is, so a redelivered job changes nothing.
 */
export function createExtractionProcessor(deps: ExtractionProcessorDeps) {
  const { db } = deps;
  const extract: Extract =
    deps.extract ??
    ((source, request) => extractFromSource(source, request, { ...deps.load, provider: deps.provider }));

  const webhooks = deps.webhooks ?? noWebhooks;

  async function fail(requestId: string, message: string) {
    const now = new Date();
    await webhooks.run(() =>
      db.transaction(async (tx) => {
        const failed = await tx
          .update(requests)
          .set({ status: 'failed', error: message, updatedAt: now, completedAt: now })
          .where(and(eq(requests.id, requestId), inArray(requests.status, ['pending', 'processing'])))
          .returning({ id: requests.id });
        if (failed.length > 0) await webhooks.record(tx, 'request.failed', requestId);
      }),
    );
  }

  return async ({ requestId }: { requestId: string }, context: JobContext) => {
    const request = await db.query.requests.findFirst({ where: eq(requests.id, requestId) });
    if (!request || request.deletedAt || request.status === 'completed' || request.status === 'failed')
      return;
    const [routed] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.requestId, requestId))
      .limit(1);
    if (routed) return;

    await db
      .update(requests)
      .set({
        status: 'processing',
        startedAt: request.startedAt ?? new Date(),
        attempts: sql`${requests.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(requests.id, requestId));

    const log = deps.logger.child({ requestId, attempt: context.attempt });
    try {
      const metadata = request.metadata as Record<string, unknown> & {
        data_points?: string[];
        custom_prompt?: string;
        fields?: FieldSpec[];
        checks?: CheckSpec[];
      };
      let file: { bytes: Uint8Array; contentType?: string; filename?: string } | undefined;
      let uploaded: StoredSource | null = null;
      if (typeof metadata.file_id === 'string') {
        const row = await db.query.files.findFirst({ where: eq(files.id, metadata.file_id) });
        if (!row || row.purgedAt) throw new ExtractionError('The uploaded document is no longer available.');
        uploaded = {
          source_file_id: row.id,
          source_file_url: fileUrlOf(row.id),
          source_content_type: row.contentType,
          source_name: row.filename,
        };
        file = {
          bytes: await deps.storage.get(row.storageKey),
          contentType: row.contentType,
          filename: row.filename,
        };
      }
      const source = sourceFromRequest(
        request.documentType,
        metadata as Parameters<typeof sourceFromRequest>[1],
        file,
      );
      // DESIGN §14: an LLM provider reads the hints of the document's layout as examples.
      const hints =
        learningOn(metadata) && deps.provider.name !== 'heuristic'
          ? await hintsOfRequester(db, request.requesterId)
          : [];
      const extraction = await extract(source, {
        dataPoints: metadata.data_points ?? [],
        ...(hints.length ? { hints } : {}),
        documentType: request.documentType,
        ...(metadata.custom_prompt ? { customPrompt: metadata.custom_prompt } : {}),
        ...(metadata.fields?.length ? { fields: metadata.fields } : {}),
        ...(metadata.checks?.length ? { checks: metadata.checks } : {}),
      });
      // DESIGN §14: each document's fingerprint; hints of this requester and layout answer first.
      const isLearning = learningOn(metadata);
      const memories: TaskMemory[] = [];
      for (const part of extraction.tasks) {
        memories.push(
          await recall(
            db,
            request.requesterId,
            part,
            {
              ...(metadata.fields?.length ? { fields: metadata.fields } : {}),
              ...(metadata.checks?.length ? { checks: metadata.checks } : {}),
            },
            // An AI-only result is never reviewed, so it teaches nothing; it may still use hints.
            { isOn: isLearning, willBeReviewed: !request.aiOnly },
          ),
        );
      }
      const fingerprint = memories[0]?.fingerprint ?? null;
      const aiResult = combine(
        extraction.tasks.map((t) => t.result),
        metadata.checks ?? [],
      );
      // DESIGN §11: keep the copy the AI read, one stored file per fetched document.
      const kept = new Map<object, StoredSource>();
      const storedSources: (StoredSource | null)[] = [];
      for (const part of extraction.tasks) {
        if (!part.fetched) {
          storedSources.push(uploaded);
          continue;
        }
        let stored = kept.get(part.fetched);
        if (!stored) {
          stored = await keepFetchedSource(deps, request.requesterId, part.fetched);
          kept.set(part.fetched, stored);
        }
        storedSources.push(stored);
      }
      // issue 40: nothing read and a note saying why ends failed with that reason, not an empty
      // "Completed" (the note was kept but no screen showed it).
      const unreadable = unreadableReason(aiResult);
      if (unreadable) {
        log.warn({ notes: aiResult.notes }, 'nothing could be read');
        await fail(requestId, unreadable);
        return;
      }
      // DESIGN §11: an AI-only request keeps the stored copy too (its tasks would have named it).
      const fetchedCopies = storedSources.filter(
        (stored, index): stored is StoredSource =>
          stored !== null && extraction.tasks[index]?.fetched !== undefined,
      );
      const now = new Date();
      await webhooks.run(() =>
        db.transaction(async (tx) => {
          if (request.aiOnly) {
            const firstCopy = fetchedCopies[0];
            await tx
              .update(requests)
              .set({
                status: 'completed',
                ...(firstCopy
                  ? {
                      metadata: {
                        ...request.metadata,
                        source_file_id: firstCopy.source_file_id,
                        source_file_url: firstCopy.source_file_url,
                        source_file_ids: [...new Set(fetchedCopies.map((copy) => copy.source_file_id))],
                      },
                    }
                  : {}),
                aiResult: aiResult as unknown as Record<string, unknown>,
                finalResult: aiResult.result as unknown as Record<string, unknown>,
                fingerprint,
                finalChecks: aiResult.checks ?? null,
                error: null,
                updatedAt: now,
                completedAt: now,
              })
              .where(eq(requests.id, requestId));
            await webhooks.record(tx, 'request.completed', requestId);
            return;
          }
          const baseName =
            (typeof metadata.filename === 'string' && metadata.filename) ||
            (typeof metadata.ticker === 'string' &&
              `${metadata.ticker} ${metadata.filing_type ?? ''}`.trim()) ||
            (typeof metadata.url === 'string' && metadata.url) ||
            null;
          const inserted = await tx
            .insert(tasks)
            .values(
              extraction.tasks.map((part, index) => {
                const stored = storedSources[index] ?? null;
                // A PDF by URL is named by its file name, not by its (often meaningless) title.
                const fetchedName = source.kind === 'url' ? (part.fetched?.filename ?? null) : null;
                return {
                  requestId,
                  part: index,
                  documentType: request.documentType,
                  priority: PRIORITY_RANK[request.priority],
                  requiredReviews: requiredReviewsFor(part.result),
                  aiResult: part.result as unknown as Record<string, unknown>,
                  fingerprint: memories[index]?.fingerprint ?? null,
                  metadata: {
                    name: extraction.tasks.length > 1 ? (part.name ?? baseName) : (baseName ?? part.name),
                    ticker: (metadata.ticker as string | undefined) ?? null,
                    url: part.document.sourceUrl ?? (metadata.url as string | undefined) ?? null,
                    file_url: (metadata.file_url as string | undefined) ?? null,
                    filing_url:
                      request.documentType === 'sec' ? (extraction.document.sourceUrl ?? null) : null,
                    document_name:
                      (metadata.filename as string | undefined) ??
                      fetchedName ??
                      part.document.title ??
                      stored?.source_name ??
                      null,
                    report_id: requestId,
                    content_type: (metadata.content_type as string | undefined) ?? null,
                    data_points: metadata.data_points ?? [],
                    custom_prompt: metadata.custom_prompt ?? null,
                    // DESIGN §13: the reviewed result is checked again against these.
                    ...(metadata.fields?.length ? { fields: metadata.fields } : {}),
                    ...(metadata.checks?.length ? { checks: metadata.checks } : {}),
                    // What could not be read (OCR), shown to the reviewer.
                    notes: part.result.notes ?? [],
                    ...(stored ?? {}),
                  },
                };
              }),
            )
            .onConflictDoNothing()
            .returning({ id: tasks.id, part: tasks.part });
          for (const task of inserted) {
            const memory = memories[task.part];
            if (memory) await keepTaskPlaces(tx, task.id, request.requesterId, memory);
          }
          await tx
            .update(requests)
            .set({
              aiResult: aiResult as unknown as Record<string, unknown>,
              fingerprint,
              error: null,
              updatedAt: now,
            })
            .where(eq(requests.id, requestId));
          await webhooks.record(tx, 'request.needs_review', requestId);
        }),
      );
      log.info({ tasks: extraction.tasks.length, aiOnly: request.aiOnly }, 'extraction done');
    } catch (error) {
      const retryable = isExtractionFailure(error) ? error.retryable : true;
      if (!retryable || context.attempt >= extractionJob.attempts) {
        log.warn({ err: error }, 'extraction failed for good');
        await fail(requestId, readableFailure(error));
        return;
      }
      log.warn({ err: error }, 'extraction failed; will retry');
      throw error;
    }
  };
}
