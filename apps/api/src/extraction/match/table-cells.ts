import type { NormalisedValue } from '@sieve/contracts';
import { latestPeriod, type Period, parsePeriod } from '../lexicon/periods';
import { cellAt, type LayoutPage, type LayoutTable, type TableCell } from '../model/layout';
import { formatLocation } from '../model/location';
import type { ExtractedItem, ItemAnchor } from '../model/types';
import { columnHeaderPath, isFigureText } from '../tables/table-builder';
import { columnUnitOf, pageScales } from './figure-values';
import { plainWords, words } from './label-words';

/**
 * A table as the matcher reads it: each figure column's header, period and words, the wholes its
 * rows are part of; and the candidate answer a cell gives, with its anchor and location.
 */

export interface TableCandidate {
  score: number;
  value: NormalisedValue;
  item: ExtractedItem;
  cell: TableCell;
  table: LayoutTable;
  /** No period was named and the latest column was taken. */
  latestAssumed: boolean;
}

interface PreparedColumn {
  column: number;
  header: string;
  period: Period | undefined;
  /** The header names a year itself (not one taken from the title). */
  ownYears: boolean;
  words: string[];
  /** Its figures are percentages of revenue ("% of net sales"): a profit's share there is its margin. */
  ofRevenue: boolean;
}

export interface PreparedTable {
  table: LayoutTable;
  columns: PreparedColumn[];
  titleWords: string[];
  /**
   * For each row, the words of the whole it is part of: the total that closes its rows
   * ("Subscription", "Professional services" above "Total revenue" are revenue).
   */
  wholeWords: string[][];
}

const prepared = new WeakMap<LayoutTable, PreparedTable>();

/** "% of net sales", "as a percentage of revenue", "percent of total revenues". */
const OF_REVENUE =
  /(?:%|\bper\s?cent(?:age)?)\s+of\s+(?:total\s+)?(?:net\s+)?(?:revenues?|sales|turnover)\b/i;

const CHANGE_HEADER = /Δ|\+\s*\/\s*[-–−]|\bvar\.|\bvariance\b|\bchg\b|\byoy\b|\by\/y\b/i;

export function prepare(table: LayoutTable): PreparedTable {
  const cached = prepared.get(table);
  if (cached) return cached;
  const contextPeriod = [table.title ?? '', ...table.context]
    .map((t) => parsePeriod(t))
    .find((p) => p?.years.length);
  const columns: PreparedColumn[] = [];
  for (let c = table.labelColumns; c < table.columnCount; c++) {
    if (table.noteColumns.includes(c)) continue;
    const header = columnHeaderPath(table, c).join(' ');
    const own = parsePeriod(header);
    // Quarter columns under a "Fiscal 2019" that sits in the title, or a single column under "2019".
    let period = own;
    if (contextPeriod && (!own || own.years.length === 0)) {
      period = { ...(own ?? {}), years: contextPeriod.years };
    }
    // "% Change" is not "$ Change": the sign names the column when words do too. A units caption
    // over the years ("(In millions, except percentages)") names what the column is not.
    const named = header.replace(/\bexcept\b[^)]*/gi, ' ');
    const colWords = plainWords(named);
    if (
      (colWords.length > 0 && /%|\bper\s?cent\b/i.test(named)) ||
      (columnUnitOf(table, c) === 'percent' && !colWords.includes('percent'))
    )
      colWords.push('percent');
    // "Δ %", "+/-", "Var.", "Chg": the change on the year before.
    if (CHANGE_HEADER.test(header) && !colWords.includes('change')) colWords.push('change');
    const ofRevenue =
      colWords.includes('percent') &&
      (OF_REVENUE.test(header) ||
        (!/%/.test(header) && OF_REVENUE.test([table.title ?? '', ...table.context].join(' '))));
    columns.push({
      column: c,
      header,
      period,
      ownYears: Boolean(own?.years.length),
      words: colWords,
      ofRevenue,
    });
  }
  // A change column headed with no period is the latest period's change on the one before.
  const latest = latestPeriod(columns.flatMap((c) => (c.period?.years.length ? [c.period] : [])));
  for (const col of columns)
    if (latest && !col.period?.years.length && col.words.includes('change')) col.period = { ...latest };
  // A fiscal year ending in another month than December ("Year Ended January 28, 2024"): its
  // three-month columns are fiscal quarters too, the one ending in that month the fourth.
  const yearEnd = columns.find((c) => c.period?.months === 12 && c.period.month !== undefined)?.period?.month;
  if (yearEnd !== undefined && yearEnd !== 12) {
    for (const col of columns) {
      const p = col.period;
      const year = p?.years.at(-1);
      if (p?.months !== 3 || p.month === undefined || p.quarter !== undefined || year === undefined) continue;
      const back = Math.round(((yearEnd - p.month + 12) % 12) / 3);
      if (back > 3) continue;
      col.period = { ...p, fiscalQuarter: { quarter: 4 - back, year: p.month <= yearEnd ? year : year + 1 } };
    }
  }
  // Pairs of columns ("2024 £m | % of revenue | 2023 £m | % of revenue"): a heading repeated
  // without a period takes the period of the column before it.
  for (const [i, col] of columns.entries()) {
    const before = columns[i - 1];
    if (col.period?.years.length || !before?.period?.years.length || before.column !== col.column - 1)
      continue;
    if (columns.filter((o) => o.header === col.header).length >= 2) col.period = { ...before.period };
  }
  const wholeWords: string[][] = [];
  const totals = new Map<string, string[]>();
  for (let r = table.rowCount - 1; r >= table.headerRows; r--) {
    const row = table.rowLabels[r];
    if (!row || row.isHeading) continue;
    const key = row.section.join('\n');
    if (row.isTotal)
      totals.set(
        key,
        words(row.name).filter((w) => w !== 'total'),
      );
    else wholeWords[r] = totals.get(key) ?? [];
  }
  const result = { table, columns, titleWords: words(`${table.title ?? ''}`), wholeWords };
  prepared.set(table, result);
  return result;
}

