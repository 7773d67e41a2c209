import type { LayoutWord } from '../model/layout';

/**
 * The chart's texts in its own pixels, the numbers among them, and the value axis: at least two
 * tick labels in a column (or a row) whose values follow their positions on a straight line
 * (linear) or whose logarithms do (a log axis with geometric ticks).
 */

export interface ChartWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
  /** The number it states, if it is one. */
  number?: number;
  percent?: boolean;
}

export const cx = (w: { x0: number; x1: number }) => (w.x0 + w.x1) / 2;
export const cy = (w: { y0: number; y1: number }) => (w.y0 + w.y1) / 2;

const NUMBER = /^([-−–(+]?)\s*([$€£¥]?)\s*(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(%|k|K|m|M|bn|B|b|mn)?\)?\*?$/;

/** "1,234.5", "$12", "45%", "-3.2", "(5)", "1.2M", "12k" → its number; undefined for words. */
export function parseNumber(text: string): { value: number; percent: boolean } | undefined {
  const t = text.replace(/[\u2009\u202f]/g, '').trim();
  const m = NUMBER.exec(t);
  if (!m || (!m[3] && !m[4])) return undefined;
  let value = Number(`${(m[3] ?? '0').replace(/,/g, '')}${m[4] ?? ''}`);
  if (!Number.isFinite(value)) return undefined;
  const suffix = m[5] ?? '';
  if (/^k$/i.test(suffix)) value *= 1e3;
  else if (/^(?:m|mn)$/i.test(suffix)) value *= 1e6;
  else if (/^(?:bn|b)$/i.test(suffix)) value *= 1e9;
  if (m[1] && m[1] !== '+') value = -value;
  return { value, percent: suffix === '%' };
}

/** OCR words (boxes 0–1) → words in the chart's pixels, numbers parsed; a lone "$" or "%" joined to its number. */
export function chartWords(words: LayoutWord[], width: number, height: number): ChartWord[] {
  const out: ChartWord[] = words
    .filter((w) => w.text.trim() !== '')
    .map((w) => ({
      text: w.text.trim(),
      x0: w.box[0] * width,
      y0: w.box[1] * height,
      x1: w.box[2] * width,
      y1: w.box[3] * height,
      confidence: w.confidence ?? 1,
    }));
  // "$ 12" and "12 %" printed with a space read as two words.
  const merged: ChartWord[] = [];
  for (const w of out.sort((a, b) => cy(a) - cy(b) || a.x0 - b.x0)) {
    const prev = merged.at(-1);
    const h = w.y1 - w.y0;
    const sameLine =
      prev && Math.abs(cy(prev) - cy(w)) < h * 0.5 && w.x0 - prev.x1 < h * 0.6 && w.x0 >= prev.x0;
    if (prev && sameLine && (/^[$€£¥]$/.test(prev.text) || /^%$/.test(w.text))) {
      prev.text = `${prev.text}${w.text}`;
      prev.x1 = Math.max(prev.x1, w.x1);
      prev.y0 = Math.min(prev.y0, w.y0);
      prev.y1 = Math.max(prev.y1, w.y1);
      continue;
    }
    merged.push({ ...w });
  }
  for (const w of merged) {
    const n = parseNumber(w.text);
    if (n) {
      w.number = n.value;
      w.percent = n.percent;
    }
  }
  return merged;
}

export interface Axis {
  /** 'y': values grow up the image (vertical bars, lines); 'x': along it (horizontal bars). */
  direction: 'x' | 'y';
  /** value = a + b · position (or 10^(a + b · position) on a log axis). */
  a: number;
  b: number;
  log: boolean;
  ticks: ChartWord[];
  /** Values end in "%" on the axis. */
  percent: boolean;
}

export function valueAt(axis: Axis, position: number): number {
  const v = axis.a + axis.b * position;
  return axis.log ? 10 ** v : v;
}

/** The position of a value on the axis (where 0 is, for bars), or undefined when it has none. */
export function positionOf(axis: Axis, value: number): number | undefined {
  if (axis.log) return value > 0 ? (Math.log10(value) - axis.a) / axis.b : undefined;
  return (value - axis.a) / axis.b;
}

function lineFit(points: [number, number][]): { a: number; b: number; error: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const b = sxx === 0 ? 0 : sxy / sxx;
  const a = my - b * mx;
  const range = Math.max(...points.map((p) => p[1])) - Math.min(...points.map((p) => p[1])) || 1;
  const error = Math.max(...points.map(([x, y]) => Math.abs(a + b * x - y))) / range;
  return { a, b, error };
}

/** Ticks this far off the line (a share of the axis's range) do not make an axis. */
const MAX_FIT_ERROR = 0.02;

/**
 * The value axis: numbers aligned in a column (right edges, as tick labels are set against a
 * vertical axis) or in a row (centres at one height, under a horizontal one), evenly mapping
 * value to position. The axis with the most ticks wins; printed values over bars are never
 * aligned so, and a row of years under the bars is categories (excluded by the caller).
 */
export function findAxes(words: ChartWord[]): Axis[] {
  const numbers = words.filter((w) => w.number !== undefined);
  const axes: Axis[] = [];
  for (const direction of ['y', 'x'] as const) {
    const used = new Set<ChartWord>();
    for (const seed of numbers) {
      if (used.has(seed)) continue;
      const h = seed.y1 - seed.y0;
      const group = numbers.filter((w) =>
        direction === 'y' ? Math.abs(w.x1 - seed.x1) < h * 0.8 : Math.abs(cy(w) - cy(seed)) < h * 0.5,
      );
      for (const w of group) used.add(w);
      const axis = axisFrom(group, direction);
      if (axis) axes.push(axis);
    }
  }
  return axes.sort((p, q) => q.ticks.length - p.ticks.length);
}

/**
 * The ticks of a group that lie on one line: a tick misread ("7" as "1") is left out, the line
 * fitted through the most ticks that agree (every pair tried, its agreeing ticks refitted).
 */
function consistentTicks(
  ticks: ChartWord[],
  pos: (w: ChartWord) => number,
  transform: (v: number) => number,
): ChartWord[] {
  let best: ChartWord[] = [];
  for (let i = 0; i < ticks.length; i++) {
    for (let j = i + 1; j < ticks.length; j++) {
      const p = ticks[i] as ChartWord;
      const q = ticks[j] as ChartWord;
      const dp = pos(q) - pos(p);
      if (Math.abs(dp) < 1) continue;
      const b = (transform(q.number as number) - transform(p.number as number)) / dp;
      if (!Number.isFinite(b) || b === 0) continue;
      const a = transform(p.number as number) - b * pos(p);
      // Agreeing: within a fifth of the smallest gap between ticks, in position.
      const tol = Math.max(2, Math.abs(dp) / (j - i) / 5);
      const inliers = ticks.filter((w) => Math.abs((transform(w.number as number) - a) / b - pos(w)) <= tol);
      if (inliers.length > best.length) best = inliers;
    }
  }
  return best;
}

function axisFrom(group: ChartWord[], direction: 'x' | 'y'): Axis | undefined {
  const pos = (w: ChartWord) => (direction === 'y' ? cy(w) : cx(w));
  const sorted = [...group].sort((p, q) => pos(p) - pos(q));
  if (sorted.length < 2) return undefined;
  const percent = sorted.some((w) => w.percent);
  const linearTicks = consistentTicks(sorted, pos, (v) => v);
  const logTicks = sorted.every((w) => (w.number as number) > 0)
    ? consistentTicks(sorted, pos, Math.log10)
    : [];
  const log = logTicks.length >= 3 && logTicks.length > linearTicks.length;
  const ticks = log ? logTicks : linearTicks;
  // Two ticks of a larger group that disagree with the rest make no axis.
  if (ticks.length < 2 || (sorted.length >= 4 && ticks.length < 3)) return undefined;
  const values = ticks.map((w) => w.number as number);
  if (new Set(values).size !== values.length) return undefined;
  // Values must run one way along the axis: down the page for 'y' they fall.
  const rising = values.every((v, i) => i === 0 || v > (values[i - 1] as number));
  const falling = values.every((v, i) => i === 0 || v < (values[i - 1] as number));
  if (direction === 'y' ? !falling : !rising) return undefined;
  const points = ticks.map(
    (w) => [pos(w), log ? Math.log10(w.number as number) : (w.number as number)] as [number, number],
  );
  const line = lineFit(points);
  if (line.error > MAX_FIT_ERROR || line.b === 0) return undefined;
  // Two ticks make a line whatever they say: they must at least be a few text heights apart.
  if (ticks.length === 2) {
    const gap = Math.abs(pos(ticks[1] as ChartWord) - pos(ticks[0] as ChartWord));
    if (gap < 2 * ((ticks[0] as ChartWord).y1 - (ticks[0] as ChartWord).y0)) return undefined;
  }
  return { direction, a: line.a, b: line.b, log, ticks, percent };
}

/**
 * The value axis of a plot (its marks' extent [x0, y0, x1, y1]): ticks stand outside the marks,
 * left or right of them for a vertical axis, under or over them for a horizontal one (a number in
 * the title or printed over a bar is no tick). The most ticks win, then the widest spread.
 */
export function plotAxis(
  axes: Axis[],
  direction: 'x' | 'y',
  plot: [number, number, number, number],
  th: number,
): Axis | undefined {
  const [x0, y0, x1, y1] = plot;
  const outside = (w: ChartWord) =>
    direction === 'y'
      ? w.x1 <= x0 + th * 0.5 || w.x0 >= x1 - th * 0.5
      : w.y0 >= y1 - th * 0.5 || w.y1 <= y0 + th * 0.5;
  const spread = (a: Axis) => {
    const p = a.ticks.map((w) => (direction === 'y' ? cy(w) : cx(w)));
    return Math.max(...p) - Math.min(...p);
  };
  return axes
    .filter((a) => a.direction === direction && a.ticks.every(outside))
    .sort((p, q) => q.ticks.length - p.ticks.length || spread(q) - spread(p))[0];
}
