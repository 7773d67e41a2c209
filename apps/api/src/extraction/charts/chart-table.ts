import { CHART_CONFIDENCE } from '../confidence/probability';
import type { Box, LayoutTable, TableCell } from '../model/layout';
import { buildTable } from '../tables/table-builder';
import type { ChartMark, ChartReading } from './scene';

/**
 * A chart read → a layout table (series × categories: each series a row named by the legend or,
 * alone, by the chart's title; each category a column headed by its label), so the table matcher
 * answers "Revenue 2021" from it as from any table. Each value cell's box is its mark's box (the
 * review screen draws the bar or point), and its confidence says how the value was read.
 */

export interface ChartValue {
  value: number;
  how: 'confirmed' | 'printed' | 'disagreed' | 'measured';
}

/** An OCR'd value read at least this surely beats the measure it disagrees with. */
const SURE_READING = 0.93;

/** A reading three times off its mark (a digit dropped: "3" on a point at 35) is no reading of it. */
function grosslyOff(printed: number, measured: number): boolean {
  if (Math.abs(measured) < 1e-9) return false;
  const ratio = printed / measured;
  return ratio > 3 || ratio < 1 / 3;
}

/** Printed and measured agree within this share of the chart's largest value (or of the value). */
const AGREE = 0.04;

/** Whether a printed value and a measure agree on this chart (pies printing amounts are not compared). */
export function agreement(reading: ChartReading): (printed: number, measured: number) => boolean {
  const measured = reading.marks.map((m) => m.measured).filter((v): v is number => v !== undefined);
  const largest = Math.max(1e-9, ...measured.map(Math.abs));
  const printedTotal = reading.marks.reduce((s, m) => s + (m.printed?.number ?? 0), 0);
  const shares =
    reading.kind !== 'pie' ||
    reading.marks.some((m) => m.printed?.percent) ||
    Math.abs(printedTotal - 100) <= 3;
  return (p, v) =>
    !shares ||
    Math.abs(p - v) <= Math.max(AGREE * (reading.kind === 'pie' ? 100 : largest), 0.05 * Math.abs(p));
}

export function markValues(reading: ChartReading): Map<ChartMark, ChartValue> {
  const out = new Map<ChartMark, ChartValue>();
  const measured = reading.marks.map((m) => m.measured).filter((v): v is number => v !== undefined);
  const largest = Math.max(1e-9, ...measured.map(Math.abs));
  // A pie printing amounts (not shares): its shares are compared with each amount's share.
  const printedTotal = reading.marks.reduce((s, m) => s + (m.printed?.number ?? 0), 0);
  const printedAreShares =
    reading.kind !== 'pie' ||
    reading.marks.some((m) => m.printed?.percent) ||
    Math.abs(printedTotal - 100) <= 3;
  for (const m of reading.marks) {
    const p = m.printed?.number;
    const v = m.measured;
    if (p !== undefined && v !== undefined) {
      const compare = printedAreShares ? p : (p / printedTotal) * 100;
      const tolerance = Math.max(AGREE * (reading.kind === 'pie' ? 100 : largest), 0.05 * Math.abs(compare));
      const agree = Math.abs(compare - v) <= tolerance;
      // A decimal point the recogniser lost ("1455" printed 145.5): the measure says where it goes.
      const repaired =
        agree || !printedAreShares ? undefined : lostPoint(m.printed?.text ?? '', v, tolerance);
      if (repaired !== undefined) out.set(m, { value: repaired, how: 'printed' });
      else if (agree) out.set(m, { value: p, how: 'confirmed' });
      // The printed value wins a disagreement when it was read surely; a doubtful reading the
      // mark contradicts ("59" under a point at 55 on the axis) is a misreading: the measure is
      // kept. Either way the confidence drops.
      else if ((m.printed?.confidence ?? 0) >= SURE_READING && !grosslyOff(p, v))
        out.set(m, { value: p, how: 'disagreed' });
      else out.set(m, { value: roundMeasured(v, largest), how: 'disagreed' });
    } else if (p !== undefined) out.set(m, { value: p, how: 'printed' });
    else if (v !== undefined) out.set(m, { value: roundMeasured(v, largest), how: 'measured' });
  }
  return out;
}

/** "1455" read where 145.5 was printed: the digits with a point put back where the measure agrees. */
function lostPoint(text: string, measured: number, tolerance: number): number | undefined {
  const digits = /^[-−]?[$€£]?(\d{3,})%?$/.exec(text.replace(/,/g, ''))?.[1];
  if (!digits) return undefined;
  const sign = /^[-−]/.test(text) ? -1 : 1;
  for (let k = 1; k <= 2; k++) {
    const v = (sign * Number(digits)) / 10 ** k;
    if (Math.abs(v - measured) <= tolerance) return v;
  }
  return undefined;
}

