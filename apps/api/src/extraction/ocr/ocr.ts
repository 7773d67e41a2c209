import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { DocumentError } from '../errors';
import { type Box, type LayoutWord, roundBox, unionBox } from '../model/layout';
import { maskedCardNumber } from './ocr-numbers';

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
  /** The image's size in pixels, after EXIF orientation (and the turn, if any). */
  width: number;
  height: number;
  words: LayoutWord[];
  /** Mean word confidence, 0–1 (0 when no words were read). */
  confidence: number;
  /** Seconds spent in recognition (preparation included). */
  seconds: number;
  /**
   * The quarter turn (clockwise) the image was read at, when it was scanned sideways or upside
   * down; width, height and the words' boxes are those of the turned, upright image.
   */
  turn?: QuarterTurn;
}

/** A clockwise turn in degrees. */
export type QuarterTurn = 90 | 180 | 270;

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
  /** The part of the image prepared, when only its content on a large background is read. */
  crop?: Rectangle;
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
    image = sharp(bytes, { limitInputPixels: 100_000_000, failOn: 'error', autoOrient: true });
    if (options.turn) image = image.rotate(options.turn);
    const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    const swap = (meta.orientation ?? 1) >= 5 !== (options.turn === 90 || options.turn === 270);
    width = (swap ? meta.height : meta.width) ?? 0;
    height = (swap ? meta.width : meta.height) ?? 0;
  } catch (error) {
    throw new DocumentError('The image could not be read (it is damaged or too large)', { cause: error });
  }
  if (!width || !height) throw new DocumentError('The image could not be read (it has no size)');

  const crop = await contentCrop(bytes, width, height, options.turn).catch(() => undefined);
  if (!crop) return prepareFrom(image, width, height, options);
  const prepared = await prepareFrom(image.extract(crop), crop.width, crop.height, options);
  return { ...prepared, width, height, crop };
}

/** The thumbnail the content is looked for in (its longer side, in pixels). */
const CROP_THUMBNAIL = 1000;
/** Cropped only when the content is at most this share of the image… */
const CROP_MAX_SHARE = 0.6;
/** …and kept with this margin around it (a share of the image's longer side). */
const CROP_MARGIN = 0.015;

/**
 * Where the content lies on a large even background: a small receipt in the middle of an A4
 * flatbed scan (white all round), a slip photographed on a dark table. The background is the
 * image's border; the content is what differs from it (ink on white, paper on a table). Reading
 * only the content lets a small receipt be enlarged to the size the engine reads best, and keeps
 * the table's grain from being read as letters. None when the border is no even background or the
 * content fills most of the image or reaches its border (light falling unevenly darkens a corner as
 * much as a table would). In the image's own (oriented) pixels.
 */
