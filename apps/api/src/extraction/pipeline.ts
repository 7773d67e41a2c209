import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@sieve/contracts';
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  ensureOk,
  type SafeFetch,
  type SafeFetchOptions,
  safeFetch,
} from '../net/fetch-guard';
import { addChartTables } from './charts';
import { DocumentError } from './errors';
import { applyFields, providerDataPoints, type TypedFields } from './fields';
import { hintExamples, layoutFingerprint, type SourceHint } from './memory';
import { type Box, type LayoutPage, storedBox } from './model/layout';
import { NOTHING_FOUND } from './model/notes';
import type { ExtractedDocument, ExtractionProvider, ExtractionResult } from './model/types';
import { type CsvOptions, loadCsv } from './readers/csv';
import { sniffFileType } from './readers/detect';
import { loadDocx } from './readers/docx';
import { loadHtml } from './readers/html';
import { loadImage } from './readers/image';
import { loadPdf } from './readers/pdf';
import { loadSecFiling } from './readers/sec';
import { loadText } from './readers/text';
import { crawlWebsite } from './readers/website';
import { loadXlsx } from './readers/xlsx';

/**
 * The one entry the extraction job calls: a request's source → an ExtractedDocument (text with
 * positions), then per task document → the provider's result.
 */

export type DocumentSource =
  | {
      kind: 'file';
      bytes: Uint8Array;
      contentType?: string;
      filename?: string;
      /** Set for csv requests: text files are read as CSV with these options. */
      csv?: CsvOptions;
    }
  | { kind: 'url'; url: string; csv?: CsvOptions }
  | { kind: 'website'; url: string; maxPages?: number; includeSubdomains?: boolean }
  | {
      kind: 'sec';
      ticker: string;
      filingType?: string;
      fiscalPeriod?: string;
      effectiveDate?: string;
      searchDirection?: 'before' | 'after';
    }
  | { kind: 'text'; text: string; title?: string };

export interface LoadDocumentDeps {
  /** ALLOW_PRIVATE_FETCH (tests against local servers only). */
  allowPrivateFetch: boolean;
  /** SEC_BASE_URL */
  secBaseUrl: string;
  /** SEC_USER_AGENT */
  secUserAgent: string;
  fetchTimeoutMs?: number;
  /** Cap for fetched documents and pages (default 10 MB, the upload limit). */
  maxBytes?: number;
  signal?: AbortSignal;
  /** Injectable fetch (defaults to the guarded safeFetch). */
  fetch?: SafeFetch;
  /**
   * Told of every document the loader fetched (a URL's file, each crawled page, the SEC filing's
   * primary document), so the job can keep the copy the AI read (DESIGN §11).
   */
  onFetched?: (fetched: FetchedSource) => void;
}

/** Bytes the loader fetched from the network: what the review screen shows later. */
export interface FetchedSource {
  /** The final URL (after redirects). */
  url: string;
  bytes: Uint8Array;
  contentType: string;
  /** The file name the URL's path ends with, if any. */
  filename: string | null;
}

export function fetchedFilename(url: string): string | null {
  try {
    const name = decodeURIComponent(path.posix.basename(new URL(url).pathname));
    return name && name !== '/' ? name : null;
  } catch {
    return null;
  }
}

/** Bytes whose type we know only from themselves: routed by magic bytes, never by name. */
export async function loadBytes(
  bytes: Uint8Array,
  hint: { contentType?: string; filename?: string; sourceUrl?: string; csv?: CsvOptions } = {},
): Promise<ExtractedDocument> {
  const sourceUrl = hint.sourceUrl ? { sourceUrl: hint.sourceUrl } : {};
  if (bytes.length === 0) throw new DocumentError('The document is empty');
  const type = await sniffFileType(bytes, hint);
  switch (type?.kind) {
    case 'pdf':
      return loadPdf(bytes, sourceUrl);
    case 'xlsx':
    case 'xls':
    case 'encrypted-office':
      return loadXlsx(bytes, sourceUrl);
    case 'docx':
      return loadDocx(bytes, sourceUrl);
    case 'doc':
      throw new DocumentError(
        'Word .doc files cannot be read; save the document as PDF or .docx and upload again',
      );
    case 'html':
      return loadHtml(Buffer.from(bytes), hint.sourceUrl);
    case 'csv':
      return loadCsv(bytes, { ...hint.csv, ...sourceUrl });
    case 'text':
      return hint.csv ? loadCsv(bytes, { ...hint.csv, ...sourceUrl }) : loadText(bytes, sourceUrl);
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'tiff':
    case 'bmp':
    case 'heic':
      // OCR'd into words with boxes; the image itself is kept for AI providers.
      return loadImage(bytes, { mediaType: type.mediaType, ...sourceUrl });
    default:
      throw new DocumentError(
        'The file type is not supported (expected PDF, image, Excel, CSV, Word .docx, HTML or plain text)',
      );
  }
}

