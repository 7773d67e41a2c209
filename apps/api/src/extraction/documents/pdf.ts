import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentError } from '../errors';
import type { ExtractedDocument, TextCell, TextLine } from '../types';

/**
 * PDF → text lines with page and line numbers, via pdfjs-dist 5.6 (legacy build for Node 20).
 * Parsing runs in a worker thread so a large or hostile PDF never blocks the event loop (STACK:
 * "parse PDFs off the main event loop"); the worker is killed past a time limit.
 *
 * The worker is an inline script (`eval: true`) that imports pdfjs by absolute URL, so it needs no
 * separate bundle entry and runs the same from the TypeScript sources (vitest) and from the tsup
 * bundle in dist/. Workers are pooled so pdfjs loads once per worker, not once per document.
 */

/** One text run as pdfjs places it: [text, x, y, width, height]. */
export type PdfItem = [str: string, x: number, y: number, width: number, height: number];

interface PdfPages {
  pages: PdfItem[][];
  title?: string;
}

interface PdfjsPaths {
  moduleUrl: string;
  cMapUrl: string;
  standardFontDataUrl: string;
}

let pdfjsPaths: PdfjsPaths | undefined;
function resolvePdfjs(): PdfjsPaths {
  if (!pdfjsPaths) {
    const require = createRequire(import.meta.url);
    const modulePath = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
    const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
    pdfjsPaths = {
      moduleUrl: pathToFileURL(modulePath).href,
      // pdfjs reads these from disk under Node: plain directory paths with a trailing slash.
      cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
      standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    };
  }
  return pdfjsPaths;
}

/** pdfjs options: no eval of font programs (CVE-2024-4367 class), no font loading, quiet. */
function documentParams(data: Uint8Array, paths: PdfjsPaths) {
  return {
    data,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: paths.cMapUrl,
    cMapPacked: true,
    standardFontDataUrl: paths.standardFontDataUrl,
  };
}

