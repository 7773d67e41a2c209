import { type ChartWord, cx, cy } from './axis';
import {
  type Blob,
  backgroundColour,
  blobHeight,
  blobWidth,
  distance,
  findBlobs,
  findPalette,
  labelPixels,
  type Raster,
  type Rgb,
} from './pixels';

/**
 * What every chart reader starts from: the pixels with their palette and regions, the OCR'd
 * words, the text height, the legend (a swatch of a colour beside its name) and the title.
 */

export interface Scene {
  raster: Raster;
  background: Rgb;
  palette: Rgb[];
  labels: Int16Array;
  blobs: Blob[];
  words: ChartWord[];
  /** The median height of the words, in pixels. */
  textHeight: number;
}

/** A value read off a mark: measured against the axis or the angle, and as printed. */
export interface ChartMark {
  series: number;
  category: number;
  /** The mark's box in pixels [x0, y0, x1, y1]. */
  box: [number, number, number, number];
  measured?: number;
  printed?: ChartWord;
}

export interface ChartReading {
  kind: 'bar' | 'hbar' | 'line' | 'pie';
  categories: { text: string; box?: [number, number, number, number] }[];
  /** Each series named by its legend entry (the entry's words' box), or unnamed. */
  series: { name: string; colour?: Rgb; box?: [number, number, number, number] }[];
  marks: ChartMark[];
  /** Values are percentages (ticks or printed values end in "%", or a pie's shares). */
  percent: boolean;
  /** Words that are the chart's own furniture (ticks, labels, legend) — not title or unit text. */
  used: Set<ChartWord>;
}

export function makeScene(raster: Raster, words: ChartWord[]): Scene {
  const background = backgroundColour(raster);
  const palette = findPalette(raster, background);
  const labels = labelPixels(raster, palette);
  const blobs = findBlobs(labels, raster.width, raster.height);
  const heights = words
    .filter((w) => w.confidence >= 0.5)
    .map((w) => w.y1 - w.y0)
    .sort((a, b) => a - b);
  const textHeight = heights[Math.floor(heights.length / 2)] ?? 12;
  return { raster, background, palette, labels, blobs, words, textHeight };
}

/**
 * The share of a region's box inside a word's box: a letter, not a mark. A doubtful word (a
 * legend's swatch read as "EEN") makes no letter of its region.
 */
export function insideWord(scene: Scene, b: Blob): boolean {
  const area = blobWidth(b) * blobHeight(b);
  return scene.words.some((w) => {
    if (w.confidence < 0.5) return false;
    const ix = Math.min(b.x1 + 1, w.x1 + 2) - Math.max(b.x0, w.x0 - 2);
    const iy = Math.min(b.y1 + 1, w.y1 + 2) - Math.max(b.y0, w.y0 - 2);
    return ix > 0 && iy > 0 && (ix * iy) / area > 0.6;
  });
}

export interface LegendEntry {
  colour: number;
  name: string;
  swatch: Blob;
  words: ChartWord[];
}

/**
 * The legend: a small region of a mark's colour with a name just to its right ("■ Revenue").
 * The name runs on over the words of its line until a wide gap or the next swatch.
 */
export function findLegend(scene: Scene, markColours: Set<number>): LegendEntry[] {
  const th = scene.textHeight;
  const swatches = scene.blobs.filter(
    (b) =>
      markColours.has(b.colour) &&
      blobWidth(b) <= th * 6 &&
      blobHeight(b) <= th * 2 &&
      b.count >= 4 &&
      !insideWord(scene, b),
  );
  const entries: LegendEntry[] = [];
  const taken = new Set<ChartWord>();
  for (const s of swatches.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const mid = (s.y0 + s.y1) / 2;
    const first = scene.words
      .filter(
        (w) =>
          !taken.has(w) && w.x0 >= s.x1 - 1 && w.x0 - s.x1 <= th * 1.6 && Math.abs(cy(w) - mid) < th * 0.8,
      )
      .sort((a, b) => a.x0 - b.x0)[0];
    if (!first) continue;
    // A number beside a small mark is its value, unless the mark is one of a row or column of
    // like swatches (a legend of years).
    const like = swatches.filter(
      (o) =>
        Math.abs(blobWidth(o) - blobWidth(s)) <= 2 &&
        Math.abs(blobHeight(o) - blobHeight(s)) <= 2 &&
        (Math.abs(o.x0 - s.x0) <= 2 || Math.abs(o.y0 - s.y0) <= 2),
    );
    // Like swatches side by side at one height, each with a word to its right, are a legend row
    // ("■ 2008 ■ 2009 ■ 2010") whatever their width: bars in a row never share a top with a number right beside each.
    const row = like.filter(
      (o) =>
        Math.abs(o.y0 - s.y0) <= 2 &&
        Math.abs(o.y1 - s.y1) <= 2 &&
        scene.words.some(
          (w) =>
            w.x0 >= o.x1 - 1 && w.x0 - o.x1 <= th * 1.6 && Math.abs(cy(w) - (o.y0 + o.y1) / 2) < th * 0.8,
        ),
    );
    if (
      first.number !== undefined &&
      !/[a-z]/i.test(first.text) &&
      row.length < 2 &&
      (like.length < 2 || blobWidth(s) > th * 1.6)
    )
      continue;
    if (entries.some((e) => e.colour === s.colour)) continue;
    const words = [first];
    for (;;) {
      const last = words.at(-1) as ChartWord;
      const next = scene.words
        .filter(
          (w) =>
            !taken.has(w) &&
            !words.includes(w) &&
            w.x0 > last.x1 - 1 &&
            w.x0 - last.x1 < th * 0.9 &&
            Math.abs(cy(w) - cy(last)) < th * 0.6,
        )
        .sort((a, b) => a.x0 - b.x0)[0];
      // Another swatch between: the next entry starts.
      if (
        !next ||
        swatches.some(
          (o) => o !== s && o.x0 > last.x1 && o.x1 < next.x0 && Math.abs((o.y0 + o.y1) / 2 - mid) < th,
        )
      )
        break;
      words.push(next);
    }
    for (const w of words) taken.add(w);
    entries.push({ colour: s.colour, name: words.map((w) => w.text).join(' '), swatch: s, words });
  }
  return entries;
}