export async function loadDocument(
  source: DocumentSource,
  deps: LoadDocumentDeps,
): Promise<ExtractedDocument> {
  const fetch = deps.fetch ?? safeFetch;
  const fetchOptions: SafeFetchOptions = {
    allowPrivate: deps.allowPrivateFetch,
    timeoutMs: deps.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
    maxBytes: deps.maxBytes ?? UPLOAD_MAX_BYTES,
    ...(deps.signal ? { signal: deps.signal } : {}),
  };
  switch (source.kind) {
    case 'file':
      return loadBytes(source.bytes, {
        ...(source.contentType ? { contentType: source.contentType } : {}),
        ...(source.filename ? { filename: source.filename } : {}),
        ...(source.csv ? { csv: source.csv } : {}),
      });
    case 'url': {
      const response = ensureOk(await fetch(source.url, fetchOptions));
      deps.onFetched?.({
        url: response.url,
        bytes: response.body,
        contentType: response.contentType,
        filename: fetchedFilename(response.url),
      });
      return loadBytes(response.body, {
        contentType: response.contentType,
        filename: path.posix.basename(new URL(response.url).pathname),
        sourceUrl: response.url,
        ...(source.csv ? { csv: source.csv } : {}),
      });
    }
    case 'website':
      return crawlWebsite(source.url, {
        fetch,
        fetchOptions,
        ...(source.maxPages !== undefined ? { maxPages: source.maxPages } : {}),
        ...(source.includeSubdomains !== undefined ? { includeSubdomains: source.includeSubdomains } : {}),
        ...(deps.signal ? { signal: deps.signal } : {}),
        ...(deps.onFetched ? { onPage: deps.onFetched } : {}),
      });
    case 'sec': {
      const { kind: _kind, ...query } = source;
      // Filings are bigger than uploads (inline XBRL); the SEC loader sets its own caps per call.
      const { maxBytes: _maxBytes, ...secFetchOptions } = fetchOptions;
      return loadSecFiling(query, {
        baseUrl: deps.secBaseUrl,
        userAgent: deps.secUserAgent,
        fetch,
        fetchOptions: secFetchOptions,
        ...(deps.onFetched ? { onDocument: deps.onFetched } : {}),
      });
    }
    case 'text':
      if (!source.text.trim()) throw new DocumentError('The document text is empty');
      return loadText(source.text, source.title ? { title: source.title } : {});
  }
}

/**
 * The documents a request's tasks are made of: one per crawled page for a website (DESIGN §3:
 * tasks per page), otherwise the document itself.
 */
export function taskDocuments(doc: ExtractedDocument): ExtractedDocument[] {
  if (doc.kind !== 'website' || !doc.pages || doc.pages.length === 0) return [doc];
  return doc.pages.map((page) => {
    const part: ExtractedDocument = {
      kind: 'website',
      lines: page.lines,
      sourceUrl: page.url,
      title: page.title,
    };
    if (page.layout) part.layout = page.layout;
    if (page.notes?.length) part.notes = page.notes;
    return part;
  });
}

