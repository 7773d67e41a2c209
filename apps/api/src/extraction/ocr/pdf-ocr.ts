import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { DocumentError } from '../errors';
import type { LayoutPage, LayoutWord } from '../model/layout';
import { layoutPageFromWords } from '../model/layout-builder';
import { ocrNote } from '../readers/image';
import { pdfjsSetup } from '../readers/pdfjs-setup';
import { preparePixels } from './image-prep';
import { ocrPrepared, readInPageLanguage, readUpright } from './ocr';
import { onOcrClose } from './worker-pool';

/**
 * PDF pages without a usable text layer → rendered at 300 dpi (8-pt print is ~33 px tall there,
 * what the model reads best) → OCR'd words with boxes. Rendering runs in a worker thread with
 * pdfjs' own canvas (STACK: the document's canvasFactory), so the API's event loop never renders;
 * recognition runs in the OCR pool.
 */

export interface OcrPdfPage {
  /** 1-based page number. */
  number: number;
  /** The page's size in PDF points. */
  width: number;
  height: number;
  words: LayoutWord[];
  /** Mean word confidence, 0–1. */
  ocrConfidence: number;
  /** Seconds spent rendering and reading the page. */
  seconds: number;
  /** The clockwise quarter turn the scan was read at, when it was scanned sideways or upside down. */
  turn?: 90 | 180 | 270;
}

export const OCR_RENDER_DPI = 300;
const RENDER_TIMEOUT_MS = 60_000;
/** Pixels a rendered page may have at most (a page larger than A3 is rendered at a lower dpi). */
const MAX_RENDER_PIXELS = 16_000_000;
const WORKER_IDLE_MS = 30_000;