export async function contentCrop(
  bytes: Uint8Array,
  width: number,
  height: number,
  turn?: QuarterTurn,
): Promise<Rectangle | undefined> {
  let thumb = sharp(bytes, { limitInputPixels: 100_000_000, autoOrient: true });
  if (turn) thumb = thumb.rotate(turn);
  const { data, info } = await thumb
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(CROP_THUMBNAIL, CROP_THUMBNAIL, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = contentBox(data, info.width, info.height);
  if (!box) return undefined;
  const sx = width / info.width;
  const sy = height / info.height;
  const margin = Math.round(CROP_MARGIN * Math.max(width, height));
  const left = Math.max(0, Math.floor(box.left * sx) - margin);
  const top = Math.max(0, Math.floor(box.top * sy) - margin);
  const right = Math.min(width, Math.ceil((box.left + box.width) * sx) + margin);
  const bottom = Math.min(height, Math.ceil((box.top + box.height) * sy) + margin);
  if ((right - left) * (bottom - top) > CROP_MAX_SHARE * width * height) return undefined;
  // On white, cropping helps only where it lets small print be enlarged; a page read whole as it
  // is keeps its reading (its blocks side by side are read as before).
  if (box.background > 150 && right - left >= MIN_WIDTH) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}

/** Ink covers at most this share of a slip's box (print is sparse; a shadow is not). */
const MAX_INK_SHARE = 0.3;

/** The box of what differs from an even border, in a grayscale image's pixels. */
export function contentBox(
  gray: Uint8Array,
  width: number,
  height: number,
): (Rectangle & { background: number }) | undefined {
  if (width < 32 || height < 32) return undefined;
  const frame = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const border: number[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (y < frame || y >= height - frame || x < frame || x >= width - frame)
        border.push(gray[y * width + x] as number);
  border.sort((a, b) => a - b);
  const at = (share: number) => border[Math.floor(share * (border.length - 1))] as number;
  const background = at(0.5);
  const spread = at(0.95) - at(0.05);
  // A border this uneven is a scene (a cluttered desk), or the content itself running off the edge.
  if (spread > 90) return undefined;
  // A light border is a scanner's lid or the slip's own paper: even, unless the light is uneven
  // (then what differs from it is shade, not content).
  if (background > 150 && spread > 40) return undefined;
  const delta = Math.max(30, spread + 15);
  const rows = new Uint32Array(height);
  const columns = new Uint32Array(width);
  let darker = 0;
  let lighter = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const difference = (gray[y * width + x] as number) - background;
      if (Math.abs(difference) <= delta) continue;
      if (difference < 0) darker++;
      else lighter++;
      rows[y] = (rows[y] as number) + 1;
      columns[x] = (columns[x] as number) + 1;
    }
  // A row or column of content holds more than a speck or two of dust.
  const span = (counts: Uint32Array) => {
    const min = 3;
    let first = -1;
    let last = -1;
    for (let i = 0; i < counts.length; i++)
      if ((counts[i] as number) >= min) {
        if (first < 0) first = i;
        last = i;
      }
    return first < 0 ? undefined : ([first, last + 1] as const);
  };
  const ys = span(rows);
  const xs = span(columns);
  if (!ys || !xs) return undefined;
  // Content reaching into the border: the light falls unevenly, or the slip runs off the image.
  if (xs[0] < frame || ys[0] < frame || xs[1] > width - frame || ys[1] > height - frame) return undefined;
  // Ink on paper is sparse; a dense patch darker than the paper is a shadow, not a slip.
  const area = (xs[1] - xs[0]) * (ys[1] - ys[0]);
  if (darker > lighter && darker > MAX_INK_SHARE * area) return undefined;
  return { left: xs[0], top: ys[0], width: xs[1] - xs[0], height: ys[1] - ys[0], background };
}

export interface PrepareOptions {
  /**
   * Gaussian blur (sigma in the image's own pixels) instead of the median: print broken into
   * dots or worn strokes becomes solid strokes again (dot-matrix, a worn thermal head).
   */
  soften?: number;
  /**
   * Whiten rules and borders (report pages scanned to PDF: a rule under a spanning heading loses
   * the heading). Not on photos and slips: bold print set tight has runs as long as a short rule.
   */
  removeRules?: boolean;
  /** Turn the image clockwise first (after EXIF orientation): it was scanned sideways or upside down. */
  turn?: QuarterTurn;
}

/** A rendered page's RGBA pixels → the engine's input. */
export function preparePixels(
  rgba: Uint8Array,
  width: number,
  height: number,
  turn?: QuarterTurn,
): Promise<PreparedImage> {
  let image = sharp(rgba, { raw: { width, height, channels: 4 } });
  if (!turn) return prepareFrom(image, width, height, { removeRules: true });
  image = image.rotate(turn);
  const sideways = turn !== 180;
  return prepareFrom(image, sideways ? height : width, sideways ? width : height, {
    removeRules: true,
    turn,
  });
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
    if (raw.info.channels === 1) {
      flattenBackground(raw.data, raw.info.width, raw.info.height);
      if (options.removeRules) removeRuleLines(raw.data, raw.info.width, raw.info.height);
    }
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

/** A straight run of ink at least this long (a share of the page's width or height) is a rule. */
const RULE_SHARE = 0.025;
/** …and never shorter than this, in pixels (a glyph's bar or an em dash is far shorter). */
const RULE_MIN_PX = 40;

/**
 * Rules and borders (a line under a spanning heading, a table's grid) are whitened, in place: the
 * engine reads a rule touching a word as part of it and loses the word ("Company" over its line
 * came back at 44 % or not at all) or reads a border as "|". A rule is a straight run of ink far
 * longer than any glyph's stroke, across or down the page. Returns the rules' pixels whitened.
 */
export function removeRuleLines(gray: Uint8Array, width: number, height: number): number {
  // Ink is darker than half-way between the page's ink and its paper (1st and 99th percentiles).
  const histogram = new Uint32Array(256);
  for (let i = 0; i < gray.length; i++)
    histogram[gray[i] as number] = (histogram[gray[i] as number] as number) + 1;
  const percentile = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v] as number;
      if (seen >= share * gray.length) return v;
    }
    return 255;
  };
  const ink = percentile(0.01);
  const paper = percentile(0.99);
  if (paper - ink < 40) return 0;
  const threshold = (ink + paper) / 2;
  // A rule's anti-aliased edges and the ends a slight skew leaves on the next row are lighter.
  const faint = paper - (paper - ink) * 0.2;
  const rule = new Uint8Array(gray.length);
  const dark = (i: number) => (gray[i] as number) < threshold;
  /** Marks a run and, across it, the faint pixels up to two rows (columns) away. */
  const mark = (start: number, length: number, step: number, across: number, limit: number) => {
    for (let k = 0; k < length; k++) {
      const i = start + k * step;
      rule[i] = 1;
      for (const d of [-2, -1, 1, 2]) {
        const j = i + d * across;
        if (j >= 0 && j < limit && (gray[j] as number) < faint) rule[j] = 1;
      }
    }
  };
  /** A line of pixels (a row or a column): its dark runs of at least `min`, grown over faint ends. */
  const scan = (first: number, count: number, step: number, across: number, min: number) => {
    let run = 0;
    for (let k = 0; k <= count; k++) {
      if (k < count && dark(first + k * step)) {
        run++;
        continue;
      }
      if (run >= min) {
        let from = k - run;
        let to = k;
        while (from > 0 && (gray[first + (from - 1) * step] as number) < faint) from--;
        while (to < count && (gray[first + to * step] as number) < faint) to++;
        mark(first + from * step, to - from, step, across, gray.length);
      }
      run = 0;
    }
  };
  const alongRow = Math.max(RULE_MIN_PX, Math.round(width * RULE_SHARE));
  for (let y = 0; y < height; y++) scan(y * width, width, 1, width, alongRow);
  const alongColumn = Math.max(RULE_MIN_PX, Math.round(height * RULE_SHARE));
  for (let x = 0; x < width; x++) scan(x, height, width, 1, alongColumn);
  let whitened = 0;
  for (let i = 0; i < gray.length; i++)
    if (rule[i]) {
      gray[i] = paper;
      whitened++;
    }
  return whitened;
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
  /** Read only this part of the (deskewed) page, in its pixels. */
  rectangle?: Rectangle;
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