/** Request metadata (spec 02 §3) → the source to load; `file` is the stored upload, if any. */
export function sourceFromRequest(
  documentType: string,
  metadata: {
    url?: string | undefined;
    text?: string | undefined;
    ticker?: string | undefined;
    filing_type?: string | undefined;
    fiscal_period?: string | undefined;
    effective_date?: string | undefined;
    search_direction?: 'before' | 'after' | undefined;
    max_pages?: number | undefined;
    include_subdomains?: boolean | undefined;
    columns?: string[] | undefined;
    has_headers?: boolean | undefined;
  },
  file?: { bytes: Uint8Array; contentType?: string; filename?: string },
): DocumentSource {
  const csv =
    documentType === 'csv'
      ? {
          ...(metadata.has_headers !== undefined ? { hasHeaders: metadata.has_headers } : {}),
          ...(metadata.columns?.length ? { columns: metadata.columns } : {}),
        }
      : undefined;
  if (documentType === 'sec' && metadata.ticker) {
    return {
      kind: 'sec',
      ticker: metadata.ticker,
      ...(metadata.filing_type ? { filingType: metadata.filing_type } : {}),
      ...(metadata.fiscal_period ? { fiscalPeriod: metadata.fiscal_period } : {}),
      ...(metadata.effective_date ? { effectiveDate: metadata.effective_date } : {}),
      ...(metadata.search_direction ? { searchDirection: metadata.search_direction } : {}),
    };
  }
  if (documentType === 'website' && metadata.url) {
    return {
      kind: 'website',
      url: metadata.url,
      ...(metadata.max_pages !== undefined ? { maxPages: metadata.max_pages } : {}),
      ...(metadata.include_subdomains !== undefined
        ? { includeSubdomains: metadata.include_subdomains }
        : {}),
    };
  }
  if (file) return { kind: 'file', ...file, ...(csv ? { csv } : {}) };
  if (metadata.url) return { kind: 'url', url: metadata.url, ...(csv ? { csv } : {}) };
  if (metadata.text?.trim()) return { kind: 'text', text: metadata.text };
  throw new DocumentError('The request has no document: give a URL, a file or text');
}

export interface TaskExtraction {
  document: ExtractedDocument;
  /** The fetched bytes this task's document was read from (none for uploads and text). */
  fetched: FetchedSource | null;
  /** A name for the task: the page title or URL for websites, else the document's title. */
  name: string | null;
  result: ExtractionResult;
}

export const CUSTOM_PROMPT_NEEDS_LLM =
  'The custom prompt was not followed: custom prompts need an AI provider (EXTRACTION_PROVIDER=openai or anthropic) and this server runs only the offline extractor, which read the values below by their labels';
export const EARNINGS_SEARCH_NEEDS_DOCUMENT =
  'Earnings search reads an earnings release or filing you give it: upload the document or give its URL. Searching by a query alone is not available.';

/**
 * Requests that would only pretend (issue 12): an earnings search whose only "document" is the
 * query text is refused with the reason.
 */
function refuseWhatCannotRun(source: DocumentSource, documentType: string) {
  if (documentType === 'earnings_search' && source.kind === 'text') {
    throw new DocumentError(EARNINGS_SEARCH_NEEDS_DOCUMENT);
  }
}

/**
 * A custom prompt with no model to follow it: the offline extractor still reads the document's
 * labelled values, and the result says plainly that the prompt itself was not followed.
 */
function promptNotes(documentType: string, provider: ExtractionProvider): string[] {
  return documentType === 'custom_prompt' && provider.name === 'heuristic' ? [CUSTOM_PROMPT_NEEDS_LLM] : [];
}

/**
 * Each value's box on its page as stored and shown to the reviewer: a scan read turned upright
 * (`LayoutPage.turn`) was read in the upright page's frame.
 */
