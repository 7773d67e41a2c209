import { Worker } from 'node:worker_threads';
import { DocumentError } from '../errors';
import type { Box, LayoutPage, LayoutWord } from '../model/layout';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument } from '../model/types';
import { ocrTextlessPages } from '../ocr/pdf-ocr';
import { linkContinuedTables } from '../tables/continued-tables';
import { pdfiumSetup, readWithPdfium } from './pdfium-text';
import { pdfjsSetup } from './pdfjs-setup';

/**
 * PDF → text lines with page and line numbers, via pdfjs-dist 5.6 (legacy build for Node 20).
 * Parsing runs in a worker thread so a large or hostile PDF never blocks the event loop (STACK:
 * "parse PDFs off the main event loop"); the worker is killed past a time limit.
 *
 * The worker is an inline script (`eval: true`) that imports pdfjs by absolute URL, so it needs no
 * separate bundle entry and runs the same from the TypeScript sources (vitest) and from the tsup
 * bundle in dist/. Workers are pooled so pdfjs loads once per worker, not once per document.
 */

/**
 * One text run as pdfjs places it: [text, x, y, width, height, turn]. `turn` is the way it reads
 * on the page: 0 left to right, 1 bottom to top, 2 top to bottom, 3 upside down.
 */
export type PdfItem = [str: string, x: number, y: number, width: number, height: number, turn?: number];

/** A page's text runs and its size in PDF points. */
export interface PdfPageItems {
  /** 1-based page number. */
  number?: number;
  width: number;
  height: number;
  items: PdfItem[];
}

interface PdfPages {
  pages: PdfPageItems[];
  title?: string;
  /** The engine that read the text layer. */
  engine?: PdfTextEngine;
}

// The worker script. Plain JavaScript (it is evaluated as is); keep it in step with readInThread.
// A worker imports pdfjs once and then reads one PDF per message.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const setup = workerData.setup;
const pdfjsReady = import(setup.moduleUrl);
// PDFium reads the text first (readers/pdfium-text.ts); pdf.js reads what it cannot open.
const pdfiumReady = workerData.pdfium
  ? import(workerData.pdfium.moduleUrl)
      .then(async (mod) => {
        const lib = await mod.init({ wasmBinary: require('node:fs').readFileSync(workerData.pdfium.wasmPath) });
        lib.PDFiumExt_Init();
        return lib;
      })
      .catch(() => null)
  : Promise.resolve(null);
