import { YEAR } from '../lexicon/years';
import { type Box, type LayoutLine, type LayoutPage, type LayoutTable, unionBox } from '../model/layout';
import { columnLetter } from '../model/location';
import type { TextCell, TextLine } from '../model/types';
import { type MarkupCell, type MarkupRow, tableFromMarkup } from './markup-tables';
import { isFigureText } from './table-builder';

/**
 * A spreadsheet grid (a CSV file, an XLSX sheet, a Word table) → one page of the layout model:
 * a line per non-empty row, a segment per non-empty cell, and the grid's tables built by the
 * same table builder as HTML and PDF tables (header rows, row labels with sections, units, scale),
 * every cell keeping its address (row 7, column "B") for the answer's anchor. The text lines the
 * line matcher reads are derived from the same rows.
 *
 * A grid holds one table, or several stacked with blank rows between them where each starts over
 * with a header row of its own. Title rows above a table (one cell: "Income statement (in
 * thousands)") are its title and context.
 */

export interface GridRow {
  /** The row's number in the sheet or file, 1-based. */
  number: number;
  /** Cell texts by column, 0-based (column A first); empty strings for empty cells. */
  cells: string[];
}

export interface GridMerge {
  /** 1-based, inclusive. */
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface GridPageOptions {
  page: number;
  sheet?: string;
  url?: string;
  /** Merged ranges (XLSX): their top-left cell spans them. */
  merges?: GridMerge[];
  /** Cell addresses as the source names them: column letters (spreadsheets) or numbers (Word). */
  columnName?: (column: number) => string;
}

/** The most cells a grid table is read with (bigger blocks are read by their lines). */
export const MAX_TABLE_CELLS = 10_000;

const nonEmpty = (row: GridRow) => row.cells.some((c) => c.trim() !== '');
const filled = (row: GridRow) => row.cells.filter((c) => c.trim() !== '').length;
const YEAR_HEADING = new RegExp(String.raw`^(?:FY\s?)?${YEAR}$`, 'i');
const isYearHeading = (text: string) => YEAR_HEADING.test(text.trim());
/** A row with a figure beyond its first cell: a body row of a table. */
const hasFigure = (row: GridRow) =>
  row.cells.some((c, i) => i > 0 && c.trim() !== '' && isFigureText(c) && !isYearHeading(c));

/** Rows of one table, and the title rows above it. */
interface Block {
  titles: GridRow[];
  rows: GridRow[];
}

/**
 * The grid's tables: blocks parted by blank rows where the next row starts a new table (a row of
 * text headings after rows of figures), each with the single-cell title rows above it.
 */
function blocksOf(rows: GridRow[]): Block[] {
  const blocks: Block[] = [];
  let current: Block = { titles: [], rows: [] };
  let sawFigures = false;
  let afterBlank = false;
  // Single-cell rows after a blank under figures: the next table's title, or a section heading.
  let held: GridRow[] = [];
  let previous: number | undefined;
  for (const row of rows) {
    if (!nonEmpty(row)) {
      afterBlank = true;
      continue;
    }
    // Rows a sheet does not list are blank.
    if (previous !== undefined && row.number > previous + 1) afterBlank = true;
    previous = row.number;
    if ((afterBlank || held.length > 0) && sawFigures && filled(row) === 1 && !hasFigure(row)) {
      held.push(row);
      afterBlank = false;
      continue;
    }
    const startsOver = (afterBlank || held.length > 0) && sawFigures && filled(row) >= 2 && !hasFigure(row);
    afterBlank = false;
    if (startsOver) {
      blocks.push(current);
      current = { titles: held, rows: [] };
      sawFigures = false;
    } else {
      current.rows.push(...held);
    }
    held = [];
    if (current.rows.length === 0 && filled(row) === 1 && !hasFigure(row)) {
      current.titles.push(row);
      continue;
    }
    current.rows.push(row);
    if (hasFigure(row)) sawFigures = true;
  }
  current.rows.push(...held);
  blocks.push(current);
  return blocks.filter((b) => b.rows.length > 0);
}

/**
 * A table's rows as markup: every column a cell (so a cell's position is its column), merged
 * ranges as spans, and in header rows above the last one a heading spread over the empty cells
 * after it ("2023" over "Q1" and "Q2").
 */
function markupRows(
  rows: GridRow[],
  width: number,
  merges: GridMerge[],
  name: (c: number) => string,
): MarkupRow[] {
  const firstBody = rows.findIndex(hasFigure);
  let headerRows = Math.max(0, firstBody);
  // A label alone in the first column just above the figures ("Revenue" over its lines) heads
  // the first section, not the columns.
  while (
    headerRows > 1 &&
    filled(rows[headerRows - 1] as GridRow) === 1 &&
    (rows[headerRows - 1]?.cells[0] ?? '').trim()
  )
    headerRows -= 1;
  return rows.map((row, r) => {
    const cells: MarkupCell[] = [];
    for (let c = 0; c < width; c++) {
      const merge = merges.find(
        (m) => row.number >= m.top && row.number <= m.bottom && c + 1 >= m.left && c + 1 <= m.right,
      );
      // Covered by a merged range it does not start: laid out by the range's first cell.
      if (merge && (merge.top !== row.number || merge.left !== c + 1)) {
        // The rows below a range's first row are covered by its row span; columns of the same row, by the column span.
        continue;
      }
      const text = (row.cells[c] ?? '').replace(/\s+/g, ' ').trim();
      let colSpan = merge ? merge.right - merge.left + 1 : 1;
      const rowSpan = merge ? merge.bottom - merge.top + 1 : 1;
      if (!merge && r < headerRows - 1 && c > 0 && text !== '') {
        // A heading over several columns written once (CSV has no merges).
        while (
          c + colSpan < width &&
          (row.cells[c + colSpan] ?? '').trim() === '' &&
          (rows[r + 1]?.cells[c + colSpan] ?? '').trim() !== '' &&
          !merges.some(
            (m) =>
              m.top <= row.number &&
              m.bottom >= row.number &&
              c + colSpan + 1 >= m.left &&
              c + colSpan + 1 <= m.right,
          )
        )
          colSpan += 1;
      }
      cells.push({ text, colSpan, rowSpan, gridRef: { row: row.number, column: name(c) } });
      c += colSpan - 1;
    }
    // The rows above the first row of figures are the header: a unit in its corner ("($000)")
    // is no figure that makes the label column a column of values.
    return { cells, ...(r < headerRows ? { inHead: true } : {}) };
  });
}

export interface GridPage {
  page: LayoutPage;
  /** One text line per non-empty row, derived from the page: located by sheet, row and column. */
  lines: TextLine[];
  /** What could not be read as a table, in a requester's words. */
  notes: string[];
}

/** One grid → its layout page and text lines. */
export function gridPage(rows: GridRow[], options: GridPageOptions): GridPage {
  const name = options.columnName ?? ((c: number) => columnLetter(c + 1));
  const used = rows.filter(nonEmpty);
  const width = Math.max(1, ...used.map((r) => r.cells.length));
  const total = Math.max(1, used.length);
  const lineIndex = new Map(used.map((row, i) => [row.number, i]));
  const rowBox = (number: number): Box => {
    const i = lineIndex.get(number) ?? 0;
    return [0, i / total, 1, (i + 1) / total];
  };
  const cellBox = (number: number, c: number, span = 1): Box => {
    const [, y0, , y1] = rowBox(number);
    return [c / width, y0, Math.min(1, (c + span) / width), y1];
  };

  const layoutLines: LayoutLine[] = [];
  const lines: TextLine[] = [];
  for (const row of used) {
    const cells: TextCell[] = [];
    row.cells.forEach((raw, c) => {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text) cells.push({ text, column: name(c), box: cellBox(row.number, c) });
    });
    const text = cells.map((c) => c.text).join(' | ');
    const box = unionBox(cells.map((c) => c.box as Box));
    layoutLines.push({
      text,
      box,
      segments: cells.map((c) => ({ text: c.text, box: c.box as Box, words: [] })),
    });
    const line: TextLine = {
      text,
      location: {
        ...(options.sheet !== undefined ? { sheet: options.sheet, page: options.page } : {}),
        row: row.number,
        ...(options.url ? { url: options.url } : {}),
      },
      cells,
      box,
    };
    lines.push(line);
  }

