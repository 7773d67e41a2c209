/**
 * The model of a generated report page (corpus for `pnpm quality`, DESIGN §11): tables with
 * header rows, sections, totals, wrapped labels, note columns and units, and for each figure the
 * value it stands for and the ways an analyst would name it. Renderers turn a page into HTML (two
 * markup styles) and PDF (Chromium's print of the HTML, or pdf-lib drawing at positions).
 */

export interface HeaderCell {
  text: string;
  /** How many value columns it spans. */
  span: number;
}

export interface ColumnModel {
  /** Ways an analyst names this column's period ("2019", "FY2019", "December 31, 2019"). */
  periodNames: string[];
  /** A qualifier an analyst adds when columns share a period ("Company"), if any. */
  qualifier?: string;
  /** Whether this is the latest period (taken when no period is named). */
  isLatest: boolean;
}

export interface RowModel {
  /** The label as printed; `wrapAt` splits it over two lines. */
  label: string;
  wrapAt?: number;
  indent: number;
  kind: 'heading' | 'data' | 'total';
  /** Printed cells, one per value column ('' for empty). */
  cells: string[];
  /** The value each cell stands for (null for a dash). */
  expected: (number | null)[];
  /** Ways an analyst names the row ("Total deferred charges" for a bare "Total"). */
  names: string[];
  note?: string;
  /** Print "$" in its own cell before the figures of this row. */
  dollar?: boolean;
  tags: string[];
}

export interface TableModel {
  title?: string;
  /** Printed under the title ("(In millions, except per share data)"). */
  scaleText?: string;
  /** Printed in the label column of the last header row ("£m", "(in thousands)"). */
  cornerText?: string;
  headerRows: HeaderCell[][];
  columns: ColumnModel[];
  rows: RowModel[];
  hasNoteColumn: boolean;
  tags: string[];
  /** PDF: dots lead from each label to its figures. */
  dotLeaders?: boolean;
  /**
   * Printed the other way round: periods down the label column, the rows' labels across the top
   * with these units under them ('' for none). The model stays row-oriented; `printedTable` turns it.
   */
  transposedUnits?: string[];
}

export interface PageModel {
  id: string;
  kind: string;
  company: string;
  heading: string;
  intro?: string;
  tables: TableModel[];
  footer?: string;
  /** Paragraphs set in a column beside the (first and only) table, as review pages are. */
  sideProse?: { side: 'left' | 'right'; paragraphs: string[] };
  /** Split the first table over two PDF pages after this many body rows. */
  splitAfterRows?: number;
  repeatHeaderOnSplit?: boolean;
}

function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The table as it is printed: a transposed table becomes periods (rows) × measures (columns). */
export function printedTable(table: TableModel): TableModel {
  const units = table.transposedUnits;
  if (!units) return table;
  const measures = table.rows.filter((row) => row.kind !== 'heading');
  const periods = table.headerRows.at(-1) ?? [];
  // Long labels stack over narrow figure columns, as typesetters set them (bottom-aligned).
  const stacked = measures.map((m) => wrapWords(m.label, 12));
  const depth = Math.max(...stacked.map((lines) => lines.length));
  const headerRows: HeaderCell[][] = Array.from({ length: depth }, (_, line) =>
    stacked.map((lines) => ({ text: lines[line - (depth - lines.length)] ?? '', span: 1 })),
  );
  if (units.some((u) => u !== '')) headerRows.push(units.map((u) => ({ text: u, span: 1 })));
  return {
    ...table,
    transposedUnits: undefined,
    headerRows,
    columns: measures.map(() => ({ periodNames: [], isLatest: false })),
    rows: periods.map((period, c) => ({
      label: period.text,
      indent: 0,
      kind: 'data',
      cells: measures.map((m) => m.cells[c] ?? ''),
      expected: measures.map((m) => m.expected[c] ?? null),
      names: [],
      tags: [],
    })),
  };
}

export interface CorpusCase {
  dataPoint: string;
  expected: number | null;
  caseType: string;
}

// Case types, most specific first: a data point is reported under the first of its tags.
const CASE_ORDER = [
  'continued table',
  'transposed',
  'beside prose',
  'scanned',
  'total under section',
  'wrapped label',
  'footnote mark',
  'five-year',
  'note column',
  'section qualifier',
  'column qualifier',
  'latest period',
  'per share',
  'percent',
  'share count',
  'quarter',
  'range header',
  'date header',
  'negative',
  'dash blank',
  'dollar cell',
  'second table',
  'two-row header',
  'plain',
];

export function caseTypeOf(tags: string[]): string {
  return CASE_ORDER.find((t) => tags.includes(t)) ?? 'plain';
}
