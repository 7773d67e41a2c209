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
 * bundle in dist/.
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
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.paths.moduleUrl);
  const task = pdfjs.getDocument({
    data: workerData.bytes,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl: workerData.paths.cMapUrl,
    cMapPacked: true,
    standardFontDataUrl: workerData.paths.standardFontDataUrl,
  });
  const doc = await task.promise;
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
  await doc.destroy();
  parentPort.postMessage({ ok: true, pages, title });
})().catch((error) => {
  parentPort.postMessage({ ok: false, name: error && error.name, message: String(error && error.message) });
});
`;

type WorkerReply =
  | { ok: true; pages: PdfItem[][]; title?: string }
  | { ok: false; name?: string; message: string };

export interface LoadPdfOptions {
  /** Parse on the calling thread (benchmarks, comparisons). Default: a worker thread. */
  inThread?: boolean;
  /** Kill the parse after this long. */
  timeoutMs?: number;
  sourceUrl?: string;
}

const DEFAULT_PDF_TIMEOUT_MS = 120_000;

function readInWorker(bytes: Uint8Array, timeoutMs: number): Promise<PdfPages> {
  // A private copy: the worker may detach or keep its buffer; the caller's stays intact.
  const copy = new Uint8Array(bytes);
  return new Promise<PdfPages>((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: { bytes: copy, paths: resolvePdfjs() },
      transferList: [copy.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: 768 },
    });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () => finish(() => reject(new DocumentError(`The PDF took longer than ${timeoutMs / 1000} s to read`))),
      timeoutMs,
    );
    worker.on('message', (reply: WorkerReply) =>
      finish(() => {
        if (reply.ok) resolve({ pages: reply.pages, ...(reply.title ? { title: reply.title } : {}) });
        else reject(pdfError(reply.name, reply.message));
      }),
    );
    worker.on('error', (error) => finish(() => reject(pdfError(error.name, error.message))));
    worker.on('exit', (code) =>
      finish(() =>
        reject(new DocumentError(`The PDF could not be read (the reader stopped with code ${code})`)),
      ),
    );
  });
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
    : await readInWorker(bytes, options.timeoutMs ?? DEFAULT_PDF_TIMEOUT_MS);
  const pages = parsed.pages.map((items, i) => groupLines(items, i + 1));
  const doc: ExtractedDocument = { kind: 'pdf', lines: pages.flat() };
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  if (parsed.title?.trim()) doc.title = parsed.title.trim();
  return doc;
}
