import { isPeriodStatement, parsePeriod } from '../lexicon/periods';
import { detectScaleText, isScaleOnly, isUnitText } from '../lexicon/scale';
import {
  type Box,
  type LayoutLine,
  type LayoutPage,
  type LayoutSegment,
  type LayoutTable,
  type LayoutWord,
  type TableCell,
  unionBox,
} from '../model/layout';
import { buildTable, isCurrencyCode, isFigureText } from './table-builder';

/**
 * Tables on a page from the positions of its text (PDF text layer or OCR): rows are lines that
 * carry figures; columns are bands of horizontally overlapping figures across rows (numbers are
 * right-aligned, so a column's figures overlap whatever their width); labels sit left of the
 * first band; header lines above are assigned to the bands they cover (a header over several
 * bands spans them); label-only lines are section headings or the first half of a wrapped label.
 */

const CURRENCY_ONLY = /^(?:US\$|A\$|C\$|HK\$|S\$|R\$|RM|Rs\.?|RMB|USD|EUR|GBP|\$|€|£|¥|₹)$/i;
const SUFFIX_ONLY = /^(?:%|\)|\)%|%\)|pts?|bps|x)$/i;
const MAX_HEADER_LINES = 6;
const MAX_CONTEXT_LINES = 4;

interface Seg {
  text: string;
  box: Box;
  /** Its words, where it is one segment of the line as read. */
  words?: LayoutWord[];
  /** The figure's own box, without a currency sign set apart before it ("$      1,234"). */
  figureBox?: Box;
}

/** "$" + "1,234" → "$ 1,234"; "45" + "%" → "45%". */
function mergeSymbols(segments: LayoutSegment[]): Seg[] {
  const out: Seg[] = [];
  let prefix: Seg | null = null;
  for (const s of segments) {
    const text = s.text.trim();
    if (CURRENCY_ONLY.test(text)) {
      // "US$  US$  US$" over three columns: each its own.
      if (prefix) out.push(prefix);
      prefix = { text, box: s.box };
      continue;
    }
    const last = out.at(-1);
    if (SUFFIX_ONLY.test(text) && last && !prefix && isFigureText(last.text)) {
      out[out.length - 1] = { text: `${last.text}${text}`, box: unionBox([last.box, s.box]) };
      continue;
    }
    if (prefix) {
      // A currency code ("EUR") set apart is a column of units' entry ("EUR m", "%", "EUR"), the
      // row's unit: "EUR 3.21" would be no figure at all.
      if (!isCurrencyCode(prefix.text) && isFigureText(text))
        out.push({ text: `${prefix.text} ${text}`, box: unionBox([prefix.box, s.box]), figureBox: s.box });
      else {
        out.push(prefix);
        out.push({ text, box: s.box });
      }
      prefix = null;
      continue;
    }
    out.push({ text, box: s.box, words: s.words });
  }
  if (prefix) out.push(prefix);
  return out;
}

/** A date without its year: "31 March", "December 31,", "Jun 30". */
const DAY_MONTH =
  /^(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}),?$/i;

/** A year or period standing alone in a figure's place is a header, not a value. */
function isPeriodOnly(text: string): boolean {
  const t = text.trim();
  // With a footnote mark or a restatement note: "2022*", "2022 (a)", "2022 restated", "2022¹"
  // (which OCR reads "2022!").
  return /^(?:FY\s?)?['’]?(?:19|20)\d{2}(?:\s*[/–-]\s*(?:19|20)?\d{2})?(?:\s*(?:\*{1,3}|[†‡¹²³!]|\((?:\d|[a-z])\)|\(?restated\)?))?$/i.test(
    t,
  );
}

interface Row {
  line: LayoutLine;
  segs: Seg[];
  /** Segments read as figures (not the first, label segment). */
  figures: Seg[];
  label: Seg[];
  height: number;
}

/** "31 March 2022 31 March 2021" set close together → one segment per period. */
function splitPeriodRuns(segments: LayoutSegment[]): LayoutSegment[] {
  const out: LayoutSegment[] = [];
  const part = /^(?:Q[1-4]|H[12])$/i;
  for (const s of segments) {
    let current: LayoutWord[] = [];
    s.words.forEach((w, i) => {
      current.push(w);
      const next = s.words[i + 1];
      const hasYear = current.some((c) => /^(?:19|20)\d{2}[,.]?$/.test(c.text.trim()));
      // A quarter after the year ("Fiscal 2020 Q2") is that year's; it ends the period when a
      // new one follows ("2020 Q2 2019 Q2").
      const yearFirst = !current.some((c) => part.test(c.text.trim()));
      // Cut after a year when a new period starts (a day, a month, a year, "FY", "Q1") or a
      // comparison column's heading does ("Change", "Variance", "%", "YoY").
      if (
        next &&
        ((/^(?:19|20)\d{2}[,.]?$/.test(w.text.trim()) &&
          !(yearFirst && part.test(next.text.trim())) &&
          /^(?:\d{1,4}\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$|FY|Q[1-4]|H[12]|9M|6M|fiscal|year|change|var\.?$|variance|growth|yoy|%|Δ|\+\/-)/i.test(
            next.text.trim(),
          )) ||
          (part.test(w.text.trim()) &&
            hasYear &&
            /^(?:(?:19|20)\d{2}\b|FY|fiscal|Q[1-4]$|H[12]$)/i.test(next.text.trim())))
      ) {
        out.push(segmentFrom(current));
        current = [];
      }
    });
    if (current.length > 0) out.push(current.length === s.words.length ? s : segmentFrom(current));
  }
  return out;
}

