import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { DocumentError } from '../errors';
import { type Box, type LayoutWord, roundBox } from './layout';

/**
 * Offline OCR (DESIGN §11): image bytes → words with 0–1 boxes and confidence.
 *
 * - The engine is tesseract.js 7 with the English LSTM model from the installed
 *   @tesseract.js-data/eng package: no download at run time, ever (langPath is a directory inside
 *   node_modules, which tesseract.js reads from disk).
 * - Recognition runs in tesseract.js' own worker threads, so the API's event loop stays free;
 *   image preparation runs in sharp (libvips on the libuv thread pool).
 * - A small pool (≤ 2 workers on this 2-core machine) reuses workers: a worker start costs ~0.3 s.
 *   A page past its time cap kills its worker (a fresh one takes its place); an image over the
 *   pixel cap is scaled down first, which bounds the engine's memory.
 */

export interface OcrResult {
  /** The image's size in pixels, after EXIF orientation. */
  width: number;
  height: number;
  words: LayoutWord[];
  /** Mean word confidence, 0–1 (0 when no words were read). */
  confidence: number;
  /** Seconds spent in recognition (preparation included). */
  seconds: number;
}

export interface OcrOptions {
  /** Kill recognition of this page after this long. */
  timeoutMs?: number;
  /** Tesseract page segmentation mode: '6' (one block; auto '3' drops right-hand columns of amounts). */
  pageSegMode?: string;
}

const DEFAULT_PAGE_TIMEOUT_MS = 60_000;
/** Pixels the engine is given at most (≈ a letter page at 300 dpi, 2550 × 3300 ≈ 8.4 MP). */
const MAX_PIXELS = 12_000_000;
/** Below this width text is usually too small for the model: such images are upscaled. */
const MIN_WIDTH = 900;
const MAX_UPSCALE = 3;
let poolSize = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
/** Kept warm between jobs (a start costs ~0.3 s plus the model load); an idle worker holds ~40 MB. */
const WORKER_IDLE_MS = 10 * 60_000;
const JOBS_PER_WORKER = 500;
/** Words below this confidence are noise from specks, lines and textures. */
const MIN_WORD_CONFIDENCE = 0.2;

let langPathCache: string | undefined;
/** The directory of the installed English model (inside node_modules). */
export function ocrLangPath(): string {
  if (!langPathCache) {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));
    langPathCache = path.join(root, '4.0.0_best_int');
  }
  return langPathCache;
}

function ocrCachePath(): string {
  return path.join(os.tmpdir(), 'sieve-tesseract-cache');
}

// ---------------------------------------------------------------------------------------------
// Image preparation

export interface PreparedImage {
  png: Buffer;
  /** Size after EXIF orientation (what the user sees). */
  width: number;
  height: number;
  /** Size of the prepared image (what the engine reads). */
  preparedWidth: number;
  preparedHeight: number;
}

/**
 * EXIF orientation applied, grayscale, contrast stretched, small images upscaled (tesseract
 * reads best at ~30 px capitals), huge ones scaled down to the pixel cap.
 */
export async function prepareImage(bytes: Uint8Array, options: PrepareOptions = {}): Promise<PreparedImage> {
  let image: Sharp;
  let width: number;
  let height: number;
  try {
    image = sharp(bytes, { limitInputPixels: 100_000_000, failOn: 'error' }).rotate();
    const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    width = (swap ? meta.height : meta.width) ?? 0;
    height = (swap ? meta.width : meta.height) ?? 0;
  } catch (error) {
    throw new DocumentError('The image could not be read (it is damaged or too large)', { cause: error });
  }
  if (!width || !height) throw new DocumentError('The image could not be read (it has no size)');

  return prepareFrom(image, width, height, options);
}

export interface PrepareOptions {
  /**
   * Gaussian blur (sigma in the image's own pixels) instead of the median: print broken into
   * dots or worn strokes becomes solid strokes again (dot-matrix, a worn thermal head).
   */
  soften?: number;
}

/** A rendered page's RGBA pixels → the engine's input. */
export function preparePixels(rgba: Uint8Array, width: number, height: number): Promise<PreparedImage> {
  return prepareFrom(sharp(rgba, { raw: { width, height, channels: 4 } }), width, height);
}

