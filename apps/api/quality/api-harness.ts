import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  CheckResult,
  CheckSpec,
  DocumentType,
  FieldSpec,
  ItemAnchor,
  RequestDetail,
} from '@sieve/contracts';
import type { z } from 'zod';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  closeOcrWorkers,
  closePdfWorkers,
  DocumentError,
  type ExtractionResult,
  extractFromSource,
  HeuristicProvider,
  sniffFileType,
  sourceFromRequest,
} from '../src/extraction';
import { startProcessors } from '../src/jobs/processors';
import { seedAdmin } from '../src/modules/auth/seed-admin';
import { closeExtractionPools } from '../src/modules/requests/extraction-thread';
import { type Runtime, startRuntime } from '../src/runtime';
import { createServices } from '../src/services';
import { startFixtureServer } from './fixture-server';
import { isCorrect, type QualityCase } from './types';

/**
 * How `pnpm quality` reads a document (DESIGN §11, issue 37): as a requester sends it, through the
 * API of the embedded product, or (QUALITY_MODE=inprocess, for development) by calling the same
 * extraction entry the job runner calls, without HTTP, database or worker threads.
 *
 * API mode starts the product in this process as `pnpm start` does (config from an environment
 * of its own, a migrated PGlite in a temporary DATA_DIR, the seeded admin, the in-process job
 * runner with its extraction threads), listening on a free port with `ALLOW_PRIVATE_FETCH=1` and
 * `SEC_BASE_URL` pointing at a local EDGAR (`fixture-server.ts`). A requester signs up and makes an
 * API key (`requests:read`, `files:write`); it uploads with `POST /files` and reads answers with
 * `GET /requests/{id}`. The requests are submitted by the seeded admin on the requester's behalf
 * (`POST /admin/requests` with `on_behalf_of` and `ai_only`): the same submit as `POST /requests`
 * (same body, same service), which the product exempts from the plan's limits, so a run of
 * thousands of documents never meets the Free plan's 10 a day; AI-only, so answers come back
 * without reviewers.
 *
 * For suites (yours too):
 *
 *   const reader = await qualityReader();            // shared by the run; run.ts closes it
 *   const answers = await reader.ask(
 *     { form: 'upload', documentType: 'pdf', bytes, filename: 'page-001.pdf' },
 *     ['Revenue 2023', 'Net income 2022'],
 *   );
 *   answers.items['Revenue 2023']?.value             // as GET /requests/{id} gives it
 *   caseOf(answers, { suite, form: formOf(doc), document, kind, caseType, dataPoint, expected })
 *
 * Forms: `upload` (any document type that takes a file: pdf, csv, excel, receipt_mapping, …),
 * `website` (the HTML is served by the local web server and asked for by URL, one page) and `sec`
 * (the HTML is filed as a company's 10-K on the local EDGAR and asked for by ticker).
 */

/** One document as a requester sends it. */
export type QualityDocument =
  | {
      form: 'upload';
      /** A document type that takes a file ('pdf', 'csv', 'excel', 'receipt_mapping', …). */
      documentType: DocumentType;
      bytes: Uint8Array;
      filename: string;
    }
  | { form: 'website'; html: string | Uint8Array; name?: string }
  | { form: 'sec'; html: string; filingType?: '10-K' | '10-Q'; reportDate?: string };

/** Typed fields and checks sent with a document (DESIGN §13). */
export interface TypedAsk {
  fields?: FieldSpec[];
  checks?: CheckSpec[];
  /** DESIGN §14: false reads the document without learned hints (and it teaches nothing). */
  learning?: boolean;
}

/** A result item as `GET /requests/{id}` gives it. */
export interface QualityAnswer {
  value: unknown;
  confidence?: number;
  source_text?: string;
  location?: string;
  anchor?: ItemAnchor;
}

export interface QualityAnswers {
  /** The request's final state: 'completed', or 'failed' with `error` (then `items` is empty). */
  status: string;
  /** DESIGN §13: the checks the AI result was held to, when the request asked for any. */
  checks?: CheckResult[];
  error: string | null;
  /** Per data point asked. */
  items: Record<string, QualityAnswer | undefined>;
  notes: string[];
  /** Seconds from submitting to the answers (upload included). */
  seconds: number;
  requestId?: string;
}

