import { ENGLISH_MONTH_PREFIX } from '../lexicon/month-names';
import { parsePeriod } from '../lexicon/periods';
import { detectScaleText } from '../lexicon/scale';
import { isYear, YEAR } from '../lexicon/years';
import type { Box } from '../model/layout';
import { isFigureText } from './table-builder';
import {
  DAY_MONTH,
  isFootnoteMark,
  isPeriodOnly,
  type Row,
  type Seg,
  segmentFrom,
  strayAmongYears,
} from './table-rows';

const YEAR_WORD = new RegExp(String.raw`\b${YEAR}\b`);

/**
 * The columns of a positional table: bands of horizontally overlapping figures across rows, the
 * zones header lines sit over, and which band each header text is assigned to.
 */

export interface Band {
  x0: number;
  x1: number;
}

/**
 * A segment whose every word stands over a column of its own, no two over one, split into its
 * words. A heading spanning columns ("Year Ended December 31," over two years) has words sharing
 * a column, and a period ("Three Months") stays whole.
 */
export function oneWordPerColumn(seg: Seg, zones: Band[]): Seg[] {
  const words = seg.words;
  if (!words || words.length < 2 || words.length !== seg.text.split(/\s+/).length) return [seg];
  if (parsePeriod(seg.text)) return [seg];
  const zoneOf = words.map((w) => zones.findIndex((z) => mostlyOver(w.box, [z])));
  if (zoneOf.some((z) => z < 0) || new Set(zoneOf).size !== words.length) return [seg];
  // Over columns side by side, none skipped; not a title centred on the page over a wide table.
  if (zoneOf.some((z, i) => i > 0 && z !== (zoneOf[i - 1] as number) + 1)) return [seg];
  if (Math.abs((seg.box[0] + seg.box[2]) / 2 - 0.5) < 0.03) return [seg];
  return words.map((w) => ({ text: w.text, box: w.box, words: [w] }));
}

export function mostlyOver(box: Box, zones: Band[]): boolean {
  const first = zones[0];
  const last = zones.at(-1);
  if (!first || !last) return false;
  const inside = Math.min(last.x1, box[2]) - Math.max(first.x0, box[0]);
  return inside > 0 && inside >= (box[2] - box[0]) * 0.6;
}

export function bandsOf(figures: Seg[]): Band[] {
  const bands: Band[] = [];
  // By the figures themselves: a "$" OCR kept where the figure after it was lost would join the
  // next column's figure to it, and the two columns into one.
  const boxes = figures.map((f) => f.figureBox ?? f.box).sort((a, b) => a[2] - b[2]);
  for (const box of boxes) {
    const hit = bands.find((b) => Math.min(b.x1, box[2]) - Math.max(b.x0, box[0]) > 0);
    if (hit) {
      hit.x0 = Math.min(hit.x0, box[0]);
      hit.x1 = Math.max(hit.x1, box[2]);
    } else bands.push({ x0: box[0], x1: box[2] });
  }
  // Bands that grew into each other are one column.
  bands.sort((a, b) => a.x0 - b.x0);
  const merged: Band[] = [];
  for (const b of bands) {
    const last = merged.at(-1);
    if (last && b.x0 < last.x1) last.x1 = Math.max(last.x1, b.x1);
    else merged.push({ ...b });
  }
  return merged;
}

/** How many columns of figures a text spans, and the middle of their span. */
export function bandsUnder(box: Box, bands: Band[]): { count: number; centre: number } {
  const covered = bands.filter((b) => b.x1 > box[0] && b.x0 < box[2]);
  return {
    count: covered.length,
    centre: (Math.min(...covered.map((b) => b.x0)) + Math.max(...covered.map((b) => b.x1))) / 2,
  };
}

/** A line of one piece centred on the page, as a statement's title lines are. */
export function pageCentred(row: Row): boolean {
  return row.segs.length === 1 && Math.abs((row.line.box[0] + row.line.box[2]) / 2 - 0.5) < 0.02;
}

/**
 * A label run into its figure, the columns set tighter than a word space ("Underlying EBITDA
 * 1,102" beside "998"): the figure that stands in a column of figures, where this row has none,
 * is that column's.
 */