// The worker script. Plain JavaScript (it is evaluated as is); keep it in step with readInThread.
// A worker imports pdfjs once and then reads one PDF per message.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const paths = workerData.paths;
const pdfjsReady = import(paths.moduleUrl);
async function read(bytes) {
  const pdfjs = await pdfjsReady;
  const doc = await pdfjs.getDocument({
    data: bytes,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: paths.cMapUrl,
    cMapPacked: true,
    standardFontDataUrl: paths.standardFontDataUrl,
  }).promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items = [];
      for (const item of content.items) {
        if (typeof item.str !== 'string' || item.str === '') continue;
        items.push([item.str, item.transform[4], item.transform[5], item.width, item.height]);
      }
      pages.push(items);
      page.cleanup();
    }
    let title;
    try {
      const meta = await doc.getMetadata();
      title = meta && meta.info && typeof meta.info.Title === 'string' ? meta.info.Title : undefined;
    } catch {}
    return { pages, title };
  } finally {
    await doc.destroy();
  }
}
parentPort.on('message', ({ id, bytes }) => {
  read(bytes).then(
    (result) => parentPort.postMessage({ id, ok: true, pages: result.pages, title: result.title }),
    (error) => parentPort.postMessage({ id, ok: false, name: error && error.name, message: String(error && error.message) }),
  );
});
`;

type WorkerReply =
  | { id: number; ok: true; pages: PdfItem[][]; title?: string }
  | { id: number; ok: false; name?: string; message: string };

export interface LoadPdfOptions {
  /** Parse on the calling thread (benchmarks, comparisons). Default: a worker thread. */
  inThread?: boolean;
  /** Kill the parse after this long. */
  timeoutMs?: number;
  sourceUrl?: string;
}

const DEFAULT_PDF_TIMEOUT_MS = 120_000;
const POOL_SIZE = 2;
const WORKER_IDLE_MS = 30_000;
const JOBS_PER_WORKER = 200;

interface PdfJob {
  id: number;
  bytes: Uint8Array;
  timeoutMs: number;
  resolve: (pages: PdfPages) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  job: PdfJob | null;
  jobsDone: number;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * Up to POOL_SIZE worker threads, each reading one PDF at a time. A worker is reused (pdfjs is
 * imported once), retired after JOBS_PER_WORKER documents or WORKER_IDLE_MS idle, and killed
 * when a document runs past its time limit or the worker fails. Idle workers do not keep the
 * process alive.
 */
class PdfWorkerPool {
  private readonly workers: PoolWorker[] = [];
  private readonly queue: PdfJob[] = [];
  private nextId = 1;

  read(bytes: Uint8Array, timeoutMs: number): Promise<PdfPages> {
    return new Promise<PdfPages>((resolve, reject) => {
      // A private copy, transferred: the caller's bytes stay intact.
      this.queue.push({ id: this.nextId++, bytes: new Uint8Array(bytes), timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.workers.find((w) => w.job === null);
      if (!slot && this.workers.length < POOL_SIZE) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift() as PdfJob);
    }
  }

  private spawn(): PoolWorker {
    const worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: { paths: resolvePdfjs() },
      resourceLimits: { maxOldGenerationSizeMb: 768 },
    });
    const slot: PoolWorker = { worker, job: null, jobsDone: 0, timer: undefined, idleTimer: undefined };
    worker.on('message', (reply: WorkerReply) => this.finish(slot, reply));
    worker.on('error', (error) => this.fail(slot, pdfError(error.name, error.message)));
    worker.on('exit', (code) =>
      this.fail(slot, new DocumentError(`The PDF could not be read (the reader stopped with code ${code})`)),
    );
    this.workers.push(slot);
    return slot;
  }

  private start(slot: PoolWorker, job: PdfJob) {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(
      () => this.fail(slot, new DocumentError(`The PDF took longer than ${job.timeoutMs / 1000} s to read`)),
      job.timeoutMs,
    );
    slot.worker.postMessage({ id: job.id, bytes: job.bytes }, [job.bytes.buffer as ArrayBuffer]);
  }

  private finish(slot: PoolWorker, reply: WorkerReply) {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = null;
    slot.jobsDone += 1;
    if (reply.ok) job.resolve({ pages: reply.pages, ...(reply.title ? { title: reply.title } : {}) });
    else job.reject(pdfError(reply.name, reply.message));
    if (slot.jobsDone >= JOBS_PER_WORKER) this.retire(slot);
    else {
      slot.worker.unref();
      slot.idleTimer = setTimeout(() => this.retire(slot), WORKER_IDLE_MS);
      slot.idleTimer.unref();
    }
    this.dispatch();
  }

  /** The worker is unusable: fail its job, drop it, carry on with the queue. */
  private fail(slot: PoolWorker, error: DocumentError) {
    if (!this.workers.includes(slot)) return;
    const job = slot.job;
    this.retire(slot);
    job?.reject(error);
    this.dispatch();
  }

  private retire(slot: PoolWorker) {
    const index = this.workers.indexOf(slot);
    if (index < 0) return;
    this.workers.splice(index, 1);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.job = null;
    void slot.worker.terminate();
  }

  /** Ends all workers (tests, shutdown). */
  async close() {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
}

const pool = new PdfWorkerPool();

/** Stops the PDF worker threads (graceful shutdown); new reads start fresh workers. */
export function closePdfWorkers(): Promise<void> {
  return pool.close();
}

async function readInThread(bytes: Uint8Array): Promise<PdfPages> {
  const paths = resolvePdfjs();
  const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as typeof import('pdfjs-dist');
  try {
    const doc = await pdfjs.getDocument(documentParams(new Uint8Array(bytes), paths)).promise;
    const pages: PdfItem[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const items: PdfItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        items.push([
          item.str,
          item.transform[4] as number,
          item.transform[5] as number,
          item.width,
          item.height,
        ]);
      }
      pages.push(items);
      page.cleanup();
    }
    let title: string | undefined;
    try {
      const meta = await doc.getMetadata();
      const info = meta.info as { Title?: unknown } | undefined;
      title = typeof info?.Title === 'string' ? info.Title : undefined;
    } catch {
      // Metadata is optional.
    }
    await doc.destroy();
    return { pages, ...(title ? { title } : {}) };
  } catch (error) {
    const e = error as { name?: string; message?: string };
    throw pdfError(e.name, e.message ?? String(error));
  }
}

function pdfError(name: string | undefined, message: string): DocumentError {
  if (name === 'PasswordException') {
    return new DocumentError('The PDF is password-protected; upload a copy without a password');
  }
  if (name === 'InvalidPDFException' || /invalid pdf|no pdf header/i.test(message)) {
    return new DocumentError('The file is not a readable PDF (it is damaged or not a PDF)');
  }
  if (/out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(`${name} ${message}`)) {
    return new DocumentError('The PDF is too complex to read (it needs too much memory)');
  }
  return new DocumentError(`The PDF could not be read: ${message}`);
}

/**
 * Groups a page's text runs into lines: runs whose baselines are within half a glyph height share
 * a line; lines go top to bottom, runs left to right. A gap wider than 1.5 glyphs separates table
 * cells (kept as `cells`, joined by two spaces in the text).
 */
export function groupLines(items: PdfItem[], page: number): TextLine[] {
  const runs = items
    .map(([str, x, y, width, height]) => ({ str, x, y, width, height: height > 0 ? height : 10 }))
    .filter((r) => r.str.trim() !== '')
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: (typeof runs)[] = [];
  let current: typeof runs = [];
  let currentY = Number.NaN;
  for (const run of runs) {
    const tolerance = Math.max(1, run.height * 0.5);
    if (current.length > 0 && Math.abs(run.y - currentY) <= tolerance) {
      current.push(run);
    } else {
      if (current.length > 0) rows.push(current);
      current = [run];
      currentY = run.y;
    }
  }
  if (current.length > 0) rows.push(current);

  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    const segments: string[] = [];
    let segment = '';
    let previous: (typeof row)[number] | undefined;
    for (const run of row) {
      if (previous) {
        const gap = run.x - (previous.x + previous.width);
        const size = Math.max(previous.height, run.height);
        if (gap > size * 1.5) {
          segments.push(segment.trim());
          segment = '';
        } else if (gap > size * 0.12 && !segment.endsWith(' ') && !run.str.startsWith(' ')) {
          segment += ' ';
        }
      }
      segment += run.str;
      previous = run;
    }
    segments.push(segment.trim());
    const cellTexts = segments.map((s) => s.replace(/\s+/g, ' ')).filter((s) => s !== '');
    if (cellTexts.length === 0) continue;
    const line: TextLine = {
      text: cellTexts.join('  '),
      location: { page, line: lines.length + 1 },
    };
    if (cellTexts.length > 1) {
      line.cells = cellTexts.map((text, i): TextCell => ({ text, column: String(i + 1) }));
    }
    lines.push(line);
  }
  return lines;
}

/** Reads a PDF into lines with page and line numbers. Throws DocumentError with a readable message. */
export async function loadPdf(bytes: Uint8Array, options: LoadPdfOptions = {}): Promise<ExtractedDocument> {
  if (bytes.length < 5 || Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-') === -1) {
    throw new DocumentError('The file is not a readable PDF (it is damaged or not a PDF)');
  }
  const parsed = options.inThread
    ? await readInThread(bytes)
    : await pool.read(bytes, options.timeoutMs ?? DEFAULT_PDF_TIMEOUT_MS);
  const pages = parsed.pages.map((items, i) => groupLines(items, i + 1));
  const doc: ExtractedDocument = { kind: 'pdf', lines: pages.flat() };
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  if (parsed.title?.trim()) doc.title = parsed.title.trim();
  return doc;
}