async function prepareFrom(
  image: Sharp,
  width: number,
  height: number,
  options: PrepareOptions = {},
): Promise<PreparedImage> {
  let scale = 1;
  if (width < MIN_WIDTH) scale = Math.min(MAX_UPSCALE, MIN_WIDTH / width);
  if (width * height * scale * scale > MAX_PIXELS) scale = Math.sqrt(MAX_PIXELS / (width * height));
  const preparedWidth = Math.max(1, Math.round(width * scale));
  const preparedHeight = Math.max(1, Math.round(height * scale));
  try {
    let pipeline = image.flatten({ background: '#ffffff' }).grayscale();
    if (scale !== 1) pipeline = pipeline.resize(preparedWidth, preparedHeight, { kernel: 'lanczos3' });
    if (options.soften) pipeline = pipeline.blur(Math.max(0.3, options.soften * scale));
    // Specks and paper grain become blobs the engine tries to read (slow and noisy): a 3 × 3
    // median removes them and keeps strokes, which are wider than that once upscaled.
    else pipeline = pipeline.median(3);
    // Light falling unevenly (a shadow, a gradient across a photographed slip) is divided out,
    // so that one threshold suits the whole page.
    const raw = await pipeline.raw().toBuffer({ resolveWithObject: true });
    if (raw.info.channels === 1) flattenBackground(raw.data, raw.info.width, raw.info.height);
    const gray = await sharp(raw.data, {
      raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    // Stretch faded thermal print and low-contrast photos to the full range. Not by percentiles
    // (normalise): on a sparse page ink is under 1 % of the pixels and would be stretched away.
    const { channels } = await sharp(gray).stats();
    const { min = 0, max = 255 } = channels[0] ?? {};
    let stretched = sharp(gray);
    if (max - min >= 40 && max - min < 200) {
      const a = 255 / (max - min);
      stretched = stretched.linear(a, -min * a);
    }
    const png = await stretched.png({ compressionLevel: 1 }).toBuffer();
    return { png, width, height, preparedWidth, preparedHeight };
  } catch (error) {
    throw new DocumentError('The image could not be read (it is damaged or too large)', { cause: error });
  }
}

const BLOCK = 24;
/** Background brightness varying by more than this across the page is uneven light. */
const UNEVEN_LIGHT = 28;

/**
 * Estimates the paper's brightness per block (a bright percentile, which skips the ink) and,
 * when it varies across the page, divides each pixel by it (flat-field correction), in place.
 * Returns whether it changed anything.
 */
export function flattenBackground(gray: Uint8Array, width: number, height: number): boolean {
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  if (bw < 3 || bh < 3) return false;
  const background = new Float32Array(bw * bh);
  const histogram = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      histogram.fill(0);
      let count = 0;
      const y1 = Math.min(height, (by + 1) * BLOCK);
      const x1 = Math.min(width, (bx + 1) * BLOCK);
      for (let y = by * BLOCK; y < y1; y++)
        for (let x = bx * BLOCK; x < x1; x++) {
          histogram[gray[y * width + x] as number] = (histogram[gray[y * width + x] as number] as number) + 1;
          count++;
        }
      // The 80th percentile: paper even where text is dense, not a lone white speck.
      let seen = 0;
      let level = 255;
      for (let v = 0; v < 256; v++) {
        seen += histogram[v] as number;
        if (seen >= count * 0.8) {
          level = v;
          break;
        }
      }
      background[by * bw + bx] = level;
    }
  }
  const sorted = Float32Array.from(background).sort();
  const low = sorted[Math.floor(sorted.length * 0.05)] as number;
  const high = sorted[Math.floor(sorted.length * 0.95)] as number;
  if (high - low < UNEVEN_LIGHT || high < 40) return false;
  // Smooth the block map (3 × 3 mean) so block edges do not show.
  const smooth = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = by + dy;
          const xx = bx + dx;
          if (yy < 0 || yy >= bh || xx < 0 || xx >= bw) continue;
          sum += background[yy * bw + xx] as number;
          n++;
        }
      smooth[by * bw + bx] = Math.max(16, sum / n);
    }
  // Divide by the bilinearly interpolated background; the page's brightest paper stays white.
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / BLOCK - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / BLOCK - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const top = (smooth[y0 * bw + x0] as number) * (1 - tx) + (smooth[y0 * bw + x1] as number) * tx;
      const bottom = (smooth[y1 * bw + x0] as number) * (1 - tx) + (smooth[y1 * bw + x1] as number) * tx;
      const bg = top * (1 - ty) + bottom * ty;
      const i = y * width + x;
      gray[i] = Math.min(255, Math.round(((gray[i] as number) * high) / bg));
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The worker pool

