import sharp, { type Sharp } from 'sharp';
import { DocumentError } from '../errors';
import type { QuarterTurn } from './ocr';

/**
 * Images prepared for the OCR engine (sharp): EXIF-upright, grey, scaled to a readable width and
 * under the pixel cap, cropped to their content, ruled lines removed and uneven light flattened.
 */

/** Pixels the engine is given at most (≈ a letter page at 300 dpi, 2550 × 3300 ≈ 8.4 MP). */
const MAX_PIXELS = 12_000_000;
/** Below this width text is usually too small for the model: such images are upscaled. */
export const MIN_WIDTH = 900;
export const MAX_UPSCALE = 3;

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

export interface Rectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}