// A figure that is complete on its own: grouped thousands, decimals or parentheses.
const WHOLE_FIGURE = /^[(-−–]?[$€£]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\(\d[\d,.]*\))\)?%?$/;

/**
 * Columns set too tightly run together: "(2,492,831) (7,354,930) (1,830,912)" arrives as one
 * segment. Split a segment made only of whole figures into one per figure ("1 234,5" stays).
 */
function splitFigureRuns(segments: LayoutSegment[]): LayoutSegment[] {
  return segments.flatMap((s) =>
    s.words.length >= 2 && s.words.every((w) => WHOLE_FIGURE.test(w.text.trim()))
      ? s.words.map((w) => segmentFrom([w]))
      : splitSpacedFigures(s),
  );
}

/** A word of a figure grouped by spaces ("12 345,6", "−1 987"): a sign, one to three digits, a decimal tail. */
const DIGIT_GROUP = /^[(\-−–]?\d{1,3}(?:[.,]\d+)?\)?%?$/;
const THREE_DIGITS = /^\d{3}(?:[.,]\d+)?\)?%?$/;

/**
 * Figures grouped by spaces, in columns set close together: "2 101,4 1 987,0" is two figures.
 * A figure takes the next group while it has no decimals yet, the group has three digits and the
 * space before it is a narrow one (no wider than half again the segment's narrowest space).
 */
function splitSpacedFigures(s: LayoutSegment): LayoutSegment[] {
  if (s.words.length < 3 || !s.words.every((w) => DIGIT_GROUP.test(w.text.trim()))) return [s];
  const gaps = s.words.slice(1).map((w, i) => w.box[0] - (s.words[i] as LayoutWord).box[2]);
  const narrow = Math.max(0, Math.min(...gaps)) * 1.5 + 1e-4;
  const figures: LayoutWord[][] = [[s.words[0] as LayoutWord]];
  s.words.slice(1).forEach((w, i) => {
    const current = figures.at(-1) as LayoutWord[];
    const last = (current.at(-1) as LayoutWord).text.trim();
    if (!/[.,)%]/.test(last) && THREE_DIGITS.test(w.text.trim()) && (gaps[i] as number) <= narrow)
      current.push(w);
    else figures.push([w]);
  });
  return figures.length > 1 ? figures.map(segmentFrom) : [s];
}

/**
 * A currency symbol set in a narrow column of its own before the next figure can sit closer to
 * the figure before it than the gap that parts segments: "29,965 $" + "23,646" is "29,965" +
 * "$ 23,646". Cut a segment before a currency symbol or a sign that follows a figure.
 */
function splitTrailingCurrency(segments: LayoutSegment[]): LayoutSegment[] {
  return segments.flatMap((segment) => {
    // OCR may read the next column's symbol into the figure before it: "0.11)$".
    const s = { ...segment, words: segment.words.flatMap(symbolApart) };
    if (s.words.length < 2) return [segment];
    const parts: LayoutWord[][] = [[]];
    s.words.forEach((w, i) => {
      const before = s.words[i - 1];
      const next = s.words[i + 1];
      // A sign set apart from its figure ("33,912 − 5.4", "△" read as "−") starts the next one too.
      const sign = /^[-−–△▲]$/.test(w.text.trim()) && !!next && isFigureText(next.text);
      if (before && (CURRENCY_ONLY.test(w.text.trim()) || sign) && isFigureText(before.text)) parts.push([]);
      parts.at(-1)?.push(w);
    });
    return parts.length === 1 ? [segment] : parts.map(segmentFrom);
  });
}

/** "0.11)$" as two words, "0.11)" and "$", each with its share of the box. */
function symbolApart(w: LayoutWord): LayoutWord[] {
  const m = /^(.*\d[)%]?)([$€£¥₹])$/.exec(w.text.trim());
  if (!m?.[1] || !m[2]) return [w];
  const split = w.box[0] + ((w.box[2] - w.box[0]) * m[1].length) / (m[1].length + 1);
  return [
    { ...w, text: m[1], box: [w.box[0], w.box[1], split, w.box[3]] },
    { ...w, text: m[2], box: [split, w.box[1], w.box[2], w.box[3]] },
  ];
}

function segmentFrom(words: LayoutWord[]): LayoutSegment {
  return { text: words.map((w) => w.text).join(' '), box: unionBox(words.map((w) => w.box)), words };
}

