import { ENGLISH_MONTH_WORD } from '../lexicon/month-names';
import { isPeriodStatement, parsePeriod } from '../lexicon/periods';
import { detectScaleText, isScaleOnly, isUnitText } from '../lexicon/scale';
import { YEAR } from '../lexicon/years';
import { type LayoutPage, type LayoutTable, type TableCell, unionBox } from '../model/layout';
import {
  type Band,
  bandsOf,
  bandsUnder,
  headerAssignments,
  isHeaderLine,
  isLabelScale,
  mostlyOver,
  oneWordPerColumn,
  pageCentred,
  splitLabelFromFigure,
  zonesOf,
} from './column-bands';
import { buildTable, isFigureText } from './table-builder';
import { analyse, isPeriodOnly, type Row, type Seg, withoutWrappedNoteRefs } from './table-rows';

/**
 * Tables on a page from the positions of its text (PDF text layer or OCR): rows are lines that
 * carry figures; columns are bands of horizontally overlapping figures across rows (numbers are
 * right-aligned, so a column's figures overlap whatever their width); labels sit left of the
 * first band; header lines above are assigned to the bands they cover (a header over several
 * bands spans them); label-only lines are section headings or the first half of a wrapped label.
 */

const MAX_HEADER_LINES = 6;
const MAX_CONTEXT_LINES = 4;

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

const MONTH = ENGLISH_MONTH_WORD;
/** A row labelled with a year alone: "2024", "FY2024", "2023/24", "2024 (restated)". */
const YEAR_LABEL = new RegExp(String.raw`^(?:FY\s?)?${YEAR}(?:[/-]\d{2,4})?(?:\s*\(?[a-z]+\)?)?$`, 'i');
/** A row labelled with a date alone: "December 31, 2024", "31 March 2024", "December 31,". */
const DATE_LABEL = new RegExp(String.raw`^(?:${MONTH}\s+\d{1,2},?|\d{1,2}\s+${MONTH})(?:\s+${YEAR})?$`, 'i');

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
    return YEAR_LABEL.test(label) || DATE_LABEL.test(label);
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
