import Papa from 'papaparse';
import { DocumentError } from '../errors';
import type { ExtractedDocument } from '../model/types';
import { type GridRow, gridPage } from '../tables/grid-tables';
import { decodeText } from './text';

export interface CsvOptions {
  /** The first row names the columns (spec 02 §3 `has_headers`, default true). */
  hasHeaders?: boolean;
  /** Keep only these columns: header names, or letters / 1-based numbers without headers. */
  columns?: string[];
  sourceUrl?: string;
}

function sameName(a: string, b: string): boolean {
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ')
      .trim();
  return key(a) === key(b);
}

function resolveColumns(wanted: string[], header: string[] | null, width: number): Set<number> {
  const keep = new Set<number>();
  const missing: string[] = [];
  for (const name of wanted) {
    let index = header ? header.findIndex((h) => sameName(h, name)) : -1;
    if (index < 0 && /^[A-Z]{1,3}$/i.test(name.trim())) {
      // A column letter: A → 0.
      index = [...name.trim().toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
    } else if (index < 0 && /^\d+$/.test(name.trim())) {
      index = Number(name.trim()) - 1;
    }
    if (index < 0 || index >= width) missing.push(name);
    else keep.add(index);
  }
  if (missing.length > 0) {
    const found = header ? ` (the header has: ${header.filter((h) => h.trim()).join(', ')})` : '';
    throw new DocumentError(
      `Column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found in the CSV${found}`,
    );
  }
  return keep;
}

const DELIMITERS = [',', ';', '\t', '|'];

/** Delimiter occurrences outside quotes on one line. */
export function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
  }
  return count;
}

/** The delimiter that splits the first lines into the same number of fields most consistently. */
export function detectDelimiter(text: string): string {
  const sample = text
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  let best = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const frequency = new Map<number, number>();
    for (const c of counts) if (c > 0) frequency.set(c, (frequency.get(c) ?? 0) + 1);
    let modeCount = 0;
    let modeLines = 0;
    for (const [count, lines] of frequency) {
      if (lines > modeLines || (lines === modeLines && count > modeCount)) {
        modeCount = count;
        modeLines = lines;
      }
    }
    // Share of lines agreeing on the field count first, then more fields.
    const score = sample.length === 0 ? 0 : modeLines / sample.length + modeCount / 1000;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * CSV → one page of the layout model: the grid's table (header rows, row labels with sections,
 * units) with each cell's address, and one text line per row derived from it, cells joined by
 * " | ", located by row (the file's row number, header = row 1) and column letter. The delimiter
 * is detected (comma, semicolon, tab, pipe).
 */
export function loadCsv(input: Uint8Array | string, options: CsvOptions = {}): ExtractedDocument {
  const text = decodeText(input);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: detectDelimiter(text) });
  const rows = parsed.data;
  const hasHeaders = options.hasHeaders ?? true;
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const headerIndex = hasHeaders ? rows.findIndex((row) => row.some((cell) => cell.trim() !== '')) : -1;
  const header = headerIndex >= 0 ? (rows[headerIndex] ?? []).map((h) => h.trim()) : null;
  const keep =
    options.columns && options.columns.length > 0 ? resolveColumns(options.columns, header, width) : null;

  // Columns not asked for are left empty, so every cell keeps its letter.
  const grid: GridRow[] = rows.map((row, index) => ({
    number: index + 1,
    cells: row.map((value, column) => (keep && !keep.has(column) ? '' : value)),
  }));
  const { page, lines, notes } = gridPage(grid, {
    page: 1,
    ...(options.sourceUrl ? { url: options.sourceUrl } : {}),
  });
  for (const line of lines) {
    if (line.location.row === headerIndex + 1 && (line.cells?.length ?? 0) > 1) line.isHeader = true;
  }
  const doc: ExtractedDocument = { kind: 'csv', lines, layout: [page] };
  if (notes.length) doc.notes = notes;
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  return doc;
}
