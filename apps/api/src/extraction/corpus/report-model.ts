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
}

export interface PageModel {
  id: string;
  kind: string;
  company: string;
  heading: string;
  intro?: string;
  tables: TableModel[];
  footer?: string;
  /** Split the first table over two PDF pages after this many body rows. */
  splitAfterRows?: number;
  repeatHeaderOnSplit?: boolean;
}

export interface CorpusCase {
  dataPoint: string;
  expected: number | null;
  caseType: string;
}

// Case types, most specific first: a data point is reported under the first of its tags.
const CASE_ORDER = [
  'continued table',
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