export interface QualityReader {
  mode: 'api' | 'inprocess';
  /**
   * Submits the document asking for `dataPoints` (and typed `fields` and `checks`, DESIGN §13)
   * and waits for the answers.
   */
  ask(document: QualityDocument, dataPoints: string[], typed?: TypedAsk): Promise<QualityAnswers>;
  /**
   * API mode only (DESIGN §14): submits the document for review (learning on or off), lets
   * simulated reviewers submit `correct` for every field, as many as the task needs, and waits
   * for the request to complete. Answers the AI's answers as the reviewers saw them.
   */
  askReviewed?(
    document: QualityDocument,
    dataPoints: string[],
    correct: Record<string, unknown>,
    options?: { learning?: boolean },
  ): Promise<QualityAnswers>;
  close(): Promise<void>;
}

/** The coarse form a case was sent in, for "accuracy by document form". */
export function formOf(document: QualityDocument): string {
  if (document.form === 'website') return 'website URL';
  if (document.form === 'sec') return 'SEC filing (HTML)';
  const type = document.documentType;
  if (type === 'pdf') return 'PDF upload';
  if (type === 'csv') return 'CSV upload';
  if (type === 'excel') return 'XLSX upload';
  if (/\.docx$/i.test(document.filename)) return 'DOCX upload';
  return `${/\.pdf$/i.test(document.filename) ? 'PDF' : 'image'} upload (${type})`;
}

/**
 * One scored case from an answer (`isCorrect`). A null expectation (a dash in a table) also needs
 * the answer's source text unless `nullNeedsSource` is false (a field the document does not have).
 */
export function caseOf(
  answers: QualityAnswers,
  c: Omit<QualityCase, 'value' | 'correct' | 'confidence' | 'hasSourceText'>,
  options: { nullNeedsSource?: boolean } = {},
): QualityCase {
  const item = answers.items[c.dataPoint];
  const value = answers.status === 'completed' ? (item?.value ?? null) : `FAILED ${answers.error ?? ''}`;
  const sourced = !!item?.source_text;
  return {
    ...c,
    value,
    correct:
      isCorrect(c.expected, value) && (c.expected !== null || sourced || options.nullNeedsSource === false),
    confidence: item?.confidence ?? 0,
    hasSourceText: sourced,
  };
}

/** Runs `work` over `items`, `concurrency` at a time, keeping the order of the results. */
export async function mapPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** How many documents are in flight at once: the job runner's concurrency (2 on this machine). */
export const QUALITY_CONCURRENCY = Number(process.env.QUALITY_CONCURRENCY ?? 2);