interface Rectangle {
  left: number;
  top: number;
  width: number;
  height: number;
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
    words.push({
      text,
      confidence: conf,
      bbox: { x0: left, y0: top, x1: left + width, y1: top + height },
    });
  }
  return words;
}

class OcrWorkerPool {
  private readonly slots: PoolSlot[] = [];
  private readonly queue: OcrJob[] = [];

  recognize(
    image: Buffer,
    pageSegMode: string,
    timeoutMs: number,
    rectangle?: Rectangle,
  ): Promise<TesseractPage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ image, pageSegMode, timeoutMs, rectangle, resolve, reject });
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
    // With a rectangle the page is deskewed as a whole first, so its words' boxes are the page's.
    const { data } = await worker.recognize(
      job.image,
      { rotateAuto: true, ...(job.rectangle ? { rectangle: job.rectangle } : {}) },
      { tsv: true, text: false },
    );
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
  const first = await readUpright(
    prepared,
    await ocrPrepared(prepared, options, started),
    (turn) => prepareImage(bytes, { turn }),
    options,
    started,
  );
  const turn = first.turn;
  if (first.confidence >= RETRY_CONFIDENCE || first.words.length === 0) return first;
  const textHeight = medianWordHeight(first);
  if (!textHeight) return first;
  let softened: PreparedImage;
  try {
    const soften = Math.max(SOFTEN_MIN, Math.min(SOFTEN_MAX, textHeight * SOFTEN_PER_TEXT_HEIGHT));
    softened = await prepareImage(bytes, { soften, ...(turn ? { turn } : {}) });
  } catch {
    return first;
  }
  const second = await ocrPrepared(softened, options, started);
  if (turn) second.turn = turn;
  return readingScore(second) > readingScore(first) ? second : { ...first, seconds: second.seconds };
}

