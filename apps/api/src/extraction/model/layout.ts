import type { Scale } from '@sieve/contracts';

/**
 * The one layout model every reader produces (DESIGN §11): pages → words with boxes → lines
 * (split into segments at wide gaps) → tables (cells with row, column, spans and box; header
 * rows; row labels with their section path). Providers, confidence and the review screen
 * consume only this.
 *
 * Boxes are normalised to 0–1 of the page's width and height, top-left origin, so they do not
 * depend on zoom or render size. Images are one page each; an HTML page or a sheet is one page
 * whose boxes are laid out on a grid of its lines and cells.
 */

/** [x0, y0, x1, y1], 0–1 of the page, top-left origin. */
export type Box = [number, number, number, number];

export interface LayoutWord {
  text: string;
  box: Box;
  /** OCR's confidence in the word, 0–1; absent for text read from a text layer or markup. */
  confidence?: number;
  /**
   * The word starts a run of its own (an element placed apart in HTML converted from PDF): it
   * starts a segment whatever the estimated gap before it.
   */
  runStart?: boolean;
}

/** A run of words on one line with no wide gap inside: a table cell, a label, a value. */
export interface LayoutSegment {
  text: string;
  box: Box;
  words: LayoutWord[];
}

export interface LayoutLine {
  text: string;
  box: Box;
  segments: LayoutSegment[];
}

export interface TableCell {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  box: Box;
  /**
   * The most an answer read from this cell can be trusted, when its reading says less than the
   * text does (a chart's value measured from its mark, not printed).
   */
  confidence?: number;
  /** Where the cell sits in its spreadsheet or CSV: the sheet's 1-based row and column letter. */
  gridRef?: GridRef;
}

/** A spreadsheet cell's address: row 7, column "B" (Sheet1!B7). */
export interface GridRef {
  row: number;
  column: string;
}

/** What a table row stands for, read from its label and its values. */
export interface RowLabel {
  /** The label as printed (a wrapped label joined into one). */
  text: string;
  /** What the row is called when read on its own: a bare "Total" is named by its section ("Total other assets"). */
  name: string;
  /** Where the label starts (x0 of its box), for indentation. */
  indent?: number;
  /** Headings of the sections the row sits in, outermost first ("Assets", "Current assets"). */
  section: string[];
  /** A row with a label and no values that heads the rows below it. */
  isHeading: boolean;
  /** "Total", "Total current assets", "Subtotal", "Net …" rows. */
  isTotal: boolean;
}

export type ColumnUnit = Scale | 'percent';

export interface LayoutTable {
  /** Page number (1-based) where the table starts. */
  page: number;
  box: Box;
  /** The caption or the heading just above the table, if any. */
  title?: string;
  /** Text around the table that states its scale or units (title, caption, notes above). */
  context: string[];
  rowCount: number;
  columnCount: number;
  /** The first `headerRows` rows are column headers. */
  headerRows: number;
  /** Columns 0 … labelColumns-1 hold row labels; the rest hold values. */
  labelColumns: number;
  cells: TableCell[];
  /** Per row (undefined for header rows and rows with no label). */
  rowLabels: (RowLabel | undefined)[];
  /** The scale the table states for its figures ("in thousands", "£m"). */
  scale?: Scale;
  /** Set when the table's sources state different scales: which was used, and the others. */
  scaleNote?: string;
  /** The scale of share counts when the table states one apart ("shares in thousands"). */
  shareScale?: Scale;
  /** Per column, a unit its header states ("£m", "%", "$000"), overriding the table's. */
  columnUnits: (ColumnUnit | undefined)[];
  /** Value-side columns that hold note references, not figures ("Note", "Notes"). */
  noteColumns: number[];
  /** Set when the rows continue a table from an earlier page (its header repeated or not). */
  continuedFrom?: number;
  /** Each row as printed (its line of text), for an item's source text. */
  rowTexts?: string[];
  /** Where the cells came from: positions on a page, or a DOM / spreadsheet grid. */
  origin: 'positions' | 'grid';
}

export interface LayoutPage {
  /** 1-based. */
  number: number;
  /** The page's size in its own units (PDF points, image pixels; 1 × 1 for markup). */
  width: number;
  height: number;
  source: 'text' | 'ocr' | 'markup' | 'grid';
  /** The crawled page's URL (websites) or the sheet's name (spreadsheets). */
  url?: string;
  sheet?: string;
  words: LayoutWord[];
  lines: LayoutLine[];
  tables: LayoutTable[];
  /** Mean OCR word confidence, 0–1, for OCR'd pages. */
  ocrConfidence?: number;
  /**
   * A scan read turned upright: the clockwise quarter turn it was read at. Its words, lines and
   * tables are those of the upright page; `storedBox` puts a box back on the page as stored.
   */
  turn?: 90 | 180 | 270;
}

export function unionBox(boxes: Box[]): Box {
  if (boxes.length === 0) return [0, 0, 0, 0];
  let [x0, y0, x1, y1] = boxes[0] as Box;
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
}

export function roundBox(box: Box): Box {
  return box.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000) as Box;
}

/** The cell at (row, column), following spans. */
export function cellAt(table: LayoutTable, row: number, column: number): TableCell | undefined {
  return table.cells.find(
    (c) => row >= c.row && row < c.row + c.rowSpan && column >= c.column && column < c.column + c.colSpan,
  );
}

/** A box of a page read turned upright (`LayoutPage.turn`, clockwise), where it is on the page as stored. */
export function storedBox(box: Box, turn: 90 | 180 | 270 | undefined): Box {
  const [x0, y0, x1, y1] = box;
  if (turn === 90) return roundBox([y0, 1 - x1, y1, 1 - x0]);
  if (turn === 270) return roundBox([1 - y1, x0, 1 - y0, x1]);
  if (turn === 180) return roundBox([1 - x1, 1 - y1, 1 - x0, 1 - y0]);
  return box;
}
