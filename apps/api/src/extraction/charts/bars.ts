import { type Axis, type ChartWord, findAxes, plotAxis, positionOf, valueAt } from './axis';
import { type Blob, blobHeight, blobWidth, fillRatio } from './pixels';
import {
  type ChartMark,
  type ChartReading,
  cx,
  cy,
  findLegend,
  insideWord,
  mostlyPercent,
  ruleColours,
  runBox,
  runsOf,
  runText,
  type Scene,
} from './scene';

/**
 * Bar charts: the marks are filled axis-aligned rectangles, one colour per series. Vertical bars
 * stand on a common baseline (or on each other, stacked); horizontal ones grow from the left.
 * Categories are the labels under (or left of) the bars; a bar's value is measured against the
 * value axis and read from the number printed on or beside it.
 */

/** A rectangle fills at least this share of its box (a value printed inside leaves holes). */
const MIN_FILL = 0.8;

function rectangles(scene: Scene): Blob[] {
  const area = scene.raster.width * scene.raster.height;
  const rules = ruleColours(scene);
  return scene.blobs.filter(
    (b) =>
      !rules.has(b.colour) &&
      blobWidth(b) >= 3 &&
      blobHeight(b) >= 2 &&
      b.count >= 12 &&
      fillRatio(b) >= MIN_FILL &&
      blobWidth(b) * blobHeight(b) < area * 0.4 &&
      !insideWord(scene, b),
  );
}

