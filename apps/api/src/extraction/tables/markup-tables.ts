import { CURRENCY_ALONE } from '../lexicon/currencies';
import { isPeriodStatement, parsePeriod } from '../lexicon/periods';
import { detectScaleText, isScaleOnly } from '../lexicon/scale';
import { isYear } from '../lexicon/years';
import type { Box, GridRef, LayoutTable, TableCell } from '../model/layout';
import { buildTable, isCurrencyCode, isFigureText } from './table-builder';

/**
 * A table from markup or a spreadsheet grid (HTML/website/SEC <table>, CSV, XLSX) → the layout
 * model's table. Spans are laid out on a matrix; currency symbols and closing parentheses that
 * EDGAR puts in cells of their own are joined to their figures; columns left empty by that (and
 * spacer columns) are dropped, header spans mapped onto the columns that remain.
 */

export interface MarkupCell {
  text: string;
  colSpan: number;
  rowSpan: number;
  /** Indentation of the cell's text (points), when the markup states it. */
  indent?: number;
  isHeaderCell?: boolean;
  /** The cell's address in a spreadsheet or CSV grid, kept on the table's cell for anchors. */
  gridRef?: GridRef;
}

export interface MarkupRow {
  cells: MarkupCell[];
  inHead?: boolean;
}

export interface MarkupTableOptions {
  page: number;
  title?: string;
  context: string[];
  /** The box of row r (its line on the page); cells split it by column. */
  rowBox: (row: number) => Box;
  origin?: LayoutTable['origin'];
}

const SUFFIX_ONLY = /^(?:%|\)|\)%|%\)|\)\s*%|pts?|bps)$/i;

interface Slot {
  text: string;
  colSpan: number;
  rowSpan: number;
  indent?: number;
  origin: boolean;
  isHeaderCell?: boolean;
  gridRef?: GridRef;
}

const MAX_COLUMNS = 200;

const isFigureCell = (c: MarkupCell) => isFigureText(c.text) && !isYear(c.text.trim());

/**
 * Where a markup table starts over with headers of its own (a segment note printing "Year ended
 * December 31, 2023" over its segments, its rows, then the same for 2022): the index of each
 * part's first row. A row of periods over the figures' columns, with no figures, after figure
 * rows, starts a part.
 */
export function headerBlockStarts(rows: MarkupRow[]): number[] {
  const starts = [0];
  let sawFigures = false;
  rows.forEach((row, r) => {
    const [first, ...rest] = row.cells;
    if (row.cells.some(isFigureCell)) {
      sawFigures = true;
      return;
    }
    const startsBlock =
      sawFigures &&
      !row.inHead &&
      (first?.text.trim() ?? '') === '' &&
      rest.some((c) => (parsePeriod(c.text)?.years.length ?? 0) > 0);
    if (startsBlock) {
      starts.push(r);
      sawFigures = false;
    }
  });
  return starts;
}

const SERIAL = /^(?:\(?(?:\d{1,2}|[ivx]{1,4}|[a-z])[.)]?)$/i;

/** Whether column `c` numbers the rows whose labels stand in column `next`. */
function isSerialColumn(matrix: (Slot | undefined)[][], rows: MarkupRow[], c: number, next: number): boolean {
  let numbered = 0;
  let labelled = 0;
  // Below the header: from the first row with a figure.
  const body = rows.findIndex((row) => !row.inHead && row.cells.some(isFigureCell));
  for (const [r, row] of matrix.entries()) {
    if (body < 0 || r < body || rows[r]?.inHead) continue;
    const text = row[c]?.origin ? (row[c] as Slot).text.trim() : '';
    if (text === '') continue;
    if (!SERIAL.test(text)) return false;
    numbered += 1;
    const label = row[next]?.origin ? (row[next] as Slot).text.trim() : '';
    if (/\p{L}{3,}/u.test(label) && !isFigureText(label)) labelled += 1;
  }
  return numbered >= 2 && labelled >= numbered * 0.8;
}