interface OcrJob {
  image: Buffer;
  pageSegMode: string;
  timeoutMs: number;
  resolve: (page: TesseractPage) => void;
  reject: (error: Error) => void;
}

interface PoolSlot {
  worker: Promise<TesseractWorker>;
  job: OcrJob | null;
  jobsDone: number;
  pageSegMode: string | undefined;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TesseractPage {
  words: TesseractWord[];
  rotateRadians: number;
}

/** Tesseract's TSV: level 5 rows are words (left, top, width, height in pixels, conf 0–100). */
export function wordsFromTsv(tsv: string): TesseractWord[] {
  const words: TesseractWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const [left, top, width, height, conf] = cols.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const text = cols.slice(11).join('\t');
    if (!text.trim() || !Number.isFinite(left)) continue;
    words.push({ text, confidence: conf, bbox: { x0: left, y0: top, x1: left + width, y1: top + height } });
  }
  return words;
}

class OcrWorkerPool {
  private readonly slots: PoolSlot[] = [];
  private readonly queue: OcrJob[] = [];

  recognize(image: Buffer, pageSegMode: string, timeoutMs: number): Promise<TesseractPage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ image, pageSegMode, timeoutMs, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < poolSize) slot = this.spawn();
      if (!slot) return;
      void this.run(slot, this.queue.shift() as OcrJob);
    }
  }

  private spawn(): PoolSlot {
    const worker = createWorker('eng', OEM.LSTM_ONLY, {
      langPath: ocrLangPath(),
      gzip: true,
      cachePath: ocrCachePath(),
      // Errors reach us through the rejected promise; tesseract.js would otherwise throw them.
      errorHandler: () => {},
    });
    const slot: PoolSlot = {
      worker,
      job: null,
      jobsDone: 0,
      pageSegMode: undefined,
      timer: undefined,
      idleTimer: undefined,
    };
    this.slots.push(slot);
    return slot;
  }

  private async run(slot: PoolSlot, job: OcrJob) {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    const timedOut = new Promise<never>((_, reject) => {
      slot.timer = setTimeout(
        () => reject(new DocumentError(`Reading the image took longer than ${job.timeoutMs / 1000} s`)),
        job.timeoutMs,
      );
    });
    try {
      const page = await Promise.race([this.recognizeOn(slot, job), timedOut]);
      clearTimeout(slot.timer);
      slot.job = null;
      slot.jobsDone += 1;
      job.resolve(page);
      if (slot.jobsDone >= JOBS_PER_WORKER) this.retire(slot);
      else {
        slot.idleTimer = setTimeout(() => this.retire(slot), WORKER_IDLE_MS);
        slot.idleTimer.unref();
      }
    } catch (error) {
      clearTimeout(slot.timer);
      // A timed-out or failed worker is not reused: its state is unknown.
      this.retire(slot);
      job.reject(
        error instanceof DocumentError
          ? error
          : new DocumentError('The image could not be read by the text recogniser', { cause: error }),
      );
    }
    this.dispatch();
  }

  private async recognizeOn(slot: PoolSlot, job: OcrJob): Promise<TesseractPage> {
    const worker = await slot.worker;
    if (slot.pageSegMode !== job.pageSegMode) {
      await worker.setParameters({
        tessedit_pageseg_mode: job.pageSegMode as never,
        preserve_interword_spaces: '1',
        user_defined_dpi: '300',
      });
      slot.pageSegMode = job.pageSegMode;
    }
    // TSV, not the block tree: a string crosses the thread boundary cheaply, where the tree of
    // blocks → symbols → choices costs the event loop a large structured clone per page.
    const { data } = await worker.recognize(job.image, { rotateAuto: true }, { tsv: true, text: false });
    const words = wordsFromTsv(data.tsv ?? '');
    return { words, rotateRadians: (data as { rotateRadians?: number }).rotateRadians ?? 0 };
  }

  private retire(slot: PoolSlot) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.worker.then(
      (w) => w.terminate().catch(() => {}),
      () => {},
    );
  }

  async close() {
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.timer);
      clearTimeout(slot.idleTimer);
    }
    await Promise.all(
      slots.map((s) =>
        s.worker.then(
          (w) => w.terminate().catch(() => {}),
          () => {},
        ),
      ),
    );
  }
}

const pool = new OcrWorkerPool();

