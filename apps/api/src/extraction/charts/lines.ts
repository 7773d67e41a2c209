import { type ChartWord, findAxes, plotAxis, valueAt } from './axis';
import { distance, type Rgb, saturation } from './pixels';
import {
  type ChartMark,
  type ChartReading,
  cx,
  cy,
  findLegend,
  mostlyPercent,
  runBox,
  runsOf,
  runText,
  type Scene,
} from './scene';

/**
 * Line charts: each series a thin line of one colour running along the x axis. Categories are
 * the labels under the plot; at each label's centre the line's height is measured against the
 * value axis (a peak or a trough at its tip, not the middle of the stroke), and a number printed
 * just above or below the point is read as its value.
 */

interface Track {
  colour: number;
  /** Per column, the rows of this colour's pixels. */
  columns: Map<number, number[]>;
}

/** A line runs over at least this share of the image's width. */
const MIN_SPAN = 0.2;

function tracks(scene: Scene): Track[] {
  const { width, height } = scene.raster;
  const out: Track[] = [];
  scene.palette.forEach((colour, index) => {
    if (saturation(colour) < 40 || isBlend(colour, scene.background, scene.palette)) return;
    const columns = new Map<number, number[]>();
    const rows = new Map<number, number>();
    let count = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (scene.labels[y * width + x] !== index) continue;
        const list = columns.get(x);
        if (list) list.push(y);
        else columns.set(x, [y]);
        rows.set(y, (rows.get(y) ?? 0) + 1);
        count++;
      }
    }
    if (columns.size < width * MIN_SPAN) return;
    // A line runs on: the top edges of bars cover columns with gaps between.
    const xs = [...columns.keys()];
    if (columns.size < (Math.max(...xs) - Math.min(...xs) + 1) * 0.7) return;
    // A line is thin: in most columns it covers a few rows, not a filled area.
    const thickness = [...columns.values()].map((l) => l.length).sort((a, b) => a - b);
    if ((thickness[Math.floor(thickness.length / 2)] ?? 0) > Math.max(8, scene.textHeight)) return;
    // A rule at one height (a gridline, an axis) is no series.
    const inLongRows = [...rows.values()].filter((n) => n > columns.size * 0.6).reduce((a, b) => a + b, 0);
    if (inLongRows > count * 0.6) return;
    out.push({ colour: index, columns });
  });
  return out;
}

/**
 * An anti-aliased edge: a colour on the way from the background to another colour of the chart,
 * or from one mark's colour to another's (the seam between two stacked segments).
 */
function isBlend(c: Rgb, bg: Rgb, palette: Rgb[]): boolean {
  const ends = [bg, ...palette.filter((p) => p !== c)];
  for (let i = 0; i < ends.length; i++) {
    for (let j = i + 1; j < ends.length; j++) {
      const a = ends[i] as Rgb;
      const b = ends[j] as Rgb;
      const d: Rgb = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
      // Two near colours make no edge worth the name.
      if (len2 < 60 * 60) continue;
      const t = ((c[0] - a[0]) * d[0] + (c[1] - a[1]) * d[1] + (c[2] - a[2]) * d[2]) / len2;
      if (t < 0.15 || t > 0.85) continue;
      if (distance(c, [a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2]]) < 12) return true;
    }
  }
  return false;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** The line's height at a column: the tip of a peak or trough, else the stroke's middle. */
function heightAt(track: Track, x: number, reach: number): number | undefined {
  let rows: number[] | undefined;
  let at = x;
  for (let d = 0; d <= reach && !rows; d++) {
    rows = track.columns.get(x - d) ?? track.columns.get(x + d);
    at = track.columns.has(x - d) ? x - d : x + d;
  }
  if (!rows) return undefined;
  const near = (dx: number) => {
    const r = track.columns.get(at + dx);
    return r ? medianOf(r) : undefined;
  };
  const mid = medianOf(rows);
  const left = near(-4);
  const right = near(4);
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  if (bottom - top <= 4 || left === undefined || right === undefined) return mid;
  const stroke = 2;
  if (left > mid && right > mid) return top + stroke / 2;
  if (left < mid && right < mid) return bottom - stroke / 2;
  return mid;
}