const SEC_USER_AGENT = 'Sieve quality benchmark quality@localhost';
/** A data-point list is at most 200 names (spec 02 §5): longer lists go in several requests. */
const MAX_DATA_POINTS = 200;
const POLL_MS = 100;
const REQUEST_TIMEOUT_MS = 10 * 60_000;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: API answered ${status} ${JSON.stringify(body)}`);
  }
}

/** The embedded product on a free port, with a requester and its API key. */
export async function startApiReader(): Promise<QualityReader> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sieve-quality-'));
  // A run stopped half-way leaves no database behind either.
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir);
  const fixtures = await startFixtureServer();
  const admin = { email: 'quality-admin@sieve-quality.io', password: randomBytes(12).toString('hex') };
  // An environment of its own: never the caller's DATABASE_URL, REDIS_URL or S3 settings.
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.QUALITY_LOG_LEVEL ?? 'error',
    ALLOW_PRIVATE_FETCH: '1',
    SEC_BASE_URL: fixtures.url,
    SEC_USER_AGENT,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    JOB_CONCURRENCY: String(QUALITY_CONCURRENCY),
    API_RATE_LIMIT_PER_MINUTE: '0',
  });
  let runtime: Runtime | undefined;
  let server: Server | undefined;
  const close = async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await runtime?.queue.close();
    await closeExtractionPools();
    await runtime?.database.close();
    await fixtures.close();
    removeDataDir();
    process.off('exit', removeDataDir);
  };
  try {
    runtime = await startRuntime(config);
    await seedAdmin(runtime.database.db, config.admin);
    const services = createServices(runtime);
    await startProcessors(runtime, services.metrics);
    const app = createApp(runtime, services);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    // As the product listens (server.ts): idle connections outlive the client's reuse of them.
    server.keepAliveTimeout = 65_000;
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;

    const call = async <T>(
      method: 'GET' | 'POST' | 'PUT',
      route: string,
      what: string,
      options: { token?: string; json?: unknown; form?: FormData; idempotencyKey?: string } = {},
    ): Promise<T> => {
      // A connection the server closed as it was reused fails before any answer: try again.
      for (let attempt = 1; ; attempt++) {
        let response: Response;
        try {
          response = await fetch(`${api}${route}`, {
            method,
            headers: {
              accept: 'application/json',
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
              ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
            },
            ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
            ...(options.form ? { body: options.form } : {}),
          });
        } catch (error) {
          if (attempt >= 3) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          continue;
        }
        const text = await response.text();
        const body: unknown = text ? JSON.parse(text) : null;
        if (!response.ok) throw new ApiError(response.status, body, what);
        return body as T;
      }
    };

    // The admin the first start seeded; a requester who signs up as anyone would, and its key.
    const adminToken = (
      await call<{ token: string }>('POST', '/auth/login', 'admin sign-in', {
        json: { email: admin.email, password: admin.password },
      })
    ).token;
    const requester = {
      email: `quality-requester-${randomBytes(4).toString('hex')}@sieve-quality.io`,
      password: `quality-${randomBytes(8).toString('hex')}`,
    };
    const session = await call<{ token: string }>('POST', '/auth/register', 'requester sign-up', {
      json: {
        email: requester.email,
        password: requester.password,
        full_name: 'Quality Benchmark',
        user_type: 'requester',
        organization: 'Sieve quality',
      },
    });
    const key = (
      await call<{ secret: string }>('POST', '/keys', 'API key', {
        token: session.token,
        json: { name: 'pnpm quality', scopes: ['requests:read', 'files:write'] },
      })
    ).secret;

    // Reviewers for the learning stream (DESIGN §14): signed up, then activated by the admin.
    let reviewerTokens: Promise<string[]> | undefined;
    const reviewers = () => {
      reviewerTokens ??= Promise.all(
        [1, 2].map(async (n) => {
          const { invite_code } = await call<{ invite_code: string }>(
            'POST',
            '/admin/generate_invite',
            'invite',
            {
              token: adminToken,
              json: { role: 'worker' },
            },
          );
          const worker = await call<{ token: string; user_id: string }>(
            'POST',
            '/auth/register',
            'reviewer sign-up',
            {
              json: {
                email: `quality-reviewer-${n}-${randomBytes(4).toString('hex')}@sieve-quality.io`,
                password: `quality-${randomBytes(8).toString('hex')}`,
                full_name: `Quality Reviewer ${n}`,
                user_type: 'worker',
                invite_code,
              },
            },
          );
          await call('PUT', `/admin/workers/${worker.user_id}/status`, 'activate reviewer', {
            token: adminToken,
            json: { active: true },
          });
          return worker.token;
        }),
      );
      return reviewerTokens;
    };

    const submitOne = async (
      document: QualityDocument,
      dataPoints: string[],
      fileId?: string,
      typed: TypedAsk = {},
      review?: { correct: Record<string, unknown> },
    ) => {
      const common = {
        data_points: dataPoints,
        ai_only_mode: !review,
        ...(typed.learning === false ? { learning: false } : {}),
        ...(typed.fields?.length ? { fields: typed.fields } : {}),
        ...(typed.checks?.length ? { checks: typed.checks } : {}),
      };
      const body =
        document.form === 'upload'
          ? { document_type: document.documentType, metadata: { ...common, file_id: fileId } }
          : document.form === 'website'
            ? {
                document_type: 'website',
                metadata: {
                  ...common,
                  url: fixtures.page(document.html, document.name ? { name: document.name } : {}),
                  max_pages: 1,
                },
              }
            : {
                document_type: 'sec',
                metadata: {
                  ...common,
                  ticker: fixtures.filing(document.html, {
                    form: document.filingType ?? '10-K',
                    ...(document.reportDate ? { reportDate: document.reportDate } : {}),
                  }),
                  filing_type: document.filingType ?? '10-K',
                },
              };
      const created = await call<{ request_id: string }>('POST', '/admin/requests', 'submit', {
        token: adminToken,
        json: { ...body, priority: 'medium', on_behalf_of: requester.email, ai_only: !review },
      });
      const deadline = Date.now() + REQUEST_TIMEOUT_MS;
      const reviewed = new Set<string>();
      for (;;) {
        const detail = await call<z.infer<typeof RequestDetail>>(
          'GET',
          `/requests/${created.request_id}`,
          'read the request',
          { token: key },
        );
        if (detail.status === 'completed' || detail.status === 'failed')
          return { detail, requestId: created.request_id };
        // Each routed task gets as many reviews as it needs, every field set to its right value.
        for (const task of review ? detail.tasks : []) {
          if (reviewed.has(task.task_id) || !task.ai_result || !review) continue;
          reviewed.add(task.task_id);
          const result = Object.fromEntries(
            Object.keys(task.ai_result.result).map((field) => [
              field,
              { value: review.correct[field] ?? null },
            ]),
          );
          const tokens = await reviewers();
          for (const token of tokens.slice(0, task.required_reviews))
            await call('POST', `/worker/tasks/${task.task_id}/review`, 'review', {
              token,
              json: { response: { confidence_score: -0.1, result } },
            });
        }
        if (Date.now() > deadline)
          return {
            detail: { ...detail, status: 'failed' as const, error: 'timed out' },
            requestId: created.request_id,
          };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };

    // One document the harness could not send is a failed case, not a failed run.
    const failedAnswer = (error: unknown, started: number) => ({
      status: 'failed' as const,
      error: (error as Error).message,
      items: {},
      notes: [],
      seconds: (performance.now() - started) / 1000,
    });

    return {
      mode: 'api',
      async ask(document, dataPoints, typed) {
        const started = performance.now();
        try {
          return await askApi(document, dataPoints, started, typed);
        } catch (error) {
          return failedAnswer(error, started);
        }
      },
      async askReviewed(document, dataPoints, correct, options = {}) {
        const started = performance.now();
        try {
          if (document.form === 'upload')
            throw new Error('askReviewed sends pages by URL or filing, not uploads');
          const typed = options.learning === false ? { learning: false } : {};
          const { detail, requestId } = await submitOne(document, dataPoints, undefined, typed, { correct });
          return {
            status: detail.status,
            error: detail.error,
            items: (detail.ai_result?.result ?? {}) as Record<string, QualityAnswer>,
            notes: detail.ai_result?.notes ?? [],
            seconds: (performance.now() - started) / 1000,
            requestId,
          };
        } catch (error) {
          return failedAnswer(error, started);
        }
      },
      close,
    };

    async function askApi(
      document: QualityDocument,
      dataPoints: string[],
      started: number,
      typed: TypedAsk = {},
    ): Promise<QualityAnswers> {
      let fileId: string | undefined;
      if (document.form === 'upload') {
        const form = new FormData();
        form.set('file', new Blob([document.bytes]), document.filename);
        form.set('document_type', document.documentType);
        fileId = (
          await call<{ file_id: string }>('POST', '/files', 'upload', {
            token: key,
            form,
            idempotencyKey: randomBytes(12).toString('hex'),
          })
        ).file_id;
      }
      const answers: QualityAnswers = {
        status: 'completed',
        error: null,
        items: {},
        notes: [],
        seconds: 0,
      };
      for (let i = 0; i < Math.max(1, dataPoints.length); i += MAX_DATA_POINTS) {
        const { detail, requestId } = await submitOne(
          document,
          dataPoints.slice(i, i + MAX_DATA_POINTS),
          fileId,
          i === 0 ? typed : {},
        );
        answers.requestId ??= requestId;
        if (detail.status !== 'completed') {
          answers.status = detail.status;
          answers.error = detail.error;
        }
        Object.assign(answers.items, (detail.ai_result?.result ?? {}) as Record<string, QualityAnswer>);
        answers.notes.push(...(detail.ai_result?.notes ?? []));
        if (detail.ai_result?.checks)
          answers.checks = [...(answers.checks ?? []), ...detail.ai_result.checks];
      }
      answers.seconds = (performance.now() - started) / 1000;
      return answers;
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * The development mode: the job runner's own entry (`sourceFromRequest` → `extractFromSource`,
 * the heuristic provider) called in this thread, with the same local web server and EDGAR.
 */
export async function startInProcessReader(): Promise<QualityReader> {
  const fixtures = await startFixtureServer();
  const provider = new HeuristicProvider();
  const deps = {
    allowPrivateFetch: true,
    secBaseUrl: fixtures.url,
    secUserAgent: SEC_USER_AGENT,
    provider,
  };
  return {
    mode: 'inprocess',
    async ask(document, dataPoints, typed = {}) {
      const started = performance.now();
      try {
        let source: ReturnType<typeof sourceFromRequest>;
        let documentType: string;
        if (document.form === 'upload') {
          const sniffed = await sniffFileType(document.bytes, { filename: document.filename });
          documentType = document.documentType;
          source = sourceFromRequest(
            documentType,
            {},
            {
              bytes: document.bytes,
              filename: document.filename,
              ...(sniffed ? { contentType: sniffed.mediaType } : {}),
            },
          );
        } else if (document.form === 'website') {
          documentType = 'website';
          source = sourceFromRequest(documentType, {
            url: fixtures.page(document.html, document.name ? { name: document.name } : {}),
            max_pages: 1,
          });
        } else {
          documentType = 'sec';
          const filingType = document.filingType ?? '10-K';
          source = sourceFromRequest(documentType, {
            ticker: fixtures.filing(document.html, {
              form: filingType,
              ...(document.reportDate ? { reportDate: document.reportDate } : {}),
            }),
            filing_type: filingType,
          });
        }
        const extraction = await extractFromSource(source, { dataPoints, documentType, ...typed }, deps);
        const merged = combine(extraction.tasks.map((t) => t.result));
        const checks = extraction.tasks.flatMap((t) => t.result.checks ?? []);
        return {
          ...(typed.checks?.length ? { checks } : {}),
          status: 'completed',
          error: null,
          items: merged.result as Record<string, QualityAnswer>,
          notes: merged.notes ?? [],
          seconds: (performance.now() - started) / 1000,
        };
      } catch (error) {
        return {
          status: 'failed',
          error: (error as Error).message,
          items: {},
          notes: [],
          seconds: (performance.now() - started) / 1000,
        };
      }
    },
    close: () => fixtures.close(),
  };
}

/** Per data point the most confident value across a website's pages, as the job runner combines. */
function combine(results: ExtractionResult[]): ExtractionResult {
  if (results.length === 1 && results[0]) return results[0];
  const merged: ExtractionResult['result'] = {};
  for (const result of results)
    for (const [key, item] of Object.entries(result.result)) {
      const current = merged[key];
      if (
        !current ||
        (item.value !== null && (current.value === null || item.confidence > current.confidence))
      )
        merged[key] = item;
    }
  const notes = [...new Set(results.flatMap((r) => r.notes ?? []))];
  return { result: merged, confidence_score: 0, provider: 'heuristic', ...(notes.length ? { notes } : {}) };
}

/**
 * One document asked through a reader, its answers by data point (value, confidence, source text);
 * a request that does not complete throws its reason as a DocumentError, as the in-process readers do.
 */
export async function askOrThrow(
  reader: QualityReader,
  document: QualityDocument,
  dataPoints: string[],
): Promise<Record<string, { value: unknown; confidence: number; source_text?: string }>> {
  const answers = await reader.ask(document, dataPoints);
  if (answers.status !== 'completed')
    throw new DocumentError(answers.error ?? `The request ${answers.status}`);
  return Object.fromEntries(
    Object.entries(answers.items).map(([name, item]) => [
      name,
      {
        value: item?.value ?? null,
        confidence: item?.confidence ?? 0,
        ...(item?.source_text ? { source_text: item.source_text } : {}),
      },
    ]),
  );
}

export type QualityMode = 'api' | 'inprocess';

/** QUALITY_MODE: `api` (the default, the figures for notes) or `inprocess` (development). */
export function qualityMode(): QualityMode {
  const mode = (process.env.QUALITY_MODE ?? 'api').toLowerCase().replace(/[-_ ]/g, '');
  if (mode === 'api') return 'api';
  if (mode === 'inprocess') return 'inprocess';
  throw new Error(`QUALITY_MODE must be api or inprocess, not "${process.env.QUALITY_MODE}"`);
}

let shared: Promise<QualityReader> | undefined;

/** The run's reader in the QUALITY_MODE, started on first use and shared by every suite. */
export function qualityReader(): Promise<QualityReader> {
  shared ??= qualityMode() === 'api' ? startApiReader() : startInProcessReader();
  return shared;
}

/** Stops the shared reader (the product, its threads, the local servers) and the engines. */
export async function closeQualityReaders(): Promise<void> {
  const reader = shared;
  shared = undefined;
  if (reader) await (await reader).close();
  await closePdfWorkers();
  await closeOcrWorkers();
}