const SERIAL = /^(?:\d{1,2}|[ivx]{1,4})[.)]?$/i;
const isLabelText = (text: string) => /\p{L}{3,}/u.test(text) && !isFigureText(text);

/** "(1)", "(a)": a footnote mark printed on a label or header, not a figure. */
function isFootnoteMark(text: string): boolean {
  return /^\((?:\d{1,2}|[a-z])\)$/i.test(text);
}

/** Years with one figure among them: a heading OCR misread ("Δ %" as "8%"), not a row of figures. */
function strayAmongYears(segs: Seg[]): boolean {
  const figures = segs.filter(
    (s) => isFigureText(s.text) && !isPeriodOnly(s.text) && !isFootnoteMark(s.text),
  );
  return figures.length === 1 && segs.filter((s) => isPeriodOnly(s.text)).length >= 2;
}

function analyse(line: LayoutLine): Row {
  const split = splitFigureRuns(splitTrailingCurrency(line.segments));
  const hasFigure = split.some((s, i) => i > 0 && isFigureText(s.text) && !isPeriodOnly(s.text));
  const all = mergeSymbols(hasFigure ? split : splitPeriodRuns(split));
  // A number set before the label in a column of its own ("1   Revenue from operations", as Indian
  // results number their lines) numbers the line: no figure.
  const segs =
    all.length >= 2 && SERIAL.test(all[0]?.text.trim() ?? '') && isLabelText(all[1]?.text ?? '')
      ? all.slice(1)
      : all;
  const figures: Seg[] = [];
  const label: Seg[] = [];
  segs.forEach((s, i) => {
    const figure = isFigureText(s.text) && !isPeriodOnly(s.text);
    if (figure && (i > 0 || segs.length > 1)) figures.push(s);
    else if (figures.length === 0) label.push(s);
    else figures.push(s); // text after figures stays in the row's cells (e.g. "n.m.")
  });
  // Words with footnote marks among them ("Revenue (1)" stacked over its column, "cash (1)") are a
  // header line, not figures.
  const read = figures.filter((s) => isFigureText(s.text) && !isPeriodOnly(s.text));
  if (read.length > 0 && read.every((s) => isFootnoteMark(s.text)) && segs.length - read.length >= 2)
    return { line, segs, figures: [], label: segs, height: line.box[3] - line.box[1] };
  // Years over the columns with a stray figure among them: a header line.
  if (strayAmongYears(segs) && read.every((s) => s.box[0] > (segs[0] as Seg).box[2]))
    return { line, segs, figures: [], label: segs, height: line.box[3] - line.box[1] };
  // A row that starts with a figure and has nothing else is a label-less value row.
  return { line, segs, figures, label, height: line.box[3] - line.box[1] };
}

/**
 * A note number set alone on the middle line of a label that wraps over three lines ("EARNINGS PER
 * SHARE ATTRIBUTABLE TO ORDINARY" / "12" / "EQUITY HOLDERS OF THE PARENT", the note centred on the
 * label's height): it refers to the label, and is neither a label of its own nor a figure.
 */
function withoutWrappedNoteRefs(rows: Row[]): Row[] {
  const labelOnly = (r: Row | undefined) => !!r && r.figures.length === 0 && isLabelText(r.line.text);
  return rows.filter((row, k) => {
    const only = row.segs.length === 1 ? row.segs[0] : undefined;
    return !(
      only &&
      /^\d{1,2}[a-z]?$/.test(only.text.trim()) &&
      only.box[0] > 0.45 &&
      labelOnly(rows[k - 1]) &&
      labelOnly(rows[k + 1]) &&
      (rows[k - 1] as Row).line.box[2] < only.box[0] &&
      (rows[k + 1] as Row).line.box[2] < only.box[0]
    );
  });
}

interface Band {
  x0: number;
  x1: number;
}

/**
 * A segment whose every word stands over a column of its own, no two over one, split into its
 * words. A heading spanning columns ("Year Ended December 31," over two years) has words sharing
 * a column, and a period ("Three Months") stays whole.
 */