// A transpiler may wrap named functions in __name(); the function runs here without its module.
var __name = (target) => target;
const readWithPdfium = ${readWithPdfium.toString()};
async function read(bytes, part, parts) {
  const lib = await pdfiumReady;
  if (lib) {
    try {
      return { ...readWithPdfium(lib, bytes, part, parts), engine: 'pdfium' };
    } catch {}
  }
  const pdfjs = await pdfjsReady;
  const doc = await pdfjs.getDocument({ ...setup.options, data: bytes }).promise;
  try {
    const pages = [];
    for (let n = 1 + part; n <= doc.numPages; n += parts) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = [];
      for (const item of content.items) {
        if (typeof item.str !== 'string' || item.str === '') continue;
        // Page space → viewport space (top-left origin, rotation and crop box applied).
        const t = item.transform;
        const x = viewport.transform[0] * t[4] + viewport.transform[2] * t[5] + viewport.transform[4];
        const y = viewport.transform[1] * t[4] + viewport.transform[3] * t[5] + viewport.transform[5];
        const size = Math.hypot(t[2], t[3]) || item.height;
        // The way the run reads on the page (keep in step with textTurn).
        const dx = viewport.transform[0] * t[0] + viewport.transform[2] * t[1];
        const dy = viewport.transform[1] * t[0] + viewport.transform[3] * t[1];
        const turn = Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 0 : 3) : dy < 0 ? 1 : 2;
        items.push([item.str, x, y, item.width, size, turn]);
      }
      pages.push({ number: n, width: viewport.width, height: viewport.height, items });
      page.cleanup();
    }
    let title;
    try {
      const meta = await doc.getMetadata();
      title = meta && meta.info && typeof meta.info.Title === 'string' ? meta.info.Title : undefined;
    } catch {}
    return { pages, title, engine: 'pdfjs' };
  } finally {
    await doc.destroy();
  }
}
parentPort.on('message', ({ id, bytes, part, parts }) => {
  read(bytes, part, parts).then(
    (result) => parentPort.postMessage({ id, ok: true, pages: result.pages, title: result.title, engine: result.engine }),
    (error) => parentPort.postMessage({ id, ok: false, name: error && error.name, message: String(error && error.message) }),
  );
});
`;

type WorkerReply =
  | { id: number; ok: true; pages: PdfPageItems[]; title?: string; engine?: PdfTextEngine }
  | { id: number; ok: false; name?: string; message: string };

export interface LoadPdfOptions {
  /** Parse on the calling thread (benchmarks, comparisons). Default: a worker thread. */
  inThread?: boolean;
  /** Kill the parse after this long. */
  timeoutMs?: number;
  sourceUrl?: string;
}

const DEFAULT_PDF_TIMEOUT_MS = 120_000;

/** Which engine reads the text layer: PDFium (default), or pdf.js alone (comparisons). */
export type PdfTextEngine = 'pdfium' | 'pdfjs';
let textEngine: PdfTextEngine = 'pdfium';

/** Chooses the text engine for the PDFs read from now on (the quality benchmark compares them). */
export async function setPdfTextEngine(engine: PdfTextEngine): Promise<void> {
  if (engine === textEngine) return;
  textEngine = engine;
  await pool.close();
}

// biome-ignore lint/suspicious/noExplicitAny: the wrapped wasm module's calls are typed by name only
let inThreadPdfium: Promise<any> | undefined;

/** PDFium on the calling thread (benchmarks), loaded once; null when it cannot load. */
function pdfiumHere() {
  const found = pdfiumSetup();
  if (!found) return Promise.resolve(null);
  inThreadPdfium ??= import('@embedpdf/pdfium')
    .then(async (mod) => {
      const { readFileSync } = await import('node:fs');
      const lib = await mod.init({ wasmBinary: readFileSync(found.wasmPath) } as never);
      lib.PDFiumExt_Init();
      return lib;
    })
    .catch(() => null);
  return inThreadPdfium;
}
const POOL_SIZE = 2;
/** PDFs this large are read by both workers at once, each taking every other page. */
const SPLIT_BYTES = 150_000;
const WORKER_IDLE_MS = 30_000;
const JOBS_PER_WORKER = 200;

interface PdfJob {
  id: number;
  bytes: Uint8Array;
  /** This job reads pages part+1, part+1+parts, … (a long PDF is read by both workers at once). */
  part: number;
  parts: number;
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

  async read(bytes: Uint8Array, timeoutMs: number): Promise<PdfPages> {
    const parts = bytes.length >= SPLIT_BYTES ? POOL_SIZE : 1;
    const halves = await Promise.all(
      Array.from(
        { length: parts },
        (_, part) =>
          new Promise<PdfPages>((resolve, reject) => {
            // A private copy, transferred: the caller's bytes stay intact.
            this.queue.push({
              id: this.nextId++,
              bytes: new Uint8Array(bytes),
              part,
              parts,
              timeoutMs,
              resolve,
              reject,
            });
            this.dispatch();
          }),
      ),
    );
    const pages = halves.flatMap((h) => h.pages).sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
    const title = halves[0]?.title;
    // Every part read by PDFium, or the document counts as read by pdf.js.
    const engine = halves.every((h) => h.engine === 'pdfium') ? 'pdfium' : 'pdfjs';
    return { pages, engine, ...(title ? { title } : {}) };
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
      workerData: { setup: pdfjsSetup(), pdfium: textEngine === 'pdfium' ? pdfiumSetup() : null },
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
    slot.worker.postMessage({ id: job.id, bytes: job.bytes, part: job.part, parts: job.parts }, [
      job.bytes.buffer as ArrayBuffer,
    ]);
  }

  private finish(slot: PoolWorker, reply: WorkerReply) {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = null;
    slot.jobsDone += 1;
    if (reply.ok)
      job.resolve({
        pages: reply.pages,
        ...(reply.engine ? { engine: reply.engine } : {}),
        ...(reply.title ? { title: reply.title } : {}),
      });
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
  const lib = textEngine === 'pdfium' ? await pdfiumHere() : null;
  if (lib) {
    try {
      const read = readWithPdfium(lib, bytes, 0, 1);
      return {
        pages: read.pages as PdfPageItems[],
        engine: 'pdfium',
        ...(read.title ? { title: read.title } : {}),
      };
    } catch {
      // pdf.js below says what is wrong with the file.
    }
  }
  const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as typeof import('pdfjs-dist');
  try {
    const doc = await pdfjs.getDocument({ ...pdfjsSetup().options, data: new Uint8Array(bytes) }).promise;
    const pages: PdfPageItems[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const v = viewport.transform as number[];
      const content = await page.getTextContent();
      const items: PdfItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const t = item.transform as number[];
        const px = t[4] as number;
        const py = t[5] as number;
        const x = (v[0] as number) * px + (v[2] as number) * py + (v[4] as number);
        const y = (v[1] as number) * px + (v[3] as number) * py + (v[5] as number);
        const size = Math.hypot(t[2] as number, t[3] as number) || item.height;
        const turn = textTurn(
          (v[0] as number) * (t[0] as number) + (v[2] as number) * (t[1] as number),
          (v[1] as number) * (t[0] as number) + (v[3] as number) * (t[1] as number),
        );
        items.push([item.str, x, y, item.width, size, turn]);
      }
      pages.push({ width: viewport.width, height: viewport.height, items });
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
    return { pages, engine: 'pdfjs', ...(title ? { title } : {}) };
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

/** The way a run reads, from its direction on the page (y down): 0 →, 1 ↑, 2 ↓, 3 ←. */
type Turn = 0 | 1 | 2 | 3;

function textTurn(dx: number, dy: number): number {
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 3;
  return dy < 0 ? 1 : 2;
}

/**
 * A page printed sideways (a wide table turned a quarter on a portrait page, with no /Rotate) or
 * shown upside down (a /Rotate of 180 on a page stored the right way up): the way most of its text
 * reads, 1 (bottom to top), 2 (top to bottom) or 3 (right to left); 0 when it reads across.
 */
export function pageTurn(page: PdfPageItems): Turn {
  const chars = [0, 0, 0, 0];
  for (const [str, , , , , turn = 0] of page.items) chars[turn] = (chars[turn] ?? 0) + str.trim().length;
  const total = chars.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  if ((chars[1] ?? 0) > total * 0.6) return 1;
  if ((chars[2] ?? 0) > total * 0.6) return 2;
  if ((chars[3] ?? 0) > total * 0.6) return 3;
  return 0;
}

/** The page as it reads when turned upright: its runs that read that way, placed across. */
function turnedItems(page: PdfPageItems, turn: 1 | 2 | 3): PdfPageItems {
  const { width: w, height: h } = page;
  const items: PdfItem[] = [];
  for (const [str, x, y, width, size, t = 0] of page.items) {
    if (t !== turn) continue;
    if (turn === 1) items.push([str, h - y, x, width, size, 0]);
    else if (turn === 2) items.push([str, y, w - x, width, size, 0]);
    else items.push([str, w - x, h - y, width, size, 0]);
  }
  return turn === 3 ? { ...page, items } : { ...page, width: h, height: w, items };
}

/** A box read on the turned page, back where it is on the page as it is stored (and shown). */
function unturnBox(box: Box, turn: 1 | 2 | 3): Box {
  const [x0, y0, x1, y1] = box;
  if (turn === 3) return [1 - x1, 1 - y1, 1 - x0, 1 - y0];
  return turn === 1 ? [y0, 1 - x1, y1, 1 - x0] : [1 - y1, x0, 1 - y0, x1];
}

/** Every box of a layout read turned, put back in the page's own frame (so highlights land right). */
function unturnLayout(page: LayoutPage, turn: 1 | 2 | 3): void {
  const seen = new WeakSet<object>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'box' && Array.isArray(value) && value.length === 4)
        record.box = unturnBox(value as Box, turn);
      else visit(value);
    }
  };
  visit(page);
}

const MARK = /^\(?(?:\d{1,2}|[a-z]|[ivx]{1,3}|\*{1,3}|[†‡§])\)?,?$/i;
/**
 * A footnote mark set small and raised right after a figure or a word ("1,234¹", "Revenue⁽ᵃ⁾"):
 * not part of either. Left in, "1,234" and "1" run together into 1,2341.
 */
function isSuperscriptMark(items: PdfItem[], index: number): boolean {
  const [str, x, y, , size] = items[index] as PdfItem;
  if (!MARK.test(str.trim())) return false;
  for (let k = index - 1; k >= Math.max(0, index - 2); k--) {
    const [baseText, bx, by, bw, bsize] = items[k] as PdfItem;
    if (baseText.trim() === '') continue;
    return (
      size < bsize * 0.85 &&
      by - y > bsize * 0.15 &&
      by - y < bsize &&
      x >= bx + bw - bsize * 0.3 &&
      x <= bx + bw + bsize * 0.6
    );
  }
  return false;
}

/** Rough advance widths (em) of a proportional Latin font's glyphs: enough to place a run's words. */
function glyphEm(ch: string): number {
  if (/[0-9$€£¥#*+=<>~^_]/.test(ch)) return 0.556;
  if (/[.,:;'`|!ijlI]/.test(ch)) return 0.26;
  if (/[()[\]{}\-"ftr/\\]/.test(ch)) return 0.33;
  if (/[%mwMW@&]/.test(ch)) return 0.86;
  if (/[A-Z]/.test(ch)) return 0.68;
  return 0.54;
}

/**
 * Where each word of a run starts and ends, in the run's own units. PDF readers join text set a
 * little apart into one run ("Total net sales $6,318 $5,906 7%", cells of a tightly set table)
 * and give its width only: the words are placed by their letters' usual widths, the room left
 * over shared by the spaces up to a wide word space each (a bold or wide face takes the rest in
 * its letters). A run of other scripts, or one far from the model, is shared out by characters.
 */
function wordSpans(str: string, width: number, size: number): { text: string; x0: number; x1: number }[] {
  const words = [...str.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index ?? 0 }));
  const perChar = str.length > 0 ? width / str.length : 0;
  const uniform = () =>
    words.map((w) => ({ text: w.text, x0: w.start * perChar, x1: (w.start + w.text.length) * perChar }));
  if (words.length < 2 || !/^[\x20-\x7e€£¥]*$/.test(str)) return uniform();
  const spaces = str.trim().length - words.reduce((n, w) => n + w.text.length, 0);
  const modelled = words.map((w) => [...w.text].reduce((sum, ch) => sum + glyphEm(ch), 0) * size);
  const total = modelled.reduce((a, b) => a + b, 0);
  // A space is a tenth of an em to a wide word space; a font wider or narrower than the model
  // takes the rest in its letters.
  const space = spaces > 0 ? Math.min(0.3 * size, Math.max(0.1 * size, (width - total) / spaces)) : 0;
  const fit = (width - space * spaces) / total;
  if (!(fit > 0.5 && fit < 2)) return uniform();
  const glyphs = modelled.map((g) => g * fit);
  const room = space * spaces;
  const lead = str.length - str.trimStart().length;
  let x = lead * perChar;
  return words.map((w, i) => {
    const next = words[i + 1];
    const x0 = x;
    const x1 = x0 + (glyphs[i] as number);
    const gaps = next ? next.start - (w.start + w.text.length) : 0;
    x = x1 + (spaces > 0 ? (room * gaps) / spaces : 0);
    return { text: w.text, x0, x1 };
  });
}