/** A measured value to three significant figures of the chart's largest value. */
function roundMeasured(value: number, largest: number): number {
  const step = 10 ** (Math.floor(Math.log10(largest)) - 2);
  return Math.round(Math.round(value / step) * step * 1e6) / 1e6;
}

/** "Revenue by year ($ millions)" → "Revenue": a title less its units and what it is broken down by. */
export function seriesNameFromTitle(title: string): string {
  const name = title
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(
      /\s+(?:by|per|across|from|in|for)\s+(?:year|years|quarter|quarters|month|months|country|countries|region|regions|segment|segments|category|categories|millions?|billions?|thousands?|\d{4}\b).*$/i,
      '',
    )
    .replace(/[,:;]\s*\d{4}(?:\s*[-–]\s*\d{4})?\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name || title;
}

function formatCell(v: ChartValue, percent: boolean): string {
  const text = Number.isInteger(v.value) ? String(v.value) : String(Math.round(v.value * 1e6) / 1e6);
  return percent ? `${text}%` : text;
}

export function chartTable(
  reading: ChartReading,
  size: { width: number; height: number },
  page: number,
  title: string | undefined,
): LayoutTable | undefined {
  const values = markValues(reading);
  if (values.size === 0) return undefined;
  const norm = (b: [number, number, number, number]): Box => [
    Math.max(0, b[0] / size.width),
    Math.max(0, b[1] / size.height),
    Math.min(1, b[2] / size.width),
    Math.min(1, b[3] / size.height),
  ];
  // Periods run across (series × years, as statements print them); other categories run down,
  // each a row named by its label with a column per series ("Beta" × "Market share").
  const periods = reading.categories.every((c) => /\b(?:\d{4}|Q[1-4]|H[12]|FY\s?\d{2,4})\b/i.test(c.text));
  // A lone series is named by the title: less its breakdown when years run across it, whole when
  // it heads a column (a year it names is then the column's period).
  const seriesNames = reading.series.map(
    (s, i) =>
      s.name ||
      (reading.series.length === 1 && title
        ? periods
          ? seriesNameFromTitle(title)
          : title
        : `Series ${i + 1}`),
  );
  const cells: TableCell[] = [];
  const at = (row: number, column: number, text: string, box: Box, confidence?: number) => {
    const cell: TableCell = { row, column, rowSpan: 1, colSpan: 1, text, box };
    if (confidence !== undefined) cell.confidence = confidence;
    cells.push(cell);
  };
  const allBoxes = reading.marks.map((m) => norm(m.box));
  const union: Box = [
    Math.min(...allBoxes.map((b) => b[0])),
    Math.min(...allBoxes.map((b) => b[1])),
    Math.max(...allBoxes.map((b) => b[2])),
    Math.max(...allBoxes.map((b) => b[3])),
  ];
  const place = (s: number, i: number) => (periods ? [s + 1, i + 1] : [i + 1, s + 1]) as [number, number];
  at(0, 0, '', [union[0], union[1], union[0], union[1]]);
  reading.categories.forEach((c, i) => {
    at(...((periods ? [0, i + 1] : [i + 1, 0]) as [number, number]), c.text, c.box ? norm(c.box) : union);
  });
  seriesNames.forEach((name, s) => {
    at(...((periods ? [s + 1, 0] : [0, s + 1]) as [number, number]), name, union);
    reading.categories.forEach((_, i) => {
      const mark = reading.marks.find((m) => m.series === s && m.category === i);
      const v = mark ? values.get(mark) : undefined;
      if (!mark || !v) {
        at(...place(s, i), '-', union);
        return;
      }
      at(...place(s, i), formatCell(v, reading.percent), norm(mark.box), CHART_CONFIDENCE[v.how]);
    });
  });
  const table = buildTable({
    page,
    cells,
    rowCount: (periods ? seriesNames.length : reading.categories.length) + 1,
    columnCount: (periods ? reading.categories.length : seriesNames.length) + 1,
    labelColumns: 1,
    headerRows: 1,
    ...(title ? { title } : {}),
    context: title ? [title] : [],
    origin: 'positions',
  });
  table.box = union;
  if (reading.percent) table.columnUnits = table.columnUnits.map((u, i) => (i === 0 ? u : 'percent'));
  return table;
}