export function readLines(scene: Scene): ChartReading | undefined {
  const th = scene.textHeight;
  const lines = tracks(scene);
  if (lines.length === 0) return undefined;
  const legend = lines.length > 1 ? findLegend(scene, new Set(lines.map((l) => l.colour))) : [];
  const legendWords = new Set(legend.flatMap((e) => e.words));
  const legendSwatches = legend.map((e) => e.swatch);
  // Legend swatches drawn as short strokes are no part of the line.
  for (const line of lines) {
    for (const s of legendSwatches.filter((s) => s.colour === line.colour)) {
      for (let x = s.x0; x <= s.x1; x++) {
        const rows = line.columns.get(x)?.filter((y) => y < s.y0 - 1 || y > s.y1 + 1);
        if (rows?.length) line.columns.set(x, rows);
        else line.columns.delete(x);
      }
    }
  }
  let plotBottom = 0;
  let plotTop = scene.raster.height;
  let plotLeft = scene.raster.width;
  let plotRight = 0;
  for (const l of lines) {
    for (const [x, rows] of l.columns) {
      plotBottom = Math.max(plotBottom, ...rows);
      plotTop = Math.min(plotTop, ...rows);
      plotLeft = Math.min(plotLeft, x);
      plotRight = Math.max(plotRight, x);
    }
  }
  const axis = plotAxis(
    findAxes(scene.words.filter((w) => !legendWords.has(w))),
    'y',
    [plotLeft, plotTop, plotRight + 1, plotBottom + 1],
    th,
  );
  const used = new Set<ChartWord>([...legendWords, ...(axis?.ticks ?? [])]);
  const labelRuns = runsOf(
    scene.words.filter(
      (w) =>
        !used.has(w) && w.y0 >= plotBottom - 2 && cx(w) >= plotLeft - th * 3 && cx(w) <= plotRight + th * 3,
    ),
    th,
  );
  // The row nearest the plot holds the categories (an axis title may sit below it).
  const firstRow = labelRuns.length ? Math.min(...labelRuns.map((r) => runBox(r)[1])) : 0;
  const categoryRuns = labelRuns
    .filter((r) => runBox(r)[1] < firstRow + th * 0.8)
    .sort((a, b) => runBox(a)[0] - runBox(b)[0]);
  if (categoryRuns.length === 0) return undefined;
  for (const r of categoryRuns) for (const w of r) used.add(w);

  const order = [...lines].sort((p, q) => {
    const ip = legend.findIndex((e) => e.colour === p.colour);
    const iq = legend.findIndex((e) => e.colour === q.colour);
    return (ip < 0 ? 99 : ip) - (iq < 0 ? 99 : iq);
  });
  const categories = categoryRuns.map((r) => ({ text: runText(r), box: runBox(r) }));
  const pitch =
    categoryRuns.length > 1
      ? (cx({
          x0: runBox(categoryRuns.at(-1) as ChartWord[])[0],
          x1: runBox(categoryRuns.at(-1) as ChartWord[])[2],
        }) -
          cx({
            x0: runBox(categoryRuns[0] as ChartWord[])[0],
            x1: runBox(categoryRuns[0] as ChartWord[])[2],
          })) /
        (categoryRuns.length - 1)
      : th * 4;
  const marks: ChartMark[] = [];
  order.forEach((line, series) => {
    categories.forEach((c, category) => {
      const x = Math.round((c.box[0] + c.box[2]) / 2);
      const y = heightAt(line, x, Math.max(3, Math.round(pitch / 4)));
      if (y === undefined) return;
      const r = Math.max(4, th * 0.4);
      const mark: ChartMark = { series, category, box: [x - r, y - r, x + r, y + r] };
      if (axis) mark.measured = valueAt(axis, y + 0.5);
      marks.push(mark);
    });
  });
  assignPrinted(scene, marks, used);
  const series = order.map((l) => {
    const entry = legend.find((e) => e.colour === l.colour);
    return {
      name: entry?.name ?? '',
      colour: scene.palette[l.colour],
      ...(entry ? { box: runBox(entry.words) } : {}),
    };
  });
  const percent = (axis?.percent ?? false) || mostlyPercent(marks);
  return { kind: 'line', categories, series, marks, percent, used };
}

/** A number printed just above (or below) a point, nearest first, each tied to one point. */
function assignPrinted(scene: Scene, marks: ChartMark[], used: Set<ChartWord>) {
  const th = scene.textHeight;
  const numbers = scene.words.filter((w) => w.number !== undefined && !used.has(w));
  const pairs: { m: ChartMark; w: ChartWord; d: number }[] = [];
  for (const m of marks) {
    const x = (m.box[0] + m.box[2]) / 2;
    const y = (m.box[1] + m.box[3]) / 2;
    for (const w of numbers) {
      if (Math.abs(cx(w) - x) > (w.x1 - w.x0) / 2 + 3) continue;
      const d = w.y1 <= y + 2 ? y - w.y1 : w.y0 - y;
      if (d < -2 || d > th * 2.5) continue;
      pairs.push({ m, w, d: Math.abs(cy(w) - y) });
    }
  }
  const taken = new Set<ChartWord>();
  for (const { m, w } of pairs.sort((a, b) => a.d - b.d)) {
    if (m.printed || taken.has(w)) continue;
    m.printed = w;
    taken.add(w);
    used.add(w);
  }
}