export function rowText(table: LayoutTable, row: number): string {
  const printed = table.rowTexts?.[row];
  if (printed) return printed;
  return table.cells
    .filter((c) => c.row === row)
    .sort((a, b) => a.column - b.column)
    .map((c) => c.text)
    .join('  ');
}

/** A spreadsheet or CSV cell's address on its anchor (row 7, column "B"). */
export function withGridRef(anchor: ItemAnchor, cell: TableCell): void {
  if (!cell.gridRef) return;
  anchor.row = cell.gridRef.row;
  anchor.column = cell.gridRef.column;
}

/** A grid cell's location as a spreadsheet names it ("Sheet1!B7", "row 7, column B"). */
export function gridLocation(page: LayoutPage, cell: TableCell): string | undefined {
  if (!cell.gridRef) return undefined;
  return formatLocation({
    ...(page.sheet !== undefined ? { sheet: page.sheet } : {}),
    row: cell.gridRef.row,
    column: cell.gridRef.column,
  });
}

export function locationOf(page: number, table: LayoutTable, rowName: string, header: string): string {
  const onPage = pageScales.get(table);
  const scaleNote = table.scaleNote ?? (onPage && `${onPage} as the page states for all amounts`);
  return [`page ${page}`, table.title, rowName, header, scaleNote && `scale: ${scaleNote}`]
    .filter((p) => p && p.trim() !== '')
    .join(' · ');
}

/**
 * The candidate a cell gives, if it holds a figure: its value (read by `read`), anchor and
 * location under the names it is known by. Score and period assumption are the caller's.
 */
export function candidateAt(
  page: LayoutPage,
  table: LayoutTable,
  row: number,
  column: number,
  names: { rowName: string; header: string },
  read: (text: string) => NormalisedValue,
): Omit<TableCandidate, 'score' | 'latestAssumed'> | undefined {
  const cell = cellAt(table, row, column);
  if (!cell || cell.row !== row || cell.text.trim() === '' || !isFigureText(cell.text)) return undefined;
  const value = read(cell.text);
  const anchor: ItemAnchor = { page: table.page, box: cell.box, row_label: names.rowName };
  if (names.header) anchor.column_label = names.header;
  if (page.url) anchor.url = page.url;
  if (page.sheet) anchor.sheet = page.sheet;
  withGridRef(anchor, cell);
  return {
    value,
    cell,
    table,
    item: {
      value,
      location: gridLocation(page, cell) ?? locationOf(table.page, table, names.rowName, names.header),
      source_text: rowText(table, row),
      source_url: page.url ?? null,
      confidence: 0,
      anchor,
    },
  };
}

export interface TableMatch {
  /** Every figure that could answer, best first. */
  candidates: TableCandidate[];
  /**
   * The best score of a row and column that fit the data point but hold no figure in that column
   * (a scan lost it, a lone "$" is left): a lesser row answering instead is less sure.
   */
  blankScore?: number;
}

export function rowHasFigure(table: LayoutTable, row: number): boolean {
  return table.cells.some((c) => c.row === row && c.column >= table.labelColumns && isFigureText(c.text));
}

export function columnHasFigure(table: LayoutTable, column: number): boolean {
  return table.cells.some((c) => c.column === column && c.row >= table.headerRows && isFigureText(c.text));
}