function oneWordPerColumn(seg: Seg, zones: Band[]): Seg[] {
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

function mostlyOver(box: Box, zones: Band[]): boolean {
  const first = zones[0];
  const last = zones.at(-1);
  if (!first || !last) return false;
  const inside = Math.min(last.x1, box[2]) - Math.max(first.x0, box[0]);
  return inside > 0 && inside >= (box[2] - box[0]) * 0.6;
}

function bandsOf(figures: Seg[]): Band[] {
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

function isProse(row: Row, pageWidth: number): boolean {
  const words = row.line.text.split(/\s+/).length;
  // Prose runs on in one or two segments; a header line is spaced into several.
  return (
    row.figures.length === 0 &&
    row.segs.length <= 2 &&
    (words > 14 || row.line.box[2] - row.line.box[0] > pageWidth * 0.8) &&
    words > 8
  );
}

/** Every table on a page. */
export function tablesFromLines(page: LayoutPage): LayoutTable[] {
  const rows = withoutWrappedNoteRefs(page.lines.map(analyse));
  const lineHeights = rows.map((r) => r.height).sort((a, b) => a - b);
  const lineHeight = lineHeights[Math.floor(lineHeights.length / 2)] ?? 0.012;
  const isValueRow = (r: Row) => r.figures.length > 0;
  const tables: LayoutTable[] = [];
  let previous: { end: number; context: string[]; title?: string } | undefined;
  let i = 0;
  while (i < rows.length) {
    if (!isValueRow(rows[i] as Row)) {
      i += 1;
      continue;
    }
    // Grow the body downwards: figure rows, and short label lines followed soon by figure rows.
    let end = i;
    let j = i + 1;
    while (j < rows.length) {
      const row = rows[j] as Row;
      const prev = rows[j - 1] as Row;
      const gap = row.line.box[1] - prev.line.box[3];
      if (gap > Math.max(lineHeight * 2.6, prev.height * 2.2) || row.line.box[1] < prev.line.box[1]) break;
      if (isValueRow(row)) {
        end = j;
        j += 1;
        continue;
      }
      if (isProse(row, 1)) break;
      // Several segments and no figures: the header of another table.
      if (row.segs.length >= 2) break;
      // A label line belongs if a figure row follows within two lines.
      const next = rows.slice(j + 1, j + 3).findIndex(isValueRow);
      if (next < 0) {
        // A wrapped label's second half under its figure row ("…at end of" / "year"), or the
        // last line of a label its figures sit beside, centred ("December 31," / "2023").
        const before = (rows[end] as Row).label.map((l) => l.text).join(' ');
        // Or the label wraps round its figures, centred on them: its first line above them, the
        // figures' own line without a label ("Balance at December" / figures / "31, 2023").
        const above = rows[end - 1];
        const centred =
          before === '' && end > i && above !== undefined && !isValueRow(above) && above.segs.length === 1;
        if (
          (/^[a-z(]/.test(row.line.text) || /,$/.test(before) || centred) &&
          j === end + 1 &&
          row.segs.length === 1
        ) {
          end = j;
          j += 1;
          continue;
        }
        break;
      }
      j += 1;
    }
    const bodyStart = i;
    const body = rows.slice(bodyStart, end + 1);
    const bands = bandsOf(body.flatMap((r) => r.figures));
    for (const row of body) splitLabelFromFigure(row, bands);
    // Headers are centred over right-aligned figures: they may not touch a band, but sit in its zone.
    const headerZones = bands.length > 0 ? zonesOf(bands) : [];
    if (bands.length === 0) {
      i = end + 1;
      continue;
    }
    const firstBand = bands[0] as Band;
    // Column headings set closer than the gap that parts segments ("Amount Percent Amount
    // Percent" over six narrow columns) are one heading over each column. Only on the header line
    // next to the figures: a line above it may head groups of them ("Common Stock" over "Shares
    // Amount").
    for (let k = bodyStart - 1; k >= 0 && bodyStart - k <= MAX_HEADER_LINES + 3; k--) {
      const row = rows[k] as Row;
      if (isValueRow(row)) break;
      if (!row.segs.some((s) => mostlyOver(s.box, headerZones))) continue;
      const segs = row.segs.flatMap((s) => oneWordPerColumn(s, headerZones));
      if (segs.length !== row.segs.length) {
        row.segs = segs;
        row.label = segs;
      }
      break;
    }
    // Upwards: section headings sitting in the label column, then header lines over the bands.
    let top = bodyStart;
    let sawHeader = false;
    const labelsX0 = Math.min(
      ...body.filter((r) => r.label.length).map((r) => (r.label[0] as Seg).box[0]),
      1,
    );
    // Lines a row apart: tables set with open leading space their rows wider than a line's height.
    const bodyGaps = body
      .slice(1)
      .map((r, n) => r.line.box[1] - (body[n] as Row).line.box[3])
      .sort((a, b) => a - b);
    const rowGap = bodyGaps[Math.floor(bodyGaps.length / 2)] ?? 0;
    const rowApart = (row: Row) => Math.max(Math.max(lineHeight, row.height) * 1.2, rowGap * 1.25);
    for (let k = bodyStart - 1; k >= 0 && bodyStart - k <= MAX_HEADER_LINES + 3; k--) {
      const row = rows[k] as Row;
      const below = rows[k + 1] as Row;
      const gap = below.line.box[1] - row.line.box[3];
      // Lines come column by column: the line before may be the foot of the previous column.
      if (gap > Math.max(lineHeight * 3, row.height * 3) || row.line.box[1] >= below.line.box[1]) break;
      if (isValueRow(row) || isProse(row, 1)) break;
      // Over the figures: mostly inside the columns' zones (a centred page title is not).
      const overBands = row.segs.filter((s) => mostlyOver(s.box, headerZones));
      if (overBands.length === 0) {
        // The label column's heading ("Particulars") set between two header lines, centred on the
        // header's height: the header goes on above it.
        const above = rows[k - 1];
        if (
          sawHeader &&
          above &&
          row.segs.length === 1 &&
          row.line.box[2] < firstBand.x0 &&
          gap <= rowApart(row) &&
          above.line.box[1] < row.line.box[1] &&
          row.line.box[1] - above.line.box[3] <= rowApart(row) &&
          isHeaderLine(above, headerZones, labelsX0, bands)
        )
          continue;
        // The scale in the label column under the header line ("ASSETS" / "in TEUR" beside the
        // column headings): the header goes on above it.
        if (
          above &&
          isLabelScale(row, firstBand) &&
          row.line.box[1] - above.line.box[3] <= rowApart(row) &&
          isHeaderLine(above, headerZones, labelsX0, bands)
        )
          continue;
        // A heading in the label column, below any header line: "Assets", "Current assets:",
        // or "ASSETS" centred in the label column (not on the page, as a title is).
        const centre = (row.line.box[0] + row.line.box[2]) / 2;
        const isHeading =
          !sawHeader &&
          row.segs.length === 1 &&
          row.line.text.length < 80 &&
          row.line.box[2] < firstBand.x0 &&
          (row.line.box[0] <= labelsX0 + 0.03 ||
            (Math.abs(centre - 0.5) > 0.04 && row.line.text.length <= 60) ||
            // Centred on the page but under the column headings ("ASSETS" under the years).
            (above !== undefined &&
              above.line.box[1] < row.line.box[1] &&
              row.line.box[1] - above.line.box[3] <= rowApart(row) &&
              isHeaderLine(above, headerZones, labelsX0, bands))) &&
          gap <= rowApart(row) &&
          !detectScaleText(row.line.text) &&
          !/\bcontinued\b/i.test(row.line.text);
        if (isHeading) {
          top = k;
          continue;
        }
        break;
      }
      if (!isHeaderLine(row, headerZones, labelsX0, bands)) break;
      sawHeader = true;
      top = k;
    }
    // A title block centred on the page runs on over the figures ("(In thousands, except per
    // share data)", "(Unaudited)" under the statement's name): those lines are the title's, not
    // headings of the columns they happen to cross, which they are not centred on.
    while (top < bodyStart && top > 0) {
      const row = rows[top] as Row;
      if (!pageCentred(rows[top - 1] as Row) || !pageCentred(row)) break;
      const covered = bandsUnder(row.line.box, bands);
      if (covered.count > 0 && Math.abs((row.line.box[0] + row.line.box[2]) / 2 - covered.centre) <= 0.02)
        break;
      top += 1;
    }
    // Header lines are the ones above the first body/heading line that have segments over bands.
    const headerLines: Row[] = [];
    const headingLines: Row[] = [];
    const overBands = (row: Row) => row.segs.some((s) => mostlyOver(s.box, headerZones));
    for (let k = top; k < bodyStart; k++) {
      const row = rows[k] as Row;
      // A line among the labels with header lines still below it is the label column's heading.
      const stub =
        headerLines.length > 0 &&
        (rows.slice(k + 1, bodyStart).some(overBands) || isLabelScale(row, firstBand));
      if ((overBands(row) || stub) && headingLines.length === 0) headerLines.push(row);
      else headingLines.push(row);
    }
    // Context above: title and scale lines.
    let context: string[] = [];
    let title: string | undefined;
    let underPrevious = false;
    for (let k = top - 1; k >= 0 && top - k <= MAX_CONTEXT_LINES; k--) {
      const row = rows[k] as Row;
      const below = rows[k + 1] as Row;
      if (below.line.box[1] - row.line.box[3] > lineHeight * 6 || row.line.box[1] >= below.line.box[1]) break;
      if (isValueRow(row)) {
        underPrevious = k === previous?.end;
        break;
      }
      context.unshift(row.line.text);
      // A title wrapped over two lines ("… FOR THE YEAR ENDED 31ST MARCH," / "2024") is one.
      const above = rows[k - 1];
      const text =
        above &&
        !isValueRow(above) &&
        /[,–-]$|\b(?:of|and|for|the|ended|ending|to|at)$/i.test(above.line.text) &&
        row.line.box[1] - above.line.box[3] <= lineHeight &&
        row.line.box[1] > above.line.box[1]
          ? `${above.line.text} ${row.line.text}`
          : row.line.text;
      if (
        !title &&
        text.length <= 120 &&
        // A long statement name centred on the page is a title, not prose.
        (!isProse(row, 1) || (pageCentred(row) && !/[.:;]$/.test(text))) &&
        // The last line of a paragraph ("growth in Services.") is no title.
        !(/\.$/.test(text) && above && isProse(above, 1)) &&
        // Nor is a line a sentence runs on from or to.
        !/^\p{Ll}|[,;]$/u.test(text) &&
        !isPeriodStatement(text) &&
        !/^\(.*\)$/.test(text.trim()) &&
        !/^\(?\s*(?:in |amounts|dollars|\$|€|£)/i.test(text) &&
        !(detectScaleText(text) && isScaleOnly(text))
      )
        title = text.replace(/\s*\((?:in|amounts in|dollars in)[^)]*\)\s*$/i, '').trim() || undefined;
    }
    // A table that starts over with headers of its own right under the one before, nothing
    // between (a segment note's "Year ended December 31, 2022" block under its 2023 block), shares
    // its title and scale, unless its header states a scale of its own.
    if (
      previous &&
      underPrevious &&
      context.length === 0 &&
      headerLines.length > 0 &&
      !headerLines.some((r) => detectScaleText(r.line.text))
    ) {
      context = [...previous.context, ...context];
      title ??= previous.title;
    }
    const tableRows = [...headerLines, ...headingLines, ...body];
    tables.push(toTable(page, tableRows, headerLines.length, bands, context, title));
    previous = { end, context, ...(title ? { title } : {}) };
    i = end + 1;
  }
  return tables;
}

/** How many columns of figures a text spans, and the middle of their span. */
function bandsUnder(box: Box, bands: Band[]): { count: number; centre: number } {
  const covered = bands.filter((b) => b.x1 > box[0] && b.x0 < box[2]);
  return {
    count: covered.length,
    centre: (Math.min(...covered.map((b) => b.x0)) + Math.max(...covered.map((b) => b.x1))) / 2,
  };
}

/** A line of one piece centred on the page, as a statement's title lines are. */
function pageCentred(row: Row): boolean {
  return row.segs.length === 1 && Math.abs((row.line.box[0] + row.line.box[2]) / 2 - 0.5) < 0.02;
}

/**
 * A label run into its figure, the columns set tighter than a word space ("Underlying EBITDA
 * 1,102" beside "998"): the figure that stands in a column of figures, where this row has none,
 * is that column's.
 */
function splitLabelFromFigure(row: Row, bands: Band[]): void {
  const seg = row.label.at(-1);
  const words = seg?.words ?? [];
  const last = words.at(-1);
  const before = words.at(-2);
  if (!seg || !last || !before || !isFigureText(last.text) || !/\d/.test(last.text)) return;
  const over = (box: Box, b: Band) => Math.min(box[2], b.x1) - Math.max(box[0], b.x0) > 0;
  const band = bands.find((b) => over(last.box, b));
  if (!band || before.box[2] > band.x0 || row.figures.some((f) => over(f.box, band))) return;
  if (
    /^(?:19|20)\d{2}$/.test(last.text.trim()) &&
    /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|^(?:FY|fiscal|year)$/i.test(before.text)
  )
    return;
  const label = segmentFrom(words.slice(0, -1));
  const figure = segmentFrom([last]);
  row.segs = row.segs.flatMap<Seg>((s) => (s === seg ? [label, figure] : [s]));
  row.label = row.label.map((s) => (s === seg ? label : s));
  row.figures = [figure, ...row.figures];
}

/** A line in the label column that states the figures' scale and nothing else ("in TEUR", "€m"). */
function isLabelScale(row: Row, firstBand: Band): boolean {
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
function isHeaderLine(row: Row, headerZones: Band[], labelsX0: number, bands: Band[]): boolean {
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
    /\b(?:19|20)\d{2}\b/.test(s.text) && bands.some((b) => Math.abs(s.box[2] - b.x1) <= 0.006);
  return !overBands.some((s) => zonesX0 - s.box[0] > 0.06 && !flushPeriod(s));
}

/** The x-axis split at the middle of each gutter: the zone a column's headers are centred in. */
function zonesOf(bands: Band[]): Band[] {
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
function headerAssignments(
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

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
/** A row labelled with a date alone: "December 31, 2024", "31 March 2024", "December 31,". */
const DATE_LABEL = new RegExp(
  String.raw`^(?:${MONTH}\s+\d{1,2},?|\d{1,2}\s+${MONTH})(?:\s+(?:19|20)\d{2})?$`,
  'i',
);

function toTable(
  page: LayoutPage,
  rows: Row[],
  headerRows: number,
  bands: Band[],
  context: string[],
  title: string | undefined,
): LayoutTable {
  const cells: TableCell[] = [];
  const indents: (number | undefined)[] = [];
  const firstBand = bands[0] as Band;
  const zones = zonesOf(bands);
  const body = rows.slice(headerRows).filter((row) => row.figures.length > 0);
  // A year printed as the label reads as a figure itself: take what lies left of the figures.
  // So is a date ("December 31, 2024"), perhaps wrapped round the figures ("December 31," over
  // them, "2024" under).
  const leftText = (row: Row | undefined) =>
    (row?.segs ?? [])
      .filter((s) => s.box[2] <= firstBand.x0 + 0.002)
      .map((s) => s.text)
      .join(' ')
      .trim();
  const periodLabels = body.filter((row) => {
    const own = leftText(row);
    const above = rows[rows.indexOf(row) - 1];
    const label = own || (above && above.figures.length === 0 ? leftText(above) : '');
    return (
      /^(?:FY\s?)?(?:19|20)\d{2}(?:[/-]\d{2,4})?(?:\s*\(?[a-z]+\)?)?$/i.test(label) || DATE_LABEL.test(label)
    );
  }).length;
  const stackedHeaders = body.length >= 2 && periodLabels >= Math.max(2, body.length * 0.6);
  // Columns that carry their own periods in some header line: a bare year each ("2020"), or a
  // whole date each ("31 March 2013"). A lone year, or a lone date without its year, over one of
  // them is that column's wrapped header, not a heading over all.
  const headerSegs = rows
    .slice(0, headerRows)
    .map((row) => row.segs.filter((s) => s.box[0] >= firstBand.x0 - 0.05));
  const columnsHavePeriods = headerSegs.some(
    (segs) => segs.filter((s) => isPeriodOnly(s.text)).length >= Math.max(2, zones.length / 2),
  );
  const columnsHaveDates = headerSegs.some(
    (segs) =>
      segs.filter((s) => {
        const p = parsePeriod(s.text);
        return !!p && p.years.length > 0 && p.month !== undefined;
      }).length >= 2,
  );
  rows.forEach((row, r) => {
    const isHeader = r < headerRows;
    const labelSegs: Seg[] = [];
    const placed = new Map<number, Seg[]>();
    const headerCols = isHeader
      ? headerAssignments(
          row.segs,
          zones,
          bands,
          r === headerRows - 1,
          stackedHeaders,
          columnsHavePeriods,
          columnsHaveDates,
          // Not the last header line: its column names sit under group headings too ("2024" / "Q1 … Q4").
          [rows[r - 1], r + 1 < headerRows - 1 ? rows[r + 1] : undefined].flatMap((n) => n?.segs ?? []),
          rows.slice(0, headerRows - 1).flatMap((n, k) => (k === r ? [] : n.segs)),
        )
      : undefined;
    for (const s of row.segs) {
      if (headerCols) {
        const cols = headerCols.get(s) ?? [];
        if (cols.length === 0) {
          if (s.box[0] < firstBand.x0) labelSegs.push(s);
          continue;
        }
        const from = Math.min(...cols);
        const to = Math.max(...cols);
        cells.push({
          row: r,
          column: from + 1,
          rowSpan: 1,
          colSpan: to - from + 1,
          text: s.text,
          box: s.box,
        });
        continue;
      }
      const own = s.figureBox ?? s.box;
      const hits = bands
        .map((b, c) => ({ c, o: Math.min(b.x1, own[2]) - Math.max(b.x0, own[0]) }))
        .filter((h) => h.o > 0)
        .sort((a, b) => b.o - a.o);
      if (
        (hits.length === 0 && s.box[2] <= firstBand.x0 + 0.002) ||
        (!isFigureText(s.text) && s.box[0] < (zones[0] as Band).x0)
      ) {
        labelSegs.push(s);
        continue;
      }
      const centre = (s.box[0] + s.box[2]) / 2;
      const zone = zones.findIndex((z) => centre >= z.x0 && centre < z.x1);
      const best = hits[0]?.c ?? (zone >= 0 ? zone : centre < firstBand.x0 ? 0 : bands.length - 1);
      placed.set(best, [...(placed.get(best) ?? []), s]);
    }
    if (labelSegs.length > 0) {
      cells.push({
        row: r,
        column: 0,
        rowSpan: 1,
        colSpan: 1,
        // A unit set apart beside the label ("Revenue    EUR m") is stated in brackets.
        text: labelSegs
          .map((s, k) => (k > 0 && !isHeader && isUnitText(s.text) ? `(${s.text})` : s.text))
          .join(' '),
        box: unionBox(labelSegs.map((s) => s.box)),
      });
    }
    for (const [c, segs] of placed) {
      if (cells.some((x) => x.row === r && x.column === c + 1)) continue;
      cells.push({
        row: r,
        column: c + 1,
        rowSpan: 1,
        colSpan: 1,
        text: segs.map((s) => s.text).join(' '),
        box: unionBox(segs.map((s) => s.box)),
      });
    }
    indents.push(labelSegs[0]?.box[0]);
  });
  const periodsInContext = context.some((c) => parsePeriod(c));
  const table = buildTable({
    page: page.number,
    cells,
    rowCount: rows.length,
    columnCount: bands.length + 1,
    labelColumns: 1,
    headerRows,
    rowIndents: indents,
    ...(title ? { title } : {}),
    context: periodsInContext || context.length ? context : [],
    origin: 'positions',
  });
  table.rowTexts = rows.map((row) => row.line.text);
  return table;
}

/**
 * Tables that run on from the page before: the first table of a page with no header rows (or the
 * same header) and as many columns as the last table of the previous page takes that table's
 * header rows, title, scale and open sections.
 */
/**
 * Whether `table` is the rest of `previous` under a line of units of its own: right below it,
 * no title, a header without periods where the one above has them.
 */
function unitsUnderPeriods(previous: LayoutTable, table: LayoutTable): boolean {
  const headerTexts = (t: LayoutTable) => t.cells.filter((c) => c.row < t.headerRows).map((c) => c.text);
  return (
    table.origin === 'positions' &&
    table.headerRows > 0 &&
    // No title of its own (the lines above the first table may name both).
    (!table.title || table.title === previous.title) &&
    table.box[1] - previous.box[3] < 0.04 &&
    headerTexts(table).every((t) => !parsePeriod(t)?.years.length) &&
    headerTexts(previous).some((t) => !!parsePeriod(t)?.years.length)
  );
}

export function linkContinuedTables(pages: LayoutPage[]): void {
  const all = pages.flatMap((page) => page.tables.map((table, index) => ({ page, table, index })));
  for (let i = 1; i < all.length; i++) {
    const prev = all[i - 1] as (typeof all)[number];
    const next = all[i] as (typeof all)[number];
    const previous = prev.table;
    const table = next.table;
    if (table.columnCount !== previous.columnCount || previous.headerRows === 0) continue;
    if (next.page === prev.page && next.index === prev.index + 1 && unitsUnderPeriods(previous, table)) {
      // A line of units across the figures ("Yen | U.S. dollars" above the per-share rows)
      // started a table of its own: its columns keep the periods of the header above.
      const periodCells = previous.cells
        .filter((c) => c.row < previous.headerRows && parsePeriod(c.text)?.years.length)
        .map((c) => ({ ...c, row: 0 }));
      const body = table.cells.map((c) => ({ ...c, row: c.row + 1 }));
      const rebuilt = buildTable({
        page: table.page,
        cells: [...periodCells, ...body],
        rowCount: table.rowCount + 1,
        columnCount: table.columnCount,
        labelColumns: table.labelColumns,
        headerRows: table.headerRows + 1,
        rowIndents: [undefined, ...table.rowLabels.map((l) => l?.indent)],
        ...(previous.title ? { title: previous.title } : {}),
        context: previous.context,
        origin: table.origin,
      });
      if (table.rowTexts) rebuilt.rowTexts = ['', ...table.rowTexts];
      rebuilt.box = table.box;
      next.page.tables[next.index] = rebuilt;
      next.table = rebuilt;
      continue;
    }
    if (next.page === prev.page) {
      // On one page only the next table continues one: with no header of its own, or the same
      // header and no title of its own.
      if (next.index !== prev.index + 1) continue;
      if (table.headerRows > 0 && table.title && !/\bcontinued\b/i.test(table.title)) continue;
    } else {
      if (next.index !== 0 || prev.index !== prev.page.tables.length - 1) continue;
      // Across pages: said so ("… (continued)"), or no title of its own, or the first table
      // running to the foot of its page and this one starting at the head of the next.
      const saysContinued = [table.title ?? '', ...table.context].some((t) => /\bcontinued\b/i.test(t));
      const geometric = table.origin !== 'positions' || (previous.box[3] > 0.55 && table.box[1] < 0.45);
      if (!saysContinued && table.title && !geometric) continue;
    }
    const headerOf = (t: LayoutTable) =>
      t.cells
        .filter((c) => c.row < t.headerRows)
        .map((c) => `${c.column}:${c.text}`)
        .join('|');
    if (table.headerRows > 0 && headerOf(table) !== headerOf(previous)) continue;
    const shift = previous.headerRows - table.headerRows;
    const headerCells = previous.cells.filter((c) => c.row < previous.headerRows);
    const body = table.cells
      .filter((c) => c.row >= table.headerRows)
      .map((c) => ({ ...c, row: c.row + shift }));
    const lastSection = [...previous.rowLabels].reverse().find((l) => l && !l.isHeading)?.section ?? [];
    const rebuilt = buildTable({
      page: table.page,
      cells: [...headerCells, ...body],
      rowCount: table.rowCount + shift,
      columnCount: table.columnCount,
      labelColumns: table.labelColumns,
      headerRows: previous.headerRows,
      rowIndents: [
        ...Array.from({ length: previous.headerRows }, () => undefined),
        ...table.rowLabels.slice(table.headerRows).map((l) => l?.indent),
      ],
      ...(previous.title ? { title: previous.title } : {}),
      context: [...previous.context, ...table.context],
      origin: table.origin,
      initialSections: lastSection,
    });
    if (previous.rowTexts && table.rowTexts)
      rebuilt.rowTexts = [
        ...previous.rowTexts.slice(0, previous.headerRows),
        ...table.rowTexts.slice(table.headerRows),
      ];
    rebuilt.continuedFrom = previous.page;
    rebuilt.box = table.box;
    next.page.tables[next.index] = rebuilt;
    next.table = rebuilt;
  }
}