export function tableFromMarkup(rows: MarkupRow[], options: MarkupTableOptions): LayoutTable | null {
  // 1. Lay the cells out on a matrix (rowspan / colspan).
  const matrix: (Slot | undefined)[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row.cells) {
      while (matrix[r]?.[c]) c++;
      const colSpan = Math.max(1, Math.min(cell.colSpan, MAX_COLUMNS));
      const rowSpan = Math.max(1, Math.min(cell.rowSpan, rows.length - r));
      for (let dr = 0; dr < rowSpan; dr++)
        for (let dc = 0; dc < colSpan; dc++) {
          const target = matrix[r + dr];
          if (target && c + dc < MAX_COLUMNS)
            target[c + dc] = {
              text: dr === 0 && dc === 0 ? cell.text : '',
              colSpan,
              rowSpan,
              origin: dr === 0 && dc === 0,
              ...(cell.indent !== undefined ? { indent: cell.indent } : {}),
              ...(cell.isHeaderCell ? { isHeaderCell: true } : {}),
              ...(cell.gridRef && dr === 0 && dc === 0 ? { gridRef: cell.gridRef } : {}),
            };
        }
      c += colSpan;
    }
  });
  const width = Math.max(0, ...matrix.map((m) => m.length));
  if (width === 0) return null;

  // 2. Join "$" to the figure after it and ")" / "%" to the figure before it.
  for (const row of matrix) {
    for (let c = 0; c < width; c++) {
      const slot = row[c];
      if (!slot?.origin || slot.colSpan > 1) continue;
      const text = slot.text.trim();
      if (CURRENCY_ALONE.test(text)) {
        for (let n = c + 1; n < width; n++) {
          const next = row[n];
          if (!next?.origin) continue;
          if (next.text.trim() === '') continue;
          // A currency code ("EUR") is a column of units' entry ("EUR m", "%", "EUR"), the row's
          // unit: "EUR 3.21" would be no figure at all.
          if (
            !isCurrencyCode(text) &&
            (isFigureText(`${text}${next.text.trim()}`) || isFigureText(next.text))
          ) {
            next.text = `${text} ${next.text.trim()}`;
            slot.text = '';
          }
          break;
        }
      } else if (SUFFIX_ONLY.test(text)) {
        for (let p = c - 1; p >= 0; p--) {
          const prev = row[p];
          if (!prev?.origin) continue;
          if (prev.text.trim() === '') continue;
          if (isFigureText(prev.text) || /^\(/.test(prev.text.trim())) {
            prev.text = `${prev.text.trim()}${text.replace(/\s+/g, '')}`;
            slot.text = '';
          }
          break;
        }
      }
    }
  }

  // 3. Keep the columns where a single-column cell has text; map spans onto them.
  const keptSet = new Set<number>();
  for (let c = 0; c < width; c++) {
    if (matrix.some((row) => row[c]?.origin && row[c]?.colSpan === 1 && (row[c]?.text.trim() ?? '') !== ''))
      keptSet.add(c);
  }
  // A column only spanned cells fill (EDGAR filings set every label over three grid columns):
  // the narrowest such cells keep their first column, so their text has a column of its own.
  const spanned: { c: number; span: number }[] = [];
  for (const row of matrix)
    row.forEach((slot, c) => {
      if (slot?.origin && slot.colSpan > 1 && slot.text.trim() !== '')
        spanned.push({ c, span: slot.colSpan });
    });
  spanned.sort((a, b) => a.span - b.span);
  for (const { c, span } of spanned) {
    let covered = false;
    for (let k = c; k < c + span && !covered; k++) covered = keptSet.has(k);
    if (!covered) keptSet.add(c);
  }
  const kept = [...keptSet].sort((a, b) => a - b);
  // A column numbering the lines before their labels ("Sr. No." 1, 2, 3 … over "Revenue from
  // operations", as Indian results statements set them) holds no figures.
  if (kept.length > 2 && isSerialColumn(matrix, rows, kept[0] as number, kept[1] as number)) kept.shift();
  if (kept.length < 2) return null;
  const newIndex = new Map(kept.map((c, i) => [c, i]));

  // 4. Label columns: those before the first column holding a figure below the header.
  const firstFigure = kept.findIndex((c) =>
    matrix.some((row, r) => !rows[r]?.inHead && row[c]?.origin && isFigureCell(row[c] as Slot)),
  );
  if (firstFigure <= 0) return null;
  const labelColumns = firstFigure;

  const cells: TableCell[] = [];
  const indents: (number | undefined)[] = [];
  const columns = kept.length;
  matrix.forEach((row, r) => {
    const box = options.rowBox(r);
    const cellBox = (from: number, span: number): Box => {
      const w = box[2] - box[0];
      return [box[0] + (w * from) / columns, box[1], box[0] + (w * (from + span)) / columns, box[3]];
    };
    let indent: number | undefined;
    for (let c = 0; c < width; c++) {
      const slot = row[c];
      if (!slot?.origin || slot.text.trim() === '') continue;
      const covered = kept.filter((k) => k >= c && k < c + slot.colSpan);
      let from: number;
      let span: number;
      if (covered.length > 0) {
        from = newIndex.get(covered[0] as number) as number;
        span = covered.length;
      } else {
        // A cell over dropped columns only (a label in a spacer): the nearest kept column to the left.
        const left = [...kept].reverse().find((k) => k < c);
        if (left === undefined) continue;
        from = newIndex.get(left) as number;
        span = 1;
        if (cells.some((x) => x.row === r && x.column === from)) continue;
      }
      if (from < labelColumns && indent === undefined) indent = slot.indent;
      cells.push({
        row: r,
        column: from,
        rowSpan: slot.rowSpan,
        colSpan: span,
        text: slot.text.trim(),
        box: cellBox(from, span),
        ...(slot.gridRef ? { gridRef: slot.gridRef } : {}),
      });
    }
    indents.push(indent);
  });

  const theadRows = rows.filter((row) => row.inHead).length;
  const leadingHeaderCells = rows.findIndex(
    (row) => !row.cells.every((c) => c.isHeaderCell || c.text.trim() === ''),
  );
  const knownHeader = theadRows > 0 ? theadRows : leadingHeaderCells > 0 ? leadingHeaderCells : undefined;
  const hasIndents = indents.some((i) => i !== undefined && i > 0);
  return buildTable({
    page: options.page,
    cells,
    rowCount: rows.length,
    columnCount: columns,
    labelColumns,
    ...(knownHeader !== undefined ? { headerRows: knownHeader } : {}),
    ...(hasIndents ? { rowIndents: indents.map((i) => (i ?? 0) / 1000) } : {}),
    ...(options.title ? { title: options.title } : {}),
    context: options.context,
    origin: options.origin ?? 'grid',
  });
}

/** A table's title among the lines above it: the nearest that names something. */
export function titleAbove(context: string[]): string | undefined {
  return [...context].reverse().find(
    (c) =>
      c.length <= 120 &&
      !isPeriodStatement(c) &&
      // "(Unaudited)", "(Restated)": a remark in brackets, not a name.
      !/^\(.*\)$/.test(c) &&
      // "The following table summarizes our results of operations:": a sentence leading in.
      !(
        /[.:]$/.test(c) &&
        c.split(/\s+/).length >= 6 &&
        /\b(?:the|our|we|is|are|was|were|following|below|table)\b/i.test(c)
      ) &&
      !(detectScaleText(c) && (/^\(|^(?:in|amounts|dollars)\b/i.test(c) || isScaleOnly(c))),
  );
}