// The worker: imports pdfjs once, renders the asked pages of one PDF per message, returns RGBA.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const setup = workerData.setup;
const pdfjsReady = import(setup.moduleUrl);
async function render(bytes, pages, dpi, maxPixels) {
  const pdfjs = await pdfjsReady;
  const doc = await pdfjs.getDocument({ ...setup.options, data: bytes }).promise;
  try {
    const out = [];
    for (const n of pages) {
      if (n < 1 || n > doc.numPages) continue;
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      let scale = dpi / 72;
      if (base.width * base.height * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (base.width * base.height));
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.floor(viewport.width));
      const height = Math.max(1, Math.floor(viewport.height));
      const { canvas, context } = doc.canvasFactory.create(width, height);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvasContext: context, canvas, viewport }).promise;
      const pixels = context.getImageData(0, 0, width, height).data;
      out.push({ number: n, pageWidth: base.width, pageHeight: base.height, width, height, pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength) });
      doc.canvasFactory.destroy({ canvas, context });
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}
parentPort.on('message', ({ id, bytes, pages, dpi, maxPixels }) => {
  render(bytes, pages, dpi, maxPixels).then(
    (out) => parentPort.postMessage({ id, ok: true, pages: out }, out.map((p) => p.pixels.buffer)),
    (error) => parentPort.postMessage({ id, ok: false, message: String(error && error.message) }),
  );
});
`;

interface RenderedPage {
  number: number;
  pageWidth: number;
  pageHeight: number;
  width: number;
  height: number;
  pixels: Uint8Array;
}

type Reply = { id: number; ok: true; pages: RenderedPage[] } | { id: number; ok: false; message: string };

/** One render worker, one PDF at a time (pages are OCR'd in the pool while the next renders). */
class PdfRenderer {
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private chain: Promise<unknown> = Promise.resolve();

  render(bytes: Uint8Array, pages: number[], dpi: number): Promise<RenderedPage[]> {
    const run = this.chain.then(() => this.renderNow(bytes, pages, dpi));
    this.chain = run.catch(() => {});
    return run;
  }

  private renderNow(bytes: Uint8Array, pages: number[], dpi: number): Promise<RenderedPage[]> {
    clearTimeout(this.idleTimer);
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<RenderedPage[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        this.kill();
        reject(
          new DocumentError(`Rendering the scanned pages took longer than ${RENDER_TIMEOUT_MS / 1000} s`),
        );
      }, RENDER_TIMEOUT_MS * Math.max(1, pages.length));
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        cleanup();
        if (reply.ok) resolve(reply.pages);
        else reject(new DocumentError(`The scanned pages could not be rendered: ${reply.message}`));
      };
      const onExit = (code: number) => {
        cleanup();
        this.worker = undefined;
        reject(
          new DocumentError(
            `The scanned pages could not be rendered (the renderer stopped with code ${code})`,
          ),
        );
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.unref();
        this.idleTimer = setTimeout(() => this.kill(), WORKER_IDLE_MS);
        this.idleTimer.unref();
      };
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.ref();
      const copy = new Uint8Array(bytes);
      worker.postMessage({ id, bytes: copy, pages, dpi, maxPixels: MAX_RENDER_PIXELS }, [
        copy.buffer as ArrayBuffer,
      ]);
    });
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      this.worker = new Worker(WORKER_SCRIPT, {
        eval: true,
        workerData: { setup: pdfjsSetup() },
        resourceLimits: { maxOldGenerationSizeMb: 768 },
      });
      this.worker.on('error', () => {});
    }
    return this.worker;
  }

  kill(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    return worker ? worker.terminate().then(() => {}) : Promise.resolve();
  }
}

const renderer = new PdfRenderer();
onOcrClose(() => renderer.kill());

/**
 * The pages of a PDF as grayscale PNG images at `dpi` (for thumbnails and for making scanned
 * test documents); pages past the end are skipped.
 */
export async function rasterisePdf(
  bytes: Uint8Array,
  pages: number[],
  dpi = 150,
): Promise<{ number: number; png: Buffer; width: number; height: number }[]> {
  const rendered = await renderer.render(bytes, pages, dpi);
  return Promise.all(
    rendered.map(async (page) => ({
      number: page.number,
      width: page.width,
      height: page.height,
      png: await sharp(page.pixels, { raw: { width: page.width, height: page.height, channels: 4 } })
        .grayscale()
        .png()
        .toBuffer(),
    })),
  );
}

/** Renders the given pages (1-based) of a PDF and OCRs them, in page order. */
export async function ocrPdfPages(
  bytes: Uint8Array,
  pages: number[],
  options: { dpi?: number } = {},
): Promise<OcrPdfPage[]> {
  if (pages.length === 0) return [];
  const started = performance.now();
  const rendered = await renderer.render(bytes, pages, options.dpi ?? OCR_RENDER_DPI);
  const renderSeconds = (performance.now() - started) / 1000 / Math.max(1, rendered.length);
  return Promise.all(
    rendered.map(async (page) => {
      const pageStarted = performance.now();
      const prepared = await preparePixels(page.pixels, page.width, page.height);
      // A receipt or letter scanned sideways or upside down is read turned upright.
      const english = await readUpright(prepared, await ocrPrepared(prepared), (turn) =>
        preparePixels(page.pixels, page.width, page.height, turn),
      );
      // A German, French or Spanish page is read again with its language's model too.
      const ocr = await readInPageLanguage(english, async (languages) =>
        ocrPrepared(
          english.turn ? await preparePixels(page.pixels, page.width, page.height, english.turn) : prepared,
          { languages },
        ),
      );
      const sideways = ocr.turn === 90 || ocr.turn === 270;
      return {
        number: page.number,
        width: sideways ? page.pageHeight : page.pageWidth,
        height: sideways ? page.pageWidth : page.pageHeight,
        words: ocr.words,
        ocrConfidence: ocr.confidence,
        seconds: renderSeconds + (performance.now() - pageStarted) / 1000,
        ...(ocr.turn ? { turn: ocr.turn } : {}),
      };
    }),
  );
}

/** A page with fewer words than this in its text layer is treated as a scan (a stamped page number aside). */
const MIN_TEXT_LAYER_WORDS = 3;

/**
 * A text layer that is there but says nothing: a font without a map to Unicode gives private-use
 * code points, replacement or control characters, or runs of symbols ("#$%&'") where the words
 * are. Such a page is read from its image, like a scan.
 */
export function unreadableTextLayer(words: { text: string }[]): boolean {
  const text = words.map((w) => w.text).join('');
  if (text.length < 20) return false;
  let garbled = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0xfffd || (code >= 0xe000 && code <= 0xf8ff)) garbled += 1;
  }
  if (garbled / text.length > 0.3) return true;
  const symbolsOnly = words.filter((w) => !/[\p{L}\p{N}]/u.test(w.text)).length;
  return words.length >= 10 && symbolsOnly / words.length > 0.6;
}
/** Pages OCR'd per document at most (≈ 2–4 s each); later image pages get a note instead. */
export const MAX_OCR_PAGES = 40;

/**
 * The hook loadPdf calls: pages with no usable text layer are rendered and OCR'd, and replace
 * their text-layer page in `layout` (same number, source 'ocr'). A page that still yields no
 * readable text is left with no words (loadPdf notes it); a page read only with low confidence
 * gets a note here. Returns the notes.
 */
export async function ocrTextlessPages(bytes: Uint8Array, layout: LayoutPage[]): Promise<string[]> {
  const textless = layout
    .filter((p) => p.words.length < MIN_TEXT_LAYER_WORDS || unreadableTextLayer(p.words))
    .map((p) => p.number);
  if (textless.length === 0) return [];
  const notes: string[] = [];
  const chosen = textless.slice(0, MAX_OCR_PAGES);
  if (textless.length > chosen.length) {
    notes.push(
      `Only the first ${MAX_OCR_PAGES} scanned pages were read; pages ${textless[MAX_OCR_PAGES]}–${textless.at(-1)} were not`,
    );
  }
  const pages = await ocrPdfPages(bytes, chosen);
  for (const ocr of pages) {
    const index = layout.findIndex((p) => p.number === ocr.number);
    const original = layout[index];
    if (!original) continue;
    const note = ocrNote(`Page ${ocr.number}`, ocr.words, ocr.ocrConfidence);
    // Nothing readable: keep the text layer's few words (loadPdf notes an empty page).
    if (note?.includes('no text could be read')) continue;
    if (note) notes.push(note);
    layout[index] = layoutPageFromWords({
      number: ocr.number,
      width: ocr.width,
      height: ocr.height,
      source: 'ocr',
      // The scan holds everything the text layer's stray words (a stamped page number) did.
      words: ocr.words,
      ocrConfidence: ocr.ocrConfidence,
    });
    if (ocr.turn && layout[index]) (layout[index] as LayoutPage).turn = ocr.turn;
  }
  return notes;
}