/** Tesseract workers this thread keeps at most (the extraction pool shares the cores between threads). */
export function setOcrPoolSize(size: number) {
  poolSize = Math.max(1, Math.floor(size));
}
const closers = new Set<() => Promise<void>>();

/** Registers another OCR resource (the PDF page renderer) to stop with the pool. */
export function onOcrClose(close: () => Promise<void>) {
  closers.add(close);
}

/** Stops the OCR workers (graceful shutdown, tests); the next page starts fresh ones. */
export async function closeOcrWorkers(): Promise<void> {
  await Promise.all([pool.close(), ...[...closers].map((close) => close())]);
}

// ---------------------------------------------------------------------------------------------

/** Below this mean word confidence an image is read a second time, softened. */
const RETRY_CONFIDENCE = 0.7;
/** The softening blur, as a share of the text's height (≈ 1.2 px for 8-pt print at 150 dpi). */
const SOFTEN_PER_TEXT_HEIGHT = 0.1;
const SOFTEN_MIN = 1;
const SOFTEN_MAX = 2.5;

/**
 * How much a reading says: the letters and digits of its confidently read words, weighted by
 * confidence. A reading of specks has many words but few sure ones; a reading that lost half the
 * page has sure words but few of them.
 */
export function readingScore(result: Pick<OcrResult, 'words'>): number {
  let score = 0;
  for (const word of result.words) {
    const confidence = word.confidence ?? 0;
    if (confidence < 0.6) continue;
    score += (word.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) * confidence;
  }
  return score;
}

/** The median height of the words read, in the image's own pixels. */
function medianWordHeight(result: OcrResult): number {
  // Words, not specks: a poor reading is full of one-character blobs smaller than the text.
  const words = result.words.filter(
    (w) => (w.confidence ?? 0) >= 0.5 && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2,
  );
  const heights = (words.length >= 3 ? words : result.words)
    .map((w) => (w.box[3] - w.box[1]) * result.height)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

/**
 * Image bytes (PNG, JPEG, WebP, GIF, TIFF) → words with boxes and confidence. A poorly read image
 * (dot-matrix print, worn thermal head: strokes broken into dots) is read again softened — a
 * Gaussian blur of about a tenth of the text's height joins the dots into strokes, where the
 * engine's own binarisation sees a scatter of specks — and the more confident reading is kept.
 */
export async function ocrImage(bytes: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  const started = performance.now();
  const prepared = await prepareImage(bytes);
  const first = await ocrPrepared(prepared, options, started);
  if (first.confidence >= RETRY_CONFIDENCE || first.words.length === 0) return first;
  const textHeight = medianWordHeight(first);
  if (!textHeight) return first;
  let softened: PreparedImage;
  try {
    const soften = Math.max(SOFTEN_MIN, Math.min(SOFTEN_MAX, textHeight * SOFTEN_PER_TEXT_HEIGHT));
    softened = await prepareImage(bytes, { soften });
  } catch {
    return first;
  }
  const second = await ocrPrepared(softened, options, started);
  return readingScore(second) > readingScore(first) ? second : { ...first, seconds: second.seconds };
}

/** OCR of an already prepared (grayscale PNG) image. */
export async function ocrPrepared(
  prepared: PreparedImage,
  options: OcrOptions = {},
  started = performance.now(),
): Promise<OcrResult> {
  const page = await pool.recognize(
    prepared.png,
    options.pageSegMode ?? '6',
    options.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS,
  );
  const sx = 1 / prepared.preparedWidth;
  const sy = 1 / prepared.preparedHeight;
  const words: LayoutWord[] = [];
  let confidenceSum = 0;
  for (const word of page.words) {
    const text = word.text.trim();
    const confidence = Math.max(0, Math.min(1, word.confidence / 100));
    if (!text || confidence < MIN_WORD_CONFIDENCE) continue;
    // Mostly punctuation at low confidence is a speck or a rule line, not text.
    if (!/[\p{L}\p{N}]/u.test(text) && confidence < 0.6) continue;
    const { x0, y0, x1, y1 } = word.bbox;
    const box: Box = roundBox([x0 * sx, y0 * sy, x1 * sx, y1 * sy]);
    words.push({ text, box, confidence: Math.round(confidence * 1000) / 1000 });
    confidenceSum += confidence;
  }
  return {
    width: prepared.width,
    height: prepared.height,
    words,
    confidence: words.length ? Math.round((confidenceSum / words.length) * 1000) / 1000 : 0,
    seconds: (performance.now() - started) / 1000,
  };
}
