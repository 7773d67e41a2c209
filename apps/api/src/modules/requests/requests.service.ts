import { type BatchResponse, CreateRequestBody, type RequestRecord } from '@sieve/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, searchPattern } from '../../db/client';
import { assignments, requests, taskPlaces, tasks, webhookEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toCsv } from '../../http/csv';
import { zodFields } from '../../http/error-handler';
import type { AuthedUser } from '../../http/mount';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { assertWithinLimits } from '../billing/usage';
import type { FilesService } from '../files/files.service';
import { fileIdOfUrl } from '../files/files.service';
import type { Metrics } from '../metrics/metrics';
import type { TemplatesService } from '../templates/templates.service';
import { extractionJob } from './extraction.job';
import { lineItemsCsv } from './line-items-csv';
import { summaryMetadataSql, toRequestRecord, toRequestSummary, toTaskSummary } from './requests.serialize';
import { storedSourceIds } from './stored-sources';

export interface RequestsServiceDeps {
  db: Db;
  queue: JobQueue;
  files: FilesService;
  /** Puts a request's template into its metadata (DESIGN §13); absent, template_id is refused. */
  templates?: Pick<TemplatesService, 'resolve'>;
  logger: Logger;
  metrics?: Pick<Metrics, 'requestsCreated'>;
}

export interface SubmitOptions {
  /** An admin submitting on the requester's behalf: audited by the caller, not counted in the plan. */
  submittedBy?: string;
  /** Usage limits apply to requesters' own submissions. */
  enforceLimits?: boolean;
}