function onStoredPages(result: ExtractionResult, layout: LayoutPage[] | undefined): void {
  const turned = new Map((layout ?? []).flatMap((p) => (p.turn ? [[p.number, p.turn] as const] : [])));
  if (turned.size === 0) return;
  for (const item of Object.values(result.result)) {
    const turn = item.anchor ? turned.get(item.anchor.page) : undefined;
    if (item.anchor && turn) item.anchor = { ...item.anchor, box: storedBox(item.anchor.box as Box, turn) };
    // Line-item rows carry their own boxes (DESIGN §13).
    const rows: unknown = item.value;
    if (!Array.isArray(rows)) continue;
    for (const row of rows as { anchor?: { page: number; box: number[] } }[]) {
      const rowTurn = row.anchor ? turned.get(row.anchor.page) : undefined;
      if (row.anchor && rowTurn)
        row.anchor = { ...row.anchor, box: storedBox(row.anchor.box as Box, rowTurn) };
    }
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Why a result holds no value at all, in a requester's words: the document (or crawled page) was
 * read — so many pages and tables — but nothing in it matches what was asked. A document that
 * could not be loaded fails instead, and a crawled page that could not be loaded is said apart
 * (`failedPageNotes`).
 */
export function emptyResultNotes(
  part: ExtractedDocument,
  result: ExtractionResult,
  dataPoints: string[],
): string[] {
  const items = Object.values(result.result);
  if (items.some((item) => item.value !== null && item.value !== '')) return [];
  const asked = dataPoints.map((d) => d.trim()).filter(Boolean);
  const layout = part.layout ?? [];
  const tables = layout.reduce((n, page) => n + page.tables.length, 0);
  const thing = part.kind === 'website' ? `the page ${part.sourceUrl ?? ''}`.trim() : 'the document';
  const pages = layout.length > 1 ? `${plural(layout.length, 'page')}, ` : '';
  const read = `${pages}${tables ? plural(tables, 'table') : 'no table'}, ${plural(part.lines.length, 'line')} of text`;
  const wanted = asked.map((d) => `"${d}"`).join(', ');
  const missing = !asked.length
    ? 'it holds no labelled value or table figure'
    : tables
      ? `no table row or labelled value matches ${wanted}`
      : `no labelled value in its text matches ${wanted}`;
  if (part.lines.length === 0 && tables === 0)
    return [`${NOTHING_FOUND}: ${thing} was read but holds no text (it may be an image or built by scripts)`];
  return [`${NOTHING_FOUND}: ${thing} was read (${read}) but ${missing}`];
}

/** The linked pages a website crawl could not load, and why. */
export function failedPageNotes(document: ExtractedDocument): string[] {
  const failed = document.failedPages ?? [];
  if (failed.length === 0) return [];
  const shown = failed.slice(0, 5).map((f) => `${f.url} (${f.reason})`);
  const more = failed.length > shown.length ? ` and ${failed.length - shown.length} more` : '';
  return [`${plural(failed.length, 'linked page')} could not be loaded: ${shown.join('; ')}${more}`];
}

/** Loads the source and runs the provider on each task document, in order. */
export async function extractFromSource(
  source: DocumentSource,
  request: {
    dataPoints: string[];
    documentType: string;
    customPrompt?: string;
    /** DESIGN §14: the requester's hints; those of a document's layout reach LLM providers as examples. */
    hints?: SourceHint[];
  } & TypedFields,
  deps: LoadDocumentDeps & { provider: ExtractionProvider },
): Promise<{ document: ExtractedDocument; tasks: TaskExtraction[] }> {
  refuseWhatCannotRun(source, request.documentType);
  const fetched: FetchedSource[] = [];
  const document = await loadDocument(source, {
    ...deps,
    onFetched: (item) => {
      fetched.push(item);
      deps.onFetched?.(item);
    },
  });
  // A chart's values become a table on its page (issue 45).
  if (request.documentType === 'chart_data_extraction') await addChartTables(document);
  // A crawled page is its own task: match it by URL; a single fetched document serves every task.
  const fetchedFor = (part: ExtractedDocument) =>
    fetched.find((item) => part.sourceUrl !== undefined && item.url === part.sourceUrl) ??
    (fetched.length === 1 ? (fetched[0] ?? null) : null);
  // A scan with nothing readable fails with the reason, never an all-empty "completed" result.
  if (document.notes?.length && document.lines.length === 0 && !document.pages?.length) {
    throw new DocumentError(document.notes.join('. '));
  }
  const tasks: TaskExtraction[] = [];
  for (const part of taskDocuments(document)) {
    const examples = request.hints?.length
      ? hintExamples(request.hints, layoutFingerprint(part).fingerprint)
      : [];
    const result = await deps.provider.extract(part, providerDataPoints(request.dataPoints, request), {
      documentType: request.documentType,
      ...(request.customPrompt ? { customPrompt: request.customPrompt } : {}),
      ...(examples.length ? { examples } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    // DESIGN §13: typed answers, line items and checks, after the provider has read the values.
    applyFields(result, part, request.dataPoints, request);
    onStoredPages(result, part.layout);
    // What the reader could not do travels with the result to the request and its task; so does
    // why nothing was found, and (once, on the first task) which linked pages failed to load.
    const notes = [
      ...promptNotes(request.documentType, deps.provider),
      ...(result.notes ?? []),
      ...(part.notes ?? document.notes ?? []),
      ...emptyResultNotes(part, result, request.dataPoints),
      ...(tasks.length === 0 ? failedPageNotes(document) : []),
    ];
    if (notes.length) result.notes = [...new Set(notes)];
    tasks.push({
      document: part,
      fetched: fetchedFor(part),
      name: part.title ?? part.sourceUrl ?? null,
      result,
    });
  }
  return { document, tasks };
}
