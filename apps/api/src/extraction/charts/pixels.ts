import sharp from 'sharp';

/**
 * A chart's pixels: decoded to raw RGB, its background (the colour of its border), the few
 * colours its marks are drawn in (a palette found from the histogram), and connected regions of
 * one colour (bars, legend swatches, slices, letters).
 */

export type Rgb = [number, number, number];

export interface Raster {
  width: number;
  height: number;
  /** RGB, row by row. */
  data: Uint8Array;
}

/** A connected region of one palette colour, in pixels (x1, y1 inclusive). */
export interface Blob {
  colour: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
}

/** Charts are read at most this large (a larger one is scaled down first). */
const MAX_SIDE = 2400;

export async function decodeRgb(bytes: Uint8Array): Promise<Raster> {
  let image = sharp(bytes, { limitInputPixels: 100_000_000, autoOrient: true }).flatten({
    background: '#ffffff',
  });
  const meta = await sharp(bytes, { limitInputPixels: 100_000_000, autoOrient: true }).metadata();
  const side = Math.max(meta.width ?? 0, meta.height ?? 0);
  if (side > MAX_SIDE) image = image.resize({ width: Math.round(((meta.width ?? 0) * MAX_SIDE) / side) });
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

export function pixel(r: Raster, x: number, y: number): Rgb {
  const i = (y * r.width + x) * 3;
  return [r.data[i] ?? 0, r.data[i + 1] ?? 0, r.data[i + 2] ?? 0];
}

export function distance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** How coloured (not grey) a colour is: the spread of its channels. */
export function saturation(c: Rgb): number {
  return Math.max(...c) - Math.min(...c);
}

export function luminance(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

const key = (c: Rgb) => ((c[0] >> 4) << 8) | ((c[1] >> 4) << 4) | (c[2] >> 4);

/** The most common colour on the image's border. */
export function backgroundColour(r: Raster): Rgb {
  const counts = new Map<number, { n: number; sum: Rgb }>();
  const add = (x: number, y: number) => {
    const c = pixel(r, x, y);
    const k = key(c);
    const e = counts.get(k) ?? { n: 0, sum: [0, 0, 0] };
    e.n++;
    e.sum = [e.sum[0] + c[0], e.sum[1] + c[1], e.sum[2] + c[2]];
    counts.set(k, e);
  };
  for (let x = 0; x < r.width; x++) {
    add(x, 0);
    add(x, r.height - 1);
  }
  for (let y = 0; y < r.height; y++) {
    add(0, y);
    add(r.width - 1, y);
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0];
  if (!best) return [255, 255, 255];
  return best.sum.map((v) => Math.round(v / best.n)) as Rgb;
}

/** Colours closer than this are one colour (anti-aliasing, JPEG noise). */
const SAME_COLOUR = 26;
/** A palette colour needs this share of the image's pixels (at least MIN_PIXELS). */
const MIN_SHARE = 0.0008;
const MIN_PIXELS = 30;

/**
 * The colours drawn on the chart other than its background, most used first: each a solid
 * colour many pixels share (anti-aliased edges are spread over many shades, each rare).
 */
export function findPalette(r: Raster, bg: Rgb): Rgb[] {
  const counts = new Map<number, { n: number; sum: Rgb }>();
  const n = r.width * r.height;
  for (let i = 0; i < n; i++) {
    const c: Rgb = [r.data[i * 3] ?? 0, r.data[i * 3 + 1] ?? 0, r.data[i * 3 + 2] ?? 0];
    if (distance(c, bg) < SAME_COLOUR) continue;
    const k = key(c);
    const e = counts.get(k);
    if (e) {
      e.n++;
      e.sum[0] += c[0];
      e.sum[1] += c[1];
      e.sum[2] += c[2];
    } else counts.set(k, { n: 1, sum: [c[0], c[1], c[2]] });
  }
  const min = Math.max(MIN_PIXELS, n * MIN_SHARE);
  const palette: { c: Rgb; n: number }[] = [];
  for (const e of [...counts.values()].sort((a, b) => b.n - a.n)) {
    if (e.n < min) break;
    const c = e.sum.map((v) => Math.round(v / e.n)) as Rgb;
    const near = palette.find((p) => distance(p.c, c) < SAME_COLOUR * 1.5);
    if (near) near.n += e.n;
    else palette.push({ c, n: e.n });
  }
  return palette.map((p) => p.c);
}

/** Each pixel's palette colour (index), or -1 for background and colours between. */
export function labelPixels(r: Raster, palette: Rgb[]): Int16Array {
  const n = r.width * r.height;
  const labels = new Int16Array(n).fill(-1);
  const cache = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c0 = r.data[i * 3] ?? 0;
    const c1 = r.data[i * 3 + 1] ?? 0;
    const c2 = r.data[i * 3 + 2] ?? 0;
    const k = (c0 << 16) | (c1 << 8) | c2;
    let label = cache.get(k);
    if (label === undefined) {
      label = -1;
      let best = SAME_COLOUR;
      for (let p = 0; p < palette.length; p++) {
        const d = distance([c0, c1, c2], palette[p] as Rgb);
        if (d < best) {
          best = d;
          label = p;
        }
      }
      cache.set(k, label);
    }
    labels[i] = label;
  }
  return labels;
}

/** Connected regions (4-neighbours) of one palette colour. */
export function findBlobs(labels: Int16Array, width: number, height: number): Blob[] {
  const seen = new Uint8Array(labels.length);
  const stack = new Int32Array(labels.length);
  const blobs: Blob[] = [];
  for (let start = 0; start < labels.length; start++) {
    const colour = labels[start] ?? -1;
    if (colour < 0 || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const blob: Blob = { colour, x0: width, y0: height, x1: 0, y1: 0, count: 0 };
    while (top > 0) {
      const i = stack[--top] as number;
      const x = i % width;
      const y = (i - x) / width;
      blob.count++;
      if (x < blob.x0) blob.x0 = x;
      if (x > blob.x1) blob.x1 = x;
      if (y < blob.y0) blob.y0 = y;
      if (y > blob.y1) blob.y1 = y;
      const next = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const j of next) {
        if (j >= 0 && !seen[j] && labels[j] === colour) {
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    blobs.push(blob);
  }
  return blobs;
}

export const blobWidth = (b: Blob) => b.x1 - b.x0 + 1;
export const blobHeight = (b: Blob) => b.y1 - b.y0 + 1;
/** The share of its bounding box a region fills (1 for a solid rectangle). */
export const fillRatio = (b: Blob) => b.count / (blobWidth(b) * blobHeight(b));

/**
 * The chart's text alone, black on white, for the text recogniser: every pixel that is neither
 * background nor a mark's colour is ink (black labels, white values printed inside a bar, grey
 * ticks on a dark chart), so text on a coloured bar reads as well as text on paper. A blend at a
 * mark's edge (touching both the mark and the background) is no ink.
 */
export async function textImage(
  r: Raster,
  labels: Int16Array,
  markColour: boolean[],
  bg: Rgb,
  inside: (x: number, y: number) => boolean,
): Promise<Buffer> {
  const { width, height } = r;
  const out = Buffer.alloc(width * height, 255);
  const isMark = (i: number) => {
    const l = labels[i] ?? -1;
    return l === -2 || (l >= 0 && !!markColour[l]);
  };
  const contrast = (i: number) =>
    distance([r.data[i * 3] ?? 0, r.data[i * 3 + 1] ?? 0, r.data[i * 3 + 2] ?? 0], bg);
  const isBg = (i: number) => contrast(i) < 90;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (isMark(i)) continue;
      if (isBg(i)) {
        // White text on a bar: background-coloured pixels inside a mark.
        if (inside(x, y)) out[i] = 0;
        continue;
      }
      let nearMark = false;
      let nearBg = false;
      for (const j of [i - 1, i + 1, i - width, i + width]) {
        if (j < 0 || j >= width * height) continue;
        if (isMark(j)) nearMark = true;
        else if (isBg(j)) nearBg = true;
      }
      if (nearMark && nearBg) continue;
      // Graded, not cut: an anti-aliased stroke keeps its shape ("i" stays no "l").
      out[i] = Math.round(255 * Math.max(0, 1 - (contrast(i) - 90) / 110));
    }
  }
  return sharp(out, { raw: { width, height, channels: 1 } })
    .resize({ width: width * 2, kernel: 'cubic' })
    .png()
    .toBuffer();
}