export function splitLabelFromFigure(row: Row, bands: Band[]): void {
  const seg = row.label.at(-1);
  const words = seg?.words ?? [];
  const last = words.at(-1);
  const before = words.at(-2);
  if (!seg || !last || !before || !isFigureText(last.text) || !/\d/.test(last.text)) return;
  const over = (box: Box, b: Band) => Math.min(box[2], b.x1) - Math.max(box[0], b.x0) > 0;
  const band = bands.find((b) => over(last.box, b));
  if (!band || before.box[2] > band.x0 || row.figures.some((f) => over(f.box, band))) return;
  if (
    isYear(last.text.trim()) &&
    new RegExp(`^${ENGLISH_MONTH_PREFIX}|^(?:FY|fiscal|year)$`, 'i').test(before.text)
  )
    return;
  const label = segmentFrom(words.slice(0, -1));
  const figure = segmentFrom([last]);
  row.segs = row.segs.flatMap<Seg>((s) => (s === seg ? [label, figure] : [s]));
  row.label = row.label.map((s) => (s === seg ? label : s));
  row.figures = [figure, ...row.figures];
}

/** A line in the label column that states the figures' scale and nothing else ("in TEUR", "€m"). */
export function isLabelScale(row: Row, firstBand: Band): boolean {
  return (
    row.segs.length === 1 &&
    row.line.box[2] < firstBand.x0 &&
    row.line.text.length <= 40 &&
    detectScaleText(row.line.text) !== undefined
  );
}

/**
 * A line of column headings over the figures: every segment over a band is header-like (periods,
 * words, units); a line that starts among the labels and runs over the figures is a caption, and
 * a title centred on the page reaches well left of the figures' zones.
 */
export function isHeaderLine(row: Row, headerZones: Band[], labelsX0: number, bands: Band[]): boolean {
  const firstBand = bands[0] as Band;
  const zonesX0 = (headerZones[0] as Band).x0;
  const overBands = row.segs.filter((s) => mostlyOver(s.box, headerZones));
  if (overBands.length === 0) return false;
  // A title centred on the page, not on the columns it happens to cover (a statement's name over
  // a wide table): a heading spanning columns is centred on their figures.
  const only = overBands.length === 1 && row.segs.length === 1 ? overBands[0] : undefined;
  if (only) {
    const centre = (only.box[0] + only.box[2]) / 2;
    const covered = bandsUnder(only.box, bands);
    if (
      Math.abs(centre - 0.5) < 0.02 &&
      (covered.count === 0 ||
        Math.abs(centre - covered.centre) > 0.04 ||
        (covered.count >= 2 && zonesX0 - only.box[0] > 0.03))
    )
      return false;
  }
  if (
    overBands.some((s) => isFigureText(s.text) && !isPeriodOnly(s.text) && !isFootnoteMark(s.text)) &&
    !strayAmongYears(overBands)
  )
    return false;
  // A caption starting among the labels and running over the figures, though most of it is
  // not over them ("(1) Consolidated operating results (cumulative)" beside a note).
  if (row.segs.some((s) => s.box[0] < labelsX0 + 0.03 && s.box[2] > firstBand.x0 + 0.03)) return false;
  // A period heading wider than its figures, set flush right with them as table cells are
  // ("January 1, 2019 to December 31, 2019" over "1,204"), heads that column.
  const flushPeriod = (s: Seg) =>
    YEAR_WORD.test(s.text) && bands.some((b) => Math.abs(s.box[2] - b.x1) <= 0.006);
  return !overBands.some((s) => zonesX0 - s.box[0] > 0.06 && !flushPeriod(s));
}

/** The x-axis split at the middle of each gutter: the zone a column's headers are centred in. */
export function zonesOf(bands: Band[]): Band[] {
  return bands.map((b, i) => {
    const prev = bands[i - 1];
    const next = bands[i + 1];
    // The first column's heading may reach further left than half a narrow gutter ("Notes" centred
    // over a column of note numbers set close to the figures).
    const left = prev ? (prev.x1 + b.x0) / 2 : b.x0 - Math.max(0.03, next ? (next.x0 - b.x1) / 2 : 0);
    const right = next ? (b.x1 + next.x0) / 2 : b.x1 + 0.02;
    return { x0: left, x1: right };
  });
}