export function readBars(scene: Scene): ChartReading | undefined {
  const th = scene.textHeight;
  const all = rectangles(scene);
  if (all.length === 0) return undefined;
  const colours = new Set(all.map((b) => b.colour));
  // One colour needs no legend (and a speck of it beside the title is none).
  const legend = colours.size > 1 ? findLegend(scene, colours) : [];
  const swatches = new Set(legend.map((e) => e.swatch));
  let bars = all.filter((b) => !swatches.has(b));
  // Thin slivers of a colour no other bar has are rules or decorations, not bars.
  bars = bars.filter((b) => Math.max(blobWidth(b), blobHeight(b)) >= 4);
  if (bars.length === 0) return undefined;
  const legendWords = new Set(legend.flatMap((e) => e.words));

  const axes = findAxes(scene.words.filter((w) => !legendWords.has(w)));
  const horizontal = orientation(bars, axes);
  // Bars thinner than a tick label on a busy chart are kept; a bar must reach the axis's span.
  const along = (b: Blob) => (horizontal ? [b.y0, b.y1 + 1] : [b.x0, b.x1 + 1]) as [number, number];
  const length = (b: Blob) => (horizontal ? blobWidth(b) : blobHeight(b));
  const thick = (b: Blob) => (horizontal ? blobHeight(b) : blobWidth(b));
  // Bars of one series share a thickness; drop regions far thinner than the typical bar.
  const thickness = median(bars.map(thick));
  bars = bars.filter((b) => thick(b) >= thickness * 0.6 && thick(b) <= thickness * 1.6);
  if (bars.length === 0) return undefined;
  // The plot's extent, for the value axis beside it.
  const extent: [number, number, number, number] = [
    Math.min(...bars.map((b) => b.x0)),
    Math.min(...bars.map((b) => b.y0)),
    Math.max(...bars.map((b) => b.x1 + 1)),
    Math.max(...bars.map((b) => b.y1 + 1)),
  ];
  const axis = plotAxis(axes, horizontal ? 'x' : 'y', extent, th);
  if (!horizontal && bars.every((b) => length(b) < th * 0.8) && !axis) return undefined;

  // Categories: stacked bars share a centre; grouped bars of different colours sit side by side.
  const centre = (b: Blob) => (along(b)[0] + along(b)[1]) / 2;
  const sorted = [...bars].sort((p, q) => centre(p) - centre(q));
  const clusters: Blob[][] = [];
  const multi = new Set(bars.map((b) => b.colour)).size > 1;
  for (const b of sorted) {
    const last = clusters.at(-1);
    const prev = last?.at(-1);
    const sameCentre = prev && Math.abs(centre(prev) - centre(b)) <= 2;
    const adjacent =
      prev &&
      multi &&
      b.colour !== prev.colour &&
      !last?.some((o) => o.colour === b.colour && Math.abs(centre(o) - centre(b)) > 2) &&
      along(b)[0] - along(prev)[1] <= Math.max(2, thickness * 0.3);
    if (last && (sameCentre || adjacent)) last.push(b);
    else clusters.push([b]);
  }

  const used = new Set<ChartWord>([...legendWords, ...(axis?.ticks ?? [])]);
  // Category labels: runs of words beyond the bars' base side (below, or left of horizontal bars).
  const base = horizontal ? Math.min(...bars.map((b) => b.x0)) : Math.max(...bars.map((b) => b.y1));
  const labelWords = scene.words.filter(
    (w) => !used.has(w) && (horizontal ? w.x1 <= base + 2 : w.y0 >= base - 2),
  );
  const runs = runsOf(labelWords, th);
  const categories: ChartReading['categories'] = [];
  const pitch =
    clusters.length > 1
      ? (centre(sorted.at(-1) as Blob) - centre(sorted[0] as Blob)) / (clusters.length - 1)
      : thickness * 2;
  for (const cluster of clusters) {
    const c =
      (Math.min(...cluster.map((b) => along(b)[0])) + Math.max(...cluster.map((b) => along(b)[1]))) / 2;
    const near = runs
      .filter((r) => !r.every((w) => used.has(w)))
      .map((r) => ({ r, box: runBox(r) }))
      .filter(
        ({ box }) =>
          Math.abs((horizontal ? (box[1] + box[3]) / 2 : (box[0] + box[2]) / 2) - c) <
          Math.max(pitch * 0.5, th),
      )
      .sort((p, q) =>
        horizontal
          ? base - p.box[2] - (base - q.box[2]) ||
            Math.abs((p.box[1] + p.box[3]) / 2 - c) - Math.abs((q.box[1] + q.box[3]) / 2 - c)
          : p.box[1] - q.box[1],
      );
    // A label wrapped over two lines under a vertical bar: the runs stacked there.
    const chosen = horizontal
      ? near.slice(0, 1)
      : near.filter((n, i) => i === 0 || n.box[1] - (near[i - 1]?.box[3] ?? 0) < th * 0.8).slice(0, 3);
    for (const n of chosen) for (const w of n.r) used.add(w);
    categories.push(
      chosen.length
        ? {
            text: chosen.map((n) => runText(n.r)).join(' '),
            box: chosen[0]?.box as [number, number, number, number],
          }
        : { text: `${categories.length + 1}` },
    );
  }

  // Series: one per colour, named by the legend; colours in legend order.
  const seriesColours = [...new Set(bars.map((b) => b.colour))].sort((p, q) => {
    const ip = legend.findIndex((e) => e.colour === p);
    const iq = legend.findIndex((e) => e.colour === q);
    return (ip < 0 ? 99 : ip) - (iq < 0 ? 99 : iq);
  });
  const series = seriesColours.map((c) => {
    const entry = legend.find((e) => e.colour === c);
    return {
      name: entry?.name ?? '',
      colour: scene.palette[c],
      ...(entry ? { box: runBox(entry.words) } : {}),
    };
  });

  const zero = axis ? positionOf(axis, 0) : undefined;
  const marks: ChartMark[] = [];
  clusters.forEach((cluster, category) => {
    for (const b of cluster) {
      const mark: ChartMark = {
        series: seriesColours.indexOf(b.colour),
        category,
        box: [b.x0, b.y0, b.x1 + 1, b.y1 + 1],
      };
      if (axis) mark.measured = measure(axis, b, cluster, horizontal, zero);
      marks.push(mark);
    }
  });
  assignPrinted(scene, marks, horizontal, used);
  const percent = (axis?.percent ?? false) || mostlyPercent(marks);
  return { kind: horizontal ? 'hbar' : 'bar', categories, series, marks, percent, used };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/**
 * Horizontal when the bars share a height and differ in width; when their shape does not say
 * (one bar, or bars all alike), the value axis does (a row of years under vertical bars is no
 * value axis: the shape decides first).
 */
function orientation(bars: Blob[], axes: Axis[]): boolean {
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  const w = spread(bars.map(blobWidth));
  const h = spread(bars.map(blobHeight));
  if (bars.length >= 2 && h > 2 * w + 2) return false;
  if (bars.length >= 2 && w > 2 * h + 2) return true;
  const best = axes[0];
  if (best) return best.direction === 'x';
  return blobWidth(bars[0] as Blob) > blobHeight(bars[0] as Blob);
}

/** A bar's value on the axis: its far end, less where it starts when it stands on another. */
function measure(
  axis: Axis,
  b: Blob,
  cluster: Blob[],
  horizontal: boolean,
  zero: number | undefined,
): number {
  if (horizontal) {
    const start = b.x0;
    const end = b.x1 + 1;
    const onAnother = cluster.some(
      (o) =>
        o !== b && Math.abs(o.x1 + 1 - start) <= 2 && Math.abs((o.y0 + o.y1) / 2 - (b.y0 + b.y1) / 2) <= 2,
    );
    if (onAnother) return valueAt(axis, end) - valueAt(axis, start);
    if (zero !== undefined && Math.abs(end - zero) <= 2 && start < zero - 2) return valueAt(axis, start);
    return valueAt(axis, end);
  }
  const top = b.y0;
  const bottom = b.y1 + 1;
  const onAnother = cluster.some(
    (o) => o !== b && Math.abs(o.y0 - bottom) <= 2 && Math.abs((o.x0 + o.x1) / 2 - (b.x0 + b.x1) / 2) <= 2,
  );
  if (onAnother) return valueAt(axis, top) - valueAt(axis, bottom);
  if (zero !== undefined && Math.abs(top - zero) <= 2 && bottom > zero + 2) return valueAt(axis, bottom);
  return valueAt(axis, top);
}

/**
 * Numbers printed on or beside bars, each tied to the one bar it belongs to: just beyond its end
 * (above a vertical bar, right of a horizontal one) or inside it; the nearest pairs first.
 */
function assignPrinted(scene: Scene, marks: ChartMark[], horizontal: boolean, used: Set<ChartWord>) {
  const th = scene.textHeight;
  const numbers = scene.words.filter((w) => w.number !== undefined && !used.has(w));
  const pairs: { m: ChartMark; w: ChartWord; d: number }[] = [];
  for (const m of marks) {
    const [x0, y0, x1, y1] = m.box;
    for (const w of numbers) {
      let d: number | undefined;
      if (horizontal) {
        if (Math.abs(cy(w) - (y0 + y1) / 2) > Math.max((y1 - y0) / 2, th * 0.5) + 2) continue;
        if (w.x0 >= x1 - 3 && w.x0 <= x1 + th * 2.5) d = w.x0 - x1;
        else if (w.x0 >= x0 - 2 && w.x1 <= x1 + 2) d = Math.abs(cx(w) - (x0 + x1) / 2) / 2 + 1;
        else if (w.x1 <= x0 + 3 && w.x1 >= x0 - th * 2.5) d = x0 - w.x1 + 2;
      } else {
        if (Math.abs(cx(w) - (x0 + x1) / 2) > Math.max((x1 - x0) / 2, (w.x1 - w.x0) / 2) + 2) continue;
        if (w.y1 <= y0 + 3 && w.y1 >= y0 - th * 2.5) d = y0 - w.y1;
        else if (w.y0 >= y0 - 2 && w.y1 <= y1 + 2) d = Math.abs(cy(w) - (y0 + y1) / 2) / 2 + 1;
        else if (w.y0 >= y1 - 3 && w.y0 <= y1 + th * 2.5) d = w.y0 - y1 + 2;
      }
      if (d !== undefined) pairs.push({ m, w, d: Math.abs(d) });
    }
  }
  const takenWords = new Set<ChartWord>();
  for (const { m, w } of pairs.sort((a, b) => a.d - b.d)) {
    if (m.printed || takenWords.has(w)) continue;
    m.printed = w;
    takenWords.add(w);
    used.add(w);
  }
}