/**
 * A page's text runs → words with boxes (0–1, top-left origin). A run holding several words
 * ("Total revenue", or "2019   2018" from generators that pad with spaces) is split, each word
 * placed by its letters' widths (pdfjs gives a run's width, not its glyphs').
 */
export function wordsFromItems(page: PdfPageItems): LayoutWord[] {
  const { width: pw, height: ph } = page;
  if (!(pw > 0 && ph > 0)) return [];
  const words: LayoutWord[] = [];
  for (const [i, [str, x, y, width, size]] of page.items.entries()) {
    if (isSuperscriptMark(page.items, i)) continue;
    const height = size > 0 ? size : 10;
    const top = (y - height * 0.8) / ph;
    const bottom = (y + height * 0.2) / ph;
    for (const w of wordSpans(str, width, height)) {
      const box: Box = [(x + w.x0) / pw, top, (x + w.x1) / pw, bottom];
      const last = words.at(-1);
      // Dot leaders set spaced (". . . . .", as filings print them) are one leader, as "....." is:
      // a word each, they were read as a line of symbols (the page sent to OCR as unreadable).
      if (last && isLeaderDots(w.text) && isLeaderDots(last.text) && sameRun(last.box, box)) {
        last.text += w.text;
        last.box = [last.box[0], last.box[1], box[2], last.box[3]];
      } else words.push({ text: w.text, box });
    }
  }
  return words;
}