  const tables: LayoutTable[] = [];
  const notes: string[] = [];
  for (const block of blocksOf(used)) {
    if (block.rows.length < 2) continue;
    const cellCount = block.rows.reduce((n, row) => n + filled(row), 0);
    if (cellCount > MAX_TABLE_CELLS) {
      // Reading a table is quadratic in its cells: a data export this big is read by its lines.
      const where = options.sheet !== undefined ? `The sheet ${options.sheet}` : 'The file';
      notes.push(
        `${where} holds a table of ${block.rows.length} rows (${cellCount} cells): its values were read row by row, not as a table (tables are read up to ${MAX_TABLE_CELLS} cells)`,
      );
      continue;
    }
    const context = block.titles.map((t) => t.cells.filter((c) => c.trim()).join(' '));
    const markup = markupRows(block.rows, width, options.merges ?? [], name);
    const table = tableFromMarkup(markup, {
      page: options.page,
      context,
      ...(context[0] ? { title: context[0] } : {}),
      rowBox: (r) => {
        const number = block.rows[r]?.number ?? 0;
        return rowBox(number);
      },
      origin: 'grid',
    });
    if (!table) continue;
    // Cells are boxed on the grid's columns, not spread over the columns the table kept.
    for (const cell of table.cells) {
      if (!cell.gridRef) continue;
      const column = columnIndex(cell.gridRef.column, name, width);
      if (column !== undefined) cell.box = cellBox(cell.gridRef.row, column, cell.colSpan);
    }
    // The heading over the label column ("Revenue (USD thousands)" over East, West) names what
    // the rows measure, as a title does: "Revenue East 2023" is the East row.
    const corner = table.cells
      .filter((c) => c.row < table.headerRows && c.column < table.labelColumns && c.text.trim() !== '')
      .map((c) => c.text.trim())
      .join(' ');
    if (corner && !table.title) table.title = corner;
    else if (corner) table.context.push(corner);
    table.box = unionBox(table.cells.map((c) => c.box));
    table.rowTexts = block.rows.map((row) => row.cells.filter((c) => c.trim()).join(' | '));
    tables.push(table);
  }

  const page: LayoutPage = {
    number: options.page,
    width: 1,
    height: 1,
    source: 'grid',
    words: [],
    lines: layoutLines,
    tables,
  };
  if (options.sheet !== undefined) page.sheet = options.sheet;
  if (options.url) page.url = options.url;
  return { page, lines, notes };
}

function columnIndex(column: string, name: (c: number) => string, width: number): number | undefined {
  for (let c = 0; c < width; c++) if (name(c) === column) return c;
  return undefined;
}