/** A band of this many pixels at most is read at each quarter turn to tell which way is up. */
const TURN_SAMPLE_PIXELS = 300_000;
/** A turn is taken when it reads this many times better than the image as it came… */
const TURN_GAIN = 2;
/** …and reads at least this much (letters and digits, weighted by confidence) in its band. */
const TURN_MIN_SCORE = 30;

/**
 * Which way up a poorly read image is: a receipt scanned sideways or upside down reads as a
 * scatter of letters at half confidence, much like faded print. A band across the middle of the
 * ink (where the first reading found anything) is read at each quarter turn, and the turn whose
 * band reads clearly better than the first reading did over as much of the page is returned; none
 * when no turn does. Only poor readings are checked, so an upright page costs nothing more.
 */
export async function uprightTurn(
  prepared: PreparedImage,
  first: Pick<OcrResult, 'words'>,
  options: OcrOptions = {},
): Promise<QuarterTurn | undefined> {
  const W = prepared.preparedWidth;
  const H = prepared.preparedHeight;
  // The words' boxes are shares of the whole image; the prepared image may be its content only.
  const crop = prepared.crop ?? { left: 0, top: 0, width: prepared.width, height: prepared.height };
  const ink = unionBox(first.words.map((w) => w.box));
  const px = (share: number) => ((share * prepared.width - crop.left) / crop.width) * W;
  const py = (share: number) => ((share * prepared.height - crop.top) / crop.height) * H;
  const left = Math.max(0, Math.min(W - 1, Math.floor(px(ink[0]))));
  const top = Math.max(0, Math.min(H - 1, Math.floor(py(ink[1]))));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(W, Math.ceil(px(ink[2]))) - left),
    height: Math.max(1, Math.min(H, Math.ceil(py(ink[3]))) - top),
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const bandOf = (turn: 0 | QuarterTurn) => {
    const sideways = turn === 90 || turn === 270;
    const w = sideways ? region.height : region.width;
    const h = sideways ? region.width : region.height;
    // Text as large as the engine reads best when the turned band is narrow, as for a page.
    const scale = w < MIN_WIDTH ? Math.min(MAX_UPSCALE, MIN_WIDTH / w) : 1;
    const height = Math.min(h, Math.max(200, Math.round(TURN_SAMPLE_PIXELS / (w * scale * scale))));
    return { w, h, scale, top: Math.floor((h - height) / 2), height };
  };
  // The image as it came: what the first reading found, for as much of the ink as a band holds.
  const asRead = readingScore(first);
  const threshold = (band: { h: number; height: number }) =>
    Math.max(TURN_MIN_SCORE, (TURN_GAIN * asRead * band.height) / band.h);
  let best: QuarterTurn | undefined;
  let bestGain = 1;
  // Sideways first: a phone photo without its orientation tag is the likelier case.
  for (const turn of [90, 270, 180] as const) {
    const band = bandOf(turn);
    const turned = await sharp(prepared.png).extract(region).rotate(turn).png().toBuffer();
    let image = sharp(turned).extract({ left: 0, top: band.top, width: band.w, height: band.height });
    if (band.scale !== 1)
      image = image.resize(Math.round(band.w * band.scale), Math.round(band.height * band.scale), {
        kernel: 'lanczos3',
      });
    let words: TesseractWord[];
    try {
      words = (await pool.recognize(await image.png({ compressionLevel: 1 }).toBuffer(), '6', timeoutMs))
        .words;
    } catch {
      return undefined;
    }
    const score = readingScore({
      words: words.map((w) => ({ text: w.text, box: [0, 0, 0, 0], confidence: w.confidence / 100 })),
    });
    const gain = score / threshold(band);
    if (gain > bestGain) {
      best = turn;
      bestGain = gain;
    }
    // A band read this much better than the image as it came settles it.
    if (bestGain > 2) break;
  }
  return best;
}

/**
 * A poor first reading may be of a page scanned sideways or upside down: when a quarter turn
 * reads clearly better (uprightTurn), the page is prepared turned and read again, and that reading
 * is kept if the whole page bears the band out.
 */
export async function readUpright(
  prepared: PreparedImage,
  first: OcrResult,
  prepareTurned: (turn: QuarterTurn) => Promise<PreparedImage>,
  options: OcrOptions = {},
  started = performance.now(),
): Promise<OcrResult> {
  if (first.confidence >= RETRY_CONFIDENCE || first.words.length === 0) return first;
  const turn = await uprightTurn(prepared, first, options);
  if (!turn) return first;
  const turned = await ocrPrepared(await prepareTurned(turn), options, started);
  return readingScore(turned) > TURN_GAIN * readingScore(first) ? { ...turned, turn } : first;
}