/**
 * The columns each header segment of a row stands over. Next to the figures, the zone a segment
 * mostly lies in. Above that, each column takes the segment that lies over its zone (a centred
 * "December 31," over two years, "Three Months Ended" over four dates), or one close to its centre.
 */
export function headerAssignments(
  segs: Seg[],
  zones: Band[],
  bands: Band[],
  isLastHeaderRow: boolean,
  stackedHeaders: boolean,
  columnsHavePeriods: boolean,
  columnsHaveDates: boolean,
  /** The header lines just above and below this one, but not the last (the columns' own names). */
  neighbours: Seg[] = [],
  /** Every other header line but the last. */
  otherLines: Seg[] = [],
): Map<Seg, number[]> {
  const out = new Map<Seg, number[]>();
  const onRight = segs.filter((s) => s.box[2] > (zones[0] as Band).x0 + 0.002);
  if (isLastHeaderRow) {
    for (const s of onRight) {
      const hits = zones
        .map((z, c) => ({ c, o: Math.min(z.x1, s.box[2]) - Math.max(z.x0, s.box[0]) }))
        .filter((h) => h.o > 0)
        .sort((a, b) => b.o - a.o);
      if (hits[0]) out.set(s, [hits[0].c]);
    }
    return out;
  }
  // One heading centred over all the figures ("Fiscal 2019", "December 31,") heads them all;
  // one centred over a single column (a wrapped "2019 / (restated)") heads that column.
  // (Measures across the top name their own columns: see below.)
  if (onRight.length === 1 && !stackedHeaders) {
    const seg = onRight[0] as Seg;
    const first = zones[0] as Band;
    const last = zones.at(-1) as Band;
    const centre = (seg.box[0] + seg.box[2]) / 2;
    const zoneWidth = (last.x1 - first.x0) / zones.length;
    // A year over the middle column when the columns have their own years below it ("2022" over
    // "(restated)") is that column's, not a heading over them all.
    const ownPeriod =
      (columnsHavePeriods && isPeriodOnly(seg.text)) || (columnsHaveDates && DAY_MONTH.test(seg.text.trim()));
    if (
      (!stackedHeaders && !ownPeriod && Math.abs(centre - (first.x0 + last.x1) / 2) <= zoneWidth * 0.75) ||
      seg.box[2] - seg.box[0] > zoneWidth * 1.5
    ) {
      out.set(
        seg,
        zones.map((_, c) => c),
      );
      return out;
    }
    // Centred past one column's right-aligned figures, in the gutter before the next ("Millions
    // of yen" centred over the cells of 2024 and 2023): both columns'.
    const gutter = stackedHeaders
      ? -1
      : bands.findIndex((b, k) => {
          const next = bands[k + 1];
          // It reaches towards the next column's figures ("Note No." set flush left over its
          // note numbers, far short of the amounts, is that column's alone).
          return (
            !!next &&
            centre > b.x1 &&
            centre < next.x0 &&
            seg.box[0] < b.x1 &&
            seg.box[2] > next.x0 - (next.x1 - next.x0)
          );
        });
    if (gutter >= 0) {
      out.set(seg, [gutter, gutter + 1]);
      return out;
    }
    const inZone = zones.findIndex((z) => centre >= z.x0 && centre < z.x1);
    if (inZone >= 0) out.set(seg, [inZone]);
    return out;
  }
  if (!stackedHeaders) {
    const bandCentres = bands.map((b) => (b.x0 + b.x1) / 2);
    const hasOwn = (m: number) => otherLines.some((n) => n.box[0] <= m && n.box[2] >= m);
    const overlap = (a: Box, b: { x0: number; x1: number }) => Math.min(a[2], b.x1) - Math.max(a[0], b.x0);
    zones.forEach((z, c) => {
      // The middle of the column's figures: a zone reaches half-way across a wide gutter.
      const band = bands[c];
      const centre = band ? (band.x0 + band.x1) / 2 : (z.x0 + z.x1) / 2;
      // A heading wider than its columns ("Thousands of U.S. dollars (Note 1)" over one column)
      // reaches over its neighbour's centre: of the headings over a centre, the one centred nearest.
      const over = onRight.filter((s) => s.box[0] <= centre && s.box[2] >= centre);
      if (over.length > 1) {
        const mid = (s: Seg) => Math.abs((s.box[0] + s.box[2]) / 2 - centre);
        const chosen = over.reduce((a, b) => (mid(b) < mid(a) ? b : a));
        out.set(chosen, [...(out.get(chosen) ?? []), c]);
        return;
      }
      let best: Seg | undefined;
      let bestDistance = Number.POSITIVE_INFINITY;
      // Columns with headings of their own on different lines above the columns' names ("2024"
      // on the first, "% of revenue" on the middle one): each keeps to its own, and takes no
      // heading standing over a column that has no other (a group heading over columns that
      // each have theirs, "Group" over two dates, still heads them all).
      const ownHeading = hasOwn(centre);
      for (const s of onRight) {
        if (
          ownHeading &&
          (s.box[0] > centre || s.box[2] < centre) &&
          bandCentres.some((m, k) => k !== c && s.box[0] <= m && s.box[2] >= m && !hasOwn(m))
        )
          continue;
        // A period set over another column alone is that column's ("FY2024" over its figures
        // beside a "YoY change" set lower down): it heads no column with a heading of its own.
        if (
          ownHeading &&
          isPeriodOnly(s.text) &&
          zones.some((other, k) => k !== c && s.box[0] >= other.x0 && s.box[2] <= other.x1)
        )
          continue;
        // A word of another column's heading wrapped over several lines is that column's alone
        // ("Additional / Paid-In / Capital" beside "Common Stock" over "Shares" and "Amount"); a
        // period stacked under a group heading ("Three Months Ended / December 31,") is the group's.
        const width = s.box[2] - s.box[0];
        const ownsAnother =
          !parsePeriod(s.text) &&
          (s.box[0] > centre || s.box[2] < centre) &&
          width <= (z.x1 - z.x0) * 1.5 &&
          zones.some((other, k) => k !== c && overlap(s.box, other) >= width * 0.6) &&
          neighbours.some(
            (n) =>
              overlap(n.box, { x0: s.box[0], x1: s.box[2] }) >= Math.min(width, n.box[2] - n.box[0]) * 0.5,
          );
        if (ownsAnother) continue;
        const d = centre < s.box[0] ? s.box[0] - centre : centre > s.box[2] ? centre - s.box[2] : 0;
        if (d < bestDistance) {
          bestDistance = d;
          best = s;
        }
      }
      if (best) out.set(best, [...(out.get(best) ?? []), c]);
    });
    return out;
  }
  // Measures across the top (periods down the side) stack their names over their own columns
  // ("Operating / profit"): a column with nothing over it in this line takes nothing.
  zones.forEach((z, c) => {
    const centre = (z.x0 + z.x1) / 2;
    const zoneWidth = z.x1 - z.x0;
    let best: Seg | undefined;
    let bestOverlap = 0;
    let nearest: Seg | undefined;
    let nearestDistance = Number.POSITIVE_INFINITY;
    const band = bands[c];
    const middle = band ? (band.x0 + band.x1) / 2 : centre;
    for (const s of onRight) {
      const overlap = Math.min(z.x1, s.box[2]) - Math.max(z.x0, s.box[0]);
      // A name centred over another column that only reaches into this one's zone is the other's
      // ("Profit attributable to owners" over its two columns, not the "%" before them).
      const mid = (s.box[0] + s.box[2]) / 2;
      if ((mid < z.x0 || mid >= z.x1) && (middle < s.box[0] || middle > s.box[2])) continue;
      const enough = overlap >= 0.3 * Math.min(s.box[2] - s.box[0], zoneWidth);
      if (enough && overlap > bestOverlap) {
        bestOverlap = overlap;
        best = s;
      }
      const d = centre < s.box[0] ? s.box[0] - centre : centre > s.box[2] ? centre - s.box[2] : 0;
      if (d < nearestDistance) {
        nearestDistance = d;
        nearest = s;
      }
    }
    const chosen = best ?? (nearestDistance <= zoneWidth * 0.2 ? nearest : undefined);
    if (chosen) out.set(chosen, [...(out.get(chosen) ?? []), c]);
  });
  return out;
}