/**
 * The title: the topmost line of words above the plot, longer than a tick, when it is not a
 * legend entry. Words on one line are joined left to right.
 */
export function findTitle(
  scene: Scene,
  plotTop: number,
  used: Set<ChartWord>,
): { text: string; words: ChartWord[] } | undefined {
  const above = scene.words.filter((w) => !used.has(w) && w.y1 <= plotTop + 2 && w.confidence >= 0.3);
  if (above.length === 0) return undefined;
  const top = above.reduce((a, b) => (b.y0 < a.y0 ? b : a));
  const line = above
    .filter((w) => Math.abs(cy(w) - cy(top)) < (top.y1 - top.y0) * 0.6)
    .sort((a, b) => a.x0 - b.x0);
  const text = line.map((w) => w.text).join(' ');
  if (!/\p{L}{2}/u.test(text)) return undefined;
  return { text, words: line };
}

/** Words on one line joined into runs (a label of several words), split at wide gaps. */
export function runsOf(words: ChartWord[], th: number): ChartWord[][] {
  const sorted = [...words].sort((a, b) => cy(a) - cy(b) || a.x0 - b.x0);
  const lines: ChartWord[][] = [];
  for (const w of sorted) {
    const line = lines.find((l) => Math.abs(cy(l[0] as ChartWord) - cy(w)) < th * 0.5);
    if (line) line.push(w);
    else lines.push([w]);
  }
  const runs: ChartWord[][] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x0 - b.x0);
    let run: ChartWord[] = [];
    for (const w of line) {
      const last = run.at(-1);
      if (last && w.x0 - last.x1 > th * 0.9) {
        runs.push(run);
        run = [];
      }
      run.push(w);
    }
    if (run.length) runs.push(run);
  }
  return runs;
}

export function runBox(run: ChartWord[]): [number, number, number, number] {
  return [
    Math.min(...run.map((w) => w.x0)),
    Math.min(...run.map((w) => w.y0)),
    Math.max(...run.map((w) => w.x1)),
    Math.max(...run.map((w) => w.y1)),
  ];
}

/** A run's text; a tick mark read at a label's end ("California-") is no part of it. */
export const runText = (run: ChartWord[]) =>
  run
    .map((w) => w.text)
    .join(' ')
    .replace(/\s*[-–—_]+$/, '');

/** The nearest palette colour to a colour, for naming marks by the legend. */
export function nearestColour(scene: Scene, c: Rgb): number {
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  scene.palette.forEach((p, i) => {
    const d = distance(p, c);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

export { cx, cy };

/** Most printed values end in "%" (one "146.5%" misread among amounts makes no percentages). */
export function mostlyPercent(marks: ChartMark[]): boolean {
  const printed = marks.filter((m) => m.printed);
  return printed.length > 0 && printed.filter((m) => m.printed?.percent).length * 2 > printed.length;
}

/**
 * Colours drawn mostly as long thin rules (gridlines, axis lines): more than half their pixels lie
 * in strokes at least four text heights long and at most 3 px thick. Their pieces between the bars
 * are no bars, however they fill their boxes; their ink is no text.
 */
export function ruleColours(scene: Scene): Set<number> {
  const th = scene.textHeight;
  const pixels = new Map<number, number>();
  const ruled = new Map<number, number>();
  for (const b of scene.blobs) {
    pixels.set(b.colour, (pixels.get(b.colour) ?? 0) + b.count);
    const long = Math.max(blobWidth(b), blobHeight(b));
    if (long >= Math.max(40, th * 4) && Math.min(blobWidth(b), blobHeight(b)) <= 3)
      ruled.set(b.colour, (ruled.get(b.colour) ?? 0) + b.count);
  }
  return new Set([...ruled].filter(([c, n]) => n > (pixels.get(c) ?? 1) * 0.5).map(([c]) => c));
}