export function createRequestsService(deps: RequestsServiceDeps) {
  const { db } = deps;

  /**
   * Turns inline bytes and our own file URLs into stored file ids. The files must be readable by
   * whoever submits: the requester, or the admin submitting on their behalf.
   */
  async function resolveFiles(submitter: Pick<AuthedUser, 'id' | 'userType'>, body: CreateRequestBody) {
    const owner = { id: submitter.id };
    const metadata: Record<string, unknown> = { ...body.metadata };
    if (typeof metadata.file_bytes === 'string' && metadata.file_bytes) {
      let bytes: Buffer;
      try {
        bytes = Buffer.from(metadata.file_bytes, 'base64');
      } catch {
        throw new AppError('INVALID_INPUT', 'file_bytes must be base64.', {
          'metadata.file_bytes': 'Not base64',
        });
      }
      const stored = await deps.files.store(owner, {
        bytes,
        filename: typeof metadata.filename === 'string' ? metadata.filename : 'document',
        documentType: body.document_type,
      });
      metadata.file_id = stored.id;
      metadata.filename = stored.filename;
      metadata.content_type = stored.contentType;
      delete metadata.file_bytes;
    }
    if (typeof metadata.file_url === 'string' && !metadata.file_id) {
      const id = fileIdOfUrl(metadata.file_url);
      if (id) metadata.file_id = id;
    }
    if (typeof metadata.file_id === 'string') {
      const file = await deps.files
        .readable(
          { id: submitter.id, userType: submitter.userType, email: '', isApproved: true },
          metadata.file_id,
        )
        .catch(() => {
          throw new AppError('INVALID_INPUT', 'The uploaded file could not be found.', {
            'metadata.file_id': 'Unknown file',
          });
        });
      metadata.file_url = `/api/v1/files/${file.id}`;
      metadata.filename ??= file.filename;
      metadata.content_type ??= file.contentType;
    }
    return metadata;
  }

  /** The template's fields and checks put in, for the requester the request belongs to. */
  async function resolveTemplate(requesterId: string, metadata: Record<string, unknown>) {
    if (typeof metadata.template_id !== 'string') return metadata;
    if (!deps.templates)
      throw new AppError('INVALID_INPUT', 'Templates are not available here.', {
        'metadata.template_id': 'Not available',
      });
    return deps.templates.resolve(requesterId, metadata);
  }

  async function enqueue(requestId: string) {
    try {
      await deps.queue.enqueue(extractionJob, { requestId }, { jobId: requestId });
    } catch (error) {
      // The row is the truth: the periodic sweep enqueues it once the queue answers again.
      deps.logger.warn({ err: error, requestId }, 'could not enqueue extraction; the sweep will retry');
    }
  }

  return {
    async submit(requester: { id: string }, body: CreateRequestBody, options: SubmitOptions = {}) {
      const metadata = await resolveTemplate(
        requester.id,
        await resolveFiles(
          options.submittedBy
            ? { id: options.submittedBy, userType: 'admin' }
            : { id: requester.id, userType: 'requester' },
          body,
        ),
      );
      const request = await db.transaction(async (tx) => {
        if (options.enforceLimits ?? true) await assertWithinLimits(tx, requester.id);
        const [row] = await tx
          .insert(requests)
          .values({
            requesterId: requester.id,
            submittedBy: options.submittedBy ?? null,
            documentType: body.document_type,
            priority: body.priority,
            metadata,
            aiOnly: Boolean(metadata.ai_only_mode),
            dataExpiration: typeof metadata.data_expiration === 'string' ? metadata.data_expiration : null,
          })
          .returning();
        return row;
      });
      if (!request) throw new AppError('JOB_CREATION_FAILED');
      deps.metrics?.requestsCreated.inc({ document_type: body.document_type });
      await enqueue(request.id);
      return { request_id: request.id, job_id: request.id, status: request.status };
    },

    /**
     * `POST /requests/batch`: each item is validated on its own (an invalid one comes back with
     * its index and error, the others go on); the plan's limits are checked for all valid items
     * together in one transaction, which stores all of them or, over a limit, none.
     */
    async submitBatch(requester: { id: string }, items: unknown[]): Promise<BatchResponse> {
      type Refused = Extract<BatchResponse['results'][number], { error: unknown }>;
      const refused: Refused[] = [];
      const valid: { index: number; body: CreateRequestBody; metadata: Record<string, unknown> }[] = [];
      for (const [index, item] of items.entries()) {
        const parsed = CreateRequestBody.safeParse(item);
        if (!parsed.success) {
          refused.push({
            index,
            error: {
              code: 'INVALID_INPUT',
              detail: `Request ${index}: please check its fields.`,
              fields: zodFields(parsed.error),
            },
          });
          continue;
        }
        try {
          const metadata = await resolveTemplate(
            requester.id,
            await resolveFiles({ id: requester.id, userType: 'requester' }, parsed.data),
          );
          valid.push({ index, body: parsed.data, metadata });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.push({
            index,
            error: {
              code: error.code,
              detail: error.detail,
              ...(error.fields ? { fields: error.fields } : {}),
            },
          });
        }
      }
      const stored = valid.length
        ? await db.transaction(async (tx) => {
            await assertWithinLimits(tx, requester.id, valid.length);
            return tx
              .insert(requests)
              .values(
                valid.map(({ body, metadata }) => ({
                  requesterId: requester.id,
                  documentType: body.document_type,
                  priority: body.priority,
                  metadata,
                  aiOnly: Boolean(metadata.ai_only_mode),
                  dataExpiration:
                    typeof metadata.data_expiration === 'string' ? metadata.data_expiration : null,
                })),
              )
              .returning({ id: requests.id, status: requests.status });
          })
        : [];
      const created = stored.map((row, i) => {
        const item = valid[i];
        if (!item) throw new Error('batch insert returned more rows than it was given');
        deps.metrics?.requestsCreated.inc({ document_type: item.body.document_type });
        return { index: item.index, request_id: row.id, job_id: row.id, status: row.status };
      });
      for (const row of created) await enqueue(row.request_id);
      return {
        results: [...created, ...refused].sort((a, b) => a.index - b.index),
        created: created.length,
        failed: refused.length,
      };
    },

    enqueue,

    /**
     * DESIGN §3: requests left pending/processing and not yet routed to review (a crash, a queue
     * outage) are queued again; the job id deduplicates against live jobs.
     */
    /**
     * DESIGN §3 retention: once a request's data_expiration has passed, its document bytes and
     * extracted values are purged; the request row and its audit trail stay.
     */
    async purgeExpired(today = new Date().toISOString().slice(0, 10)) {
      const due = await db
        .select({ id: requests.id, metadata: requests.metadata })
        .from(requests)
        .where(and(isNull(requests.purgedAt), sql`${requests.dataExpiration} < ${today}::date`))
        .limit(500);
      for (const request of due) {
        const fileId = typeof request.metadata.file_id === 'string' ? request.metadata.file_id : null;
        if (fileId) await deps.files.purge(fileId);
        // DESIGN §11: the stored copies of fetched documents go with the upload.
        for (const sourceId of await storedSourceIds(db, request.id)) await deps.files.purge(sourceId);
        await db.transaction(async (tx) => {
          const { file_bytes: _b, text: _t, ...metadata } = request.metadata;
          await tx
            .update(requests)
            .set({
              aiResult: null,
              consensusResult: null,
              finalResult: null,
              metadata,
              purgedAt: new Date(),
              updatedAt: new Date(),
            })
            .where(eq(requests.id, request.id));
          await tx
            .update(tasks)
            .set({ aiResult: { result: {}, confidence_score: -10, purged: true }, finalResult: null })
            .where(eq(tasks.requestId, request.id));
          await tx.execute(
            sql`update ${assignments} set response = null where task_id in (select id from ${tasks} where request_id = ${request.id})`,
          );
          // DESIGN §14: the places kept for teaching hold the document's text.
          await tx.execute(
            sql`delete from ${taskPlaces} where task_id in (select id from ${tasks} where request_id = ${request.id})`,
          );
          // Webhook payloads carried the values too (DESIGN §12): the event stays, its request goes.
          await tx.execute(
            sql`update ${webhookEvents} set payload = jsonb_set(payload, '{data,request}', 'null'::jsonb)
              where request_id = ${request.id} and payload is not null`,
          );
        });
      }
      return due.length;
    },

    async sweepUnfinished(olderThanMs: number) {
      // Pending: queued again at once (a live job with that id makes it a no-op). Processing: only
      // when stalled, since its job may still be running.
      const rows = await db
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            isNull(requests.deletedAt),
            sql`(${requests.status} = 'pending' or (${requests.status} = 'processing'
              and ${requests.updatedAt} < now() - make_interval(secs => ${olderThanMs / 1000})))`,
            sql`not exists (select 1 from ${tasks} where ${tasks.requestId} = ${requests.id})`,
          ),
        )
        .limit(1000);
      for (const row of rows) await enqueue(row.id);
      return rows.length;
    },

    async list(
      requesterId: string,
      query: { page: number; limit: number; status?: string | undefined; search?: string | undefined },
    ) {
      const conditions: SQL[] = [eq(requests.requesterId, requesterId), isNull(requests.deletedAt)];
      if (query.status) conditions.push(eq(requests.status, query.status as RequestRecord['status']));
      if (query.search) {
        const like = searchPattern(query.search);
        const match = or(
          ilike(sql`${requests.id}::text`, like),
          ilike(requests.documentType, like),
          ilike(sql`coalesce(${requests.metadata}->>'filename', '')`, like),
          ilike(sql`coalesce(${requests.metadata}->>'ticker', '')`, like),
          ilike(sql`coalesce(${requests.metadata}->>'url', '')`, like),
        );
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        // A page of summaries: no results, only the list's metadata (the full request on open).
        db
          .select({
            id: requests.id,
            documentType: requests.documentType,
            status: requests.status,
            priority: requests.priority,
            createdAt: requests.createdAt,
            updatedAt: requests.updatedAt,
            completedAt: requests.completedAt,
            error: requests.error,
            metadata: summaryMetadataSql,
            notes: sql<unknown>`${requests.aiResult}->'notes'`,
          })
          .from(requests)
          .where(where)
          .orderBy(desc(requests.createdAt), desc(requests.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(requests).where(where),
      ]);
      return {
        requests: rows.map(toRequestSummary),
        total: Number(total?.n ?? 0),
        page: query.page,
        limit: query.limit,
      };
    },

    async get(requesterId: string, id: string) {
      const row = await db.query.requests.findFirst({
        where: and(eq(requests.id, id), eq(requests.requesterId, requesterId), isNull(requests.deletedAt)),
      });
      if (!row) throw new AppError('REQUEST_NOT_FOUND');
      const taskRows = await db.select().from(tasks).where(eq(tasks.requestId, id)).orderBy(tasks.part);
      const received = taskRows.length
        ? await db
            .select({ taskId: assignments.taskId, n: count() })
            .from(assignments)
            .where(
              and(
                inArray(
                  assignments.taskId,
                  taskRows.map((t) => t.id),
                ),
                eq(assignments.status, 'submitted'),
              ),
            )
            .groupBy(assignments.taskId)
        : [];
      const receivedOf = new Map(received.map((r) => [r.taskId, Number(r.n)]));
      return {
        ...toRequestRecord(row),
        tasks: taskRows.map((t) => toTaskSummary(t, receivedOf.get(t.id) ?? 0)),
      };
    },

    /** The final result as a file: JSON, or CSV with one row per data point. */
    async resultFile(requesterId: string, id: string, format: 'json' | 'csv') {
      const request = await this.get(requesterId, id);
      if (request.status !== 'completed') {
        throw new AppError('INVALID_INPUT', 'The result is ready once the request is completed.', {
          id: request.status,
        });
      }
      const result = (request.final_result ?? {}) as Record<string, unknown>;
      const name = `sieve-${request.document_type}-${request.request_id.slice(0, 8)}`;
      if (format === 'json') {
        return {
          filename: `${name}.json`,
          contentType: 'application/json',
          body: JSON.stringify(
            { request_id: request.request_id, document_type: request.document_type, result },
            null,
            2,
          ),
        };
      }
      const items = lineItemsCsv(result, request.metadata);
      if (items) {
        return {
          filename: `${name}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: toCsv(items.columns, items.rows),
        };
      }
      const rows = Object.entries(result).map(([dataPoint, item]) => {
        const cell =
          item && typeof item === 'object' && !Array.isArray(item)
            ? (item as Record<string, unknown>)
            : { value: item };
        // The evidence (issue 13): the page and 0–1 box the value was read at, plain in the CSV.
        const anchor =
          cell.anchor && typeof cell.anchor === 'object' ? (cell.anchor as Record<string, unknown>) : null;
        return {
          data_point: dataPoint,
          ...cell,
          page: anchor?.page ?? '',
          box: Array.isArray(anchor?.box) ? anchor.box.join(' ') : '',
          ai_value: cell.ai_value ?? '',
        };
      });
      const columns = [
        'data_point',
        'value',
        'location',
        'source_text',
        'source_url',
        'page',
        'box',
        'confidence',
        'corrected',
        'ai_value',
        'disputed',
      ];
      return { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(columns, rows) };
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