/** OCR of an already prepared (grayscale PNG) image. */
export async function ocrPrepared(
  prepared: PreparedImage,
  options: OcrOptions = {},
  started = performance.now(),
): Promise<OcrResult> {
  const pageSegMode = options.pageSegMode ?? '6';
  const timeoutMs = options.timeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const page = await pool.recognize(prepared.png, pageSegMode, timeoutMs);
  page.words = await rereadWeakRegions(prepared, page.words, pageSegMode, timeoutMs);
  // Boxes are shares of the whole image, also when only its content was read.
  const crop = prepared.crop ?? { left: 0, top: 0, width: prepared.width, height: prepared.height };
  const sx = crop.width / prepared.preparedWidth / prepared.width;
  const sy = crop.height / prepared.preparedHeight / prepared.height;
  const ox = crop.left / prepared.width;
  const oy = crop.top / prepared.height;
  const words: LayoutWord[] = [];
  let confidenceSum = 0;
  for (const word of page.words) {
    const read = word.text.trim();
    const confidence = Math.max(0, Math.min(1, word.confidence / 100));
    // A masked card number reads as letters at no confidence; it is kept, not taken for a speck.
    const masked = maskedCardNumber(read);
    const text = masked ?? read;
    if (!text || (confidence < MIN_WORD_CONFIDENCE && !masked)) continue;
    // Mostly punctuation at low confidence is a speck or a rule line, not text.
    if (!/[\p{L}\p{N}]/u.test(text) && confidence < 0.6) continue;
    const { x0, y0, x1, y1 } = word.bbox;
    const box: Box = roundBox([ox + x0 * sx, oy + y0 * sy, ox + x1 * sx, oy + y1 * sy]);
    const kept = masked ? Math.max(confidence, MIN_WORD_CONFIDENCE) : confidence;
    words.push({ text, box, confidence: Math.round(kept * 1000) / 1000 });
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

// ---------------------------------------------------------------------------------------------
// Weak regions read again

/** Words below this (0–100) are a weak reading worth a second look. */
const WEAK_WORD_CONFIDENCE = 50;
/** Regions read again per page at most (each costs a fraction of a page read). */
const MAX_REREADS = 6;
/**
 * …on a page this large (a letter page at 300 dpi) only this many: the engine prepares the whole
 * page again for each (≈ 0.7 s here), and a page must stay under 4 s.
 */
const MAX_REREADS_LARGE = 1;
const LARGE_PAGE_PIXELS = 4_000_000;
/** Pages with more weak words than this share are poor images, not poor lines. */
const MAX_WEAK_SHARE = 0.2;
/** A weak region larger than this share of the page is a poor image, not a poor line. */
const MAX_REGION_SHARE = 0.25;

/**
 * Reading the whole page as one block (mode 6) keeps a receipt's amounts on their lines, but where
 * two blocks sit side by side with lines at different heights (an invoice's address beside its
 * number and date), it cuts across their lines and reads garbage at low confidence, or nothing. Such
 * weak stretches are read again on their own, and the second reading replaces the first where it is
 * more confident: "Ee oe Eau Sol" (0–14 %) becomes "Austin, TX 78701 / Tel: (415) 2944 3394" (96 %).
 */
async function rereadWeakRegions(
  prepared: PreparedImage,
  words: TesseractWord[],
  pageSegMode: string,
  timeoutMs: number,
): Promise<TesseractWord[]> {
  const regions = weakRegions(words, prepared.preparedWidth, prepared.preparedHeight);
  if (regions.length === 0) return words;
  let result = words;
  const large = prepared.preparedWidth * prepared.preparedHeight > LARGE_PAGE_PIXELS;
  for (const region of regions.slice(0, large ? MAX_REREADS_LARGE : MAX_REREADS)) {
    let again: TesseractWord[];
    try {
      again = (await pool.recognize(prepared.png, pageSegMode, timeoutMs, region)).words;
    } catch {
      continue;
    }
    const inside = (w: TesseractWord) => {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2;
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      return (
        cx >= region.left &&
        cx <= region.left + region.width &&
        cy >= region.top &&
        cy <= region.top + region.height
      );
    };
    const before = result.filter(inside);
    const after = again.filter((w) => w.text.trim() && inside(w));
    // Kept only when it says clearly more and loses nothing read with some confidence (a second
    // reading that drops a word can look surer than the first).
    const sure = (list: TesseractWord[], min: number) =>
      list.reduce((sum, w) => sum + (w.confidence >= min ? alnum(w.text) * (w.confidence / 100) : 0), 0);
    const characters = (list: TesseractWord[], min: number) =>
      list.reduce((sum, w) => sum + (w.confidence >= min ? alnum(w.text) : 0), 0);
    if (sure(after, 60) <= sure(before, 60) * 1.1 || characters(after, 0) < 0.9 * characters(before, 30))
      continue;
    result = [...result.filter((w) => !inside(w)), ...after];
  }
  if (result === words) return words;
  // Reading order as the engine gives it: top to bottom, then left to right within a line.
  return result.sort((a, b) => a.bbox.y0 - b.bbox.y0 || a.bbox.x0 - b.bbox.x0);
}

function alnum(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/**
 * Clusters of weak words (near each other within about a line height), each grown by a margin
 * into a rectangle of the page; the largest clusters first.
 */
export function weakRegions(words: TesseractWord[], width: number, height: number): Rectangle[] {
  const weak = words.filter((w) => w.confidence < WEAK_WORD_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text));
  // A page read poorly all over (faded, dotted print) is not helped by reading parts of it again.
  if (weak.length < 2 || weak.length > MAX_WEAK_SHARE * words.length) return [];
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)] ?? 20;
  const boxes = weak.map((w) => ({ ...w.bbox }));
  // Merge boxes on a line (within a few word gaps of each other, not across a column's gutter) and
  // on lines next to each other, until none are left to merge.
  const gapX = lineHeight * 2.5;
  const gapY = lineHeight / 2;
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < boxes.length && !merged; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as (typeof boxes)[number];
        const b = boxes[j] as (typeof boxes)[number];
        if (a.x0 - gapX > b.x1 || b.x0 - gapX > a.x1 || a.y0 - gapY > b.y1 || b.y0 - gapY > a.y1) continue;
        boxes[i] = {
          x0: Math.min(a.x0, b.x0),
          y0: Math.min(a.y0, b.y0),
          x1: Math.max(a.x1, b.x1),
          y1: Math.max(a.y1, b.y1),
        };
        boxes.splice(j, 1);
        merged = true;
        break;
      }
  }
  // Grown along their lines over the words read well there ("PHONE: (415) 5574 1180" whose end
  // would otherwise be cut off), up to a column's gutter.
  for (const box of boxes) {
    let grown = true;
    while (grown) {
      grown = false;
      for (const w of words) {
        const cy = (w.bbox.y0 + w.bbox.y1) / 2;
        if (cy < box.y0 || cy > box.y1 || (w.bbox.x0 >= box.x0 && w.bbox.x1 <= box.x1)) continue;
        if (w.bbox.x0 - gapX > box.x1 || box.x0 - gapX > w.bbox.x1) continue;
        box.x0 = Math.min(box.x0, w.bbox.x0);
        box.x1 = Math.max(box.x1, w.bbox.x1);
        grown = true;
      }
    }
  }
  const margin = Math.round(lineHeight * 0.4);
  // A word whose centre falls inside the grown box is read again whole, or it would be cut.
  for (const box of boxes) {
    for (const w of words) {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2;
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      if (cx < box.x0 - margin || cx > box.x1 + margin || cy < box.y0 - margin || cy > box.y1 + margin)
        continue;
      box.x0 = Math.min(box.x0, w.bbox.x0);
      box.x1 = Math.max(box.x1, w.bbox.x1);
      box.y0 = Math.min(box.y0, w.bbox.y0);
      box.y1 = Math.max(box.y1, w.bbox.y1);
    }
  }
  return boxes
    .map((b) => {
      const left = Math.max(0, Math.floor(b.x0 - margin));
      const top = Math.max(0, Math.floor(b.y0 - margin));
      return {
        left,
        top,
        width: Math.min(width, Math.ceil(b.x1 + margin)) - left,
        height: Math.min(height, Math.ceil(b.y1 + margin)) - top,
      };
    })
    .filter((r) => r.width * r.height <= MAX_REGION_SHARE * width * height && r.height >= lineHeight * 0.8)
    .sort((a, b) => b.width * b.height - a.width * a.height);
}