const isLeaderDots = (text: string) => /^[.·…]+$/.test(text);

/** Two words on one baseline, the second close after the first (a few spaces at most). */
function sameRun(a: Box, b: Box): boolean {
  const height = a[3] - a[1];
  return Math.abs(a[1] - b[1]) < height * 0.2 && b[0] >= a[0] && b[0] - a[2] < height * 1.5;
}

/** Reads a PDF into lines with page and line numbers. Throws DocumentError with a readable message. */
export async function loadPdf(bytes: Uint8Array, options: LoadPdfOptions = {}): Promise<ExtractedDocument> {
  if (bytes.length < 5 || Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-') === -1) {
    throw new DocumentError('The file is not a readable PDF (it is damaged or not a PDF)');
  }
  const parsed = options.inThread
    ? await readInThread(bytes)
    : await pool.read(bytes, options.timeoutMs ?? DEFAULT_PDF_TIMEOUT_MS);
  const layout = parsed.pages.map((page, i) => {
    const turn = pageTurn(page);
    const read = turn ? turnedItems(page, turn) : page;
    const built = layoutPageFromWords({
      number: page.number ?? i + 1,
      width: read.width,
      height: read.height,
      source: 'text',
      words: wordsFromItems(read),
    });
    if (turn) {
      unturnLayout(built, turn);
      built.width = page.width;
      built.height = page.height;
    }
    return built;
  });
  // Scanned pages (no usable text layer) are rendered and OCR'd (pdf-ocr.ts).
  const ocrNotes = await ocrTextlessPages(bytes, layout);
  linkContinuedTables(layout);
  const doc: ExtractedDocument = { kind: 'pdf', lines: textLinesFromLayout(layout), layout };
  const textless = layout.filter((page) => page.words.length === 0).map((page) => page.number);
  if (textless.length > 0 && textless.length === layout.length && layout.length > 0) {
    doc.notes = [
      layout.length === 1
        ? 'The PDF page is an image and no text could be read'
        : 'The PDF pages are images and no text could be read',
    ];
  } else if (textless.length > 0) {
    doc.notes = textless.map((n) => `Page ${n} is an image and no text could be read`);
  }
  if (ocrNotes.length) doc.notes = [...(doc.notes ?? []), ...ocrNotes];
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  if (parsed.title?.trim()) doc.title = parsed.title.trim();
  if (parsed.engine) doc.textEngine = parsed.engine;
  return doc;
}
