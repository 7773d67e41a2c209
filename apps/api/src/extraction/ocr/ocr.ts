import sharp from 'sharp';
import { pageLanguage } from '../lexicon/languages';
import { type Box, type LayoutWord, roundBox, unionBox } from '../model/layout';
import { MAX_UPSCALE, MIN_WIDTH, type PreparedImage, prepareImage } from './image-prep';
import { maskedCardNumber } from './ocr-numbers';
import { rereadWeakRegions } from './weak-regions';
import { type OcrLanguage, pageTimeoutMs, poolFor, type TesseractWord } from './worker-pool';

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
  /**
   * The languages to read with. By default a page is read in English and, when its words give away
   * German, French or Spanish (lexicon/languages.ts), read again with that language's model too.
   */
  languages?: readonly OcrLanguage[];
}

/** A reading in the page's own language is kept unless it says clearly less than the English one. */
const OWN_LANGUAGE_MIN_SHARE = 0.9;

/** Words below this confidence are noise from specks, lines and textures. */
const MIN_WORD_CONFIDENCE = 0.2;

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
  const english = await ocrImageIn(bytes, options);
  if (options.languages) return english;
  return readInPageLanguage(english, (languages) => ocrImageIn(bytes, { ...options, languages }));
}

/**
 * A page read in English, read again with its own language's model too when its words give that
 * language away; the second reading is kept unless it says clearly less.
 */
export async function readInPageLanguage(
  english: OcrResult,
  readIn: (languages: OcrLanguage[]) => Promise<OcrResult>,
): Promise<OcrResult> {
  const language = pageLanguage(english.words.map((w) => w.text));
  if (!language) return english;
  let own: OcrResult;
  try {
    // The page's language first: tesseract weighs the first model's reading of a word most.
    own = await readIn([language, 'eng']);
  } catch {
    return english;
  }
  const seconds = english.seconds + own.seconds;
  return readingScore(own) >= OWN_LANGUAGE_MIN_SHARE * readingScore(english)
    ? { ...own, seconds, ...(english.turn ? { turn: english.turn } : {}) }
    : { ...english, seconds };
}

async function ocrImageIn(bytes: Uint8Array, options: OcrOptions): Promise<OcrResult> {
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
  const timeoutMs = options.timeoutMs ?? pageTimeoutMs();
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
      words = (
        await poolFor(options.languages ?? ['eng']).recognize(
          await image.png({ compressionLevel: 1 }).toBuffer(),
          '6',
          timeoutMs,
        )
      ).words;
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
  const timeoutMs = options.timeoutMs ?? pageTimeoutMs();
  const recogniser = poolFor(options.languages ?? ['eng']);
  const page = await recogniser.recognize(prepared.png, pageSegMode, timeoutMs);
  page.words = await rereadWeakRegions(prepared, page.words, pageSegMode, timeoutMs, recogniser);
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
