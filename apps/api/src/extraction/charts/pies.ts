import type { ChartWord } from './axis';
import { luminance, type Rgb, saturation } from './pixels';
import {
  type ChartMark,
  type ChartReading,
  cx,
  cy,
  findLegend,
  runBox,
  runsOf,
  runText,
  type Scene,
} from './scene';

/**
 * Pie and donut charts: a round region of coloured slices. The circle is sampled just inside
 * its rim, clockwise from twelve o'clock; each run of one colour is a slice whose share is its
 * angle. A slice is named by the legend (its colour) or by the label outside it; a number
 * printed on or beside it is its value.
 */

const SAMPLES = 1440;

function sliceColour(c: Rgb, bg: Rgb): boolean {
  // Not the background and not text (near black or, on a dark chart, near white).
  const l = luminance(c);
  const lb = luminance(bg);
  if (saturation(c) >= 25) return true;
  return lb > 128 ? l > 50 && l < 235 : l > 20 && l < 200;
}

export function readPie(scene: Scene): ChartReading | undefined {
  const { width, height } = scene.raster;
  const th = scene.textHeight;
  const colourOk = scene.palette.map((c) => sliceColour(c, scene.background));
  const big = scene.blobs.filter(
    (b) =>
      b.colour >= 0 && colourOk[b.colour] && (b.x1 - b.x0 > th * 3 || b.y1 - b.y0 > th * 3) && b.count > 50,
  );
  if (big.length === 0) return undefined;
  const x0 = Math.min(...big.map((b) => b.x0));
  const y0 = Math.min(...big.map((b) => b.y0));
  const x1 = Math.max(...big.map((b) => b.x1)) + 1;
  const y1 = Math.max(...big.map((b) => b.y1)) + 1;
  const w = x1 - x0;
  const h = y1 - y0;
  if (Math.abs(w - h) > Math.max(w, h) * 0.08 || Math.min(w, h) < Math.min(width, height) * 0.2)
    return undefined;
  const centre = { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  const r = (w + h) / 4;
  const area = big.reduce((s, b) => s + b.count, 0);
  if (area < Math.PI * r * r * 0.45) return undefined;

  // A disc leaves its box's corners empty (bars filling a square do not).
  const emptyCorners = [
    [x0 + w * 0.06, y0 + h * 0.06],
    [x1 - w * 0.06, y0 + h * 0.06],
    [x0 + w * 0.06, y1 - h * 0.06],
    [x1 - w * 0.06, y1 - h * 0.06],
  ].filter(([x, y]) => {
    const label = scene.labels[Math.round(y as number) * width + Math.round(x as number)] ?? -1;
    return label < 0 || !colourOk[label];
  }).length;
  if (emptyCorners < 4) return undefined;
  // Samples just inside the rim (a donut's ring is there too).
  const rho = r * 0.92;
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const a = (i / SAMPLES) * 2 * Math.PI;
    const x = Math.round(centre.x + rho * Math.sin(a));
    const y = Math.round(centre.y - rho * Math.cos(a));
    const label = x >= 0 && y >= 0 && x < width && y < height ? (scene.labels[y * width + x] ?? -1) : -1;
    samples.push(label >= 0 && colourOk[label] ? label : -1);
  }
  const runs: { colour: number; start: number; count: number }[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const c = samples[i] as number;
    if (c < 0) continue;
    const last = runs.at(-1);
    if (last && last.colour === c && i - (last.start + last.count) <= 6) last.count = i - last.start + 1;
    else runs.push({ colour: c, start: i, count: 1 });
  }
  if (runs.length > 1 && runs[0]?.colour === runs.at(-1)?.colour && (runs[0]?.start ?? 0) <= 6) {
    const last = runs.pop() as (typeof runs)[number];
    const first = runs[0] as (typeof runs)[number];
    first.count += SAMPLES - last.start;
    first.start = last.start - SAMPLES;
  }
  // Blends at a slice's edge are a sample or two of a third colour: no slice.
  const slices = runs.filter((s) => s.count >= 3);
  if (slices.length < 2 || samples.filter((c) => c >= 0).length < SAMPLES * 0.85) return undefined;
  const total = slices.reduce((s, x) => s + x.count, 0);

  const legend = findLegend(scene, new Set(slices.map((s) => s.colour)));
  const used = new Set<ChartWord>(legend.flatMap((e) => e.words));
  const angleOf = (x: number, y: number) => {
    const a = Math.atan2(x - centre.x, centre.y - y);
    return ((a < 0 ? a + 2 * Math.PI : a) / (2 * Math.PI)) * SAMPLES;
  };
  const within = (s: (typeof slices)[number], angle: number) =>
    [angle, angle - SAMPLES, angle + SAMPLES].some((a) => a >= s.start && a <= s.start + s.count);
  const numbers = scene.words.filter(
    (wd) =>
      wd.number !== undefined && !used.has(wd) && Math.hypot(cx(wd) - centre.x, cy(wd) - centre.y) < r * 1.5,
  );
  const outside = runsOf(
    scene.words.filter(
      (wd) =>
        !used.has(wd) &&
        wd.number === undefined &&
        Math.hypot(cx(wd) - centre.x, cy(wd) - centre.y) > r * 0.9,
    ),
    th,
  );
  const categories: ChartReading['categories'] = [];
  const marks: ChartMark[] = [];
  slices.forEach((s, i) => {
    const mid = ((s.start + s.count / 2) / SAMPLES) * 2 * Math.PI;
    const entry = legend.find((e) => e.colour === s.colour);
    let name = entry?.name;
    let box = entry ? runBox(entry.words) : undefined;
    if (!name) {
      // The label printed outside the slice, along its middle.
      const px = centre.x + r * 1.25 * Math.sin(mid);
      const py = centre.y - r * 1.25 * Math.cos(mid);
      const nearest = outside
        .map((run) => ({ run, box: runBox(run) }))
        .filter(({ run }) => !run.some((wd) => used.has(wd)))
        .sort(
          (p, q) =>
            Math.hypot((p.box[0] + p.box[2]) / 2 - px, (p.box[1] + p.box[3]) / 2 - py) -
            Math.hypot((q.box[0] + q.box[2]) / 2 - px, (q.box[1] + q.box[3]) / 2 - py),
        )[0];
      if (
        nearest &&
        Math.hypot((nearest.box[0] + nearest.box[2]) / 2 - px, (nearest.box[1] + nearest.box[3]) / 2 - py) <
          r * 0.45
      ) {
        name = runText(nearest.run);
        box = nearest.box;
        for (const wd of nearest.run) used.add(wd);
      }
    }
    categories.push({ text: name ?? `${i + 1}`, ...(box ? { box } : {}) });
    // The slice's box: the centre and its arc.
    const xs = [centre.x];
    const ys = [centre.y];
    for (let k = 0; k <= 16; k++) {
      const a = ((s.start + (s.count * k) / 16) / SAMPLES) * 2 * Math.PI;
      xs.push(centre.x + r * Math.sin(a));
      ys.push(centre.y - r * Math.cos(a));
    }
    const mark: ChartMark = {
      series: 0,
      category: i,
      box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      measured: (s.count / total) * 100,
    };
    const printed = numbers
      .filter((wd) => !used.has(wd) && within(s, angleOf(cx(wd), cy(wd))))
      .sort(
        (p, q) =>
          Math.abs(angleOf(cx(p), cy(p)) - (s.start + s.count / 2)) -
          Math.abs(angleOf(cx(q), cy(q)) - (s.start + s.count / 2)),
      )[0];
    if (printed) {
      mark.printed = printed;
      used.add(printed);
    }
    marks.push(mark);
  });
  // Shares unless the values printed are amounts (no "%", not summing to 100).
  const printed = marks.flatMap((m) => (m.printed ? [m.printed] : []));
  const sum = printed.reduce((s, wd) => s + (wd.number ?? 0), 0);
  const percent = printed.length === 0 || printed.some((wd) => wd.percent) || Math.abs(sum - 100) <= 3;
  return { kind: 'pie', categories, series: [{ name: '' }], marks, percent, used };
}
