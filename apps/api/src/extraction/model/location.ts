import type { ExtractedDocument, SourceLocation } from './types';

/** A location as a reviewer reads it: "page 2, line 14", "Sheet1!B7", "row 7, column B", "line 3". */
export function formatLocation(location: SourceLocation): string {
  if (location.sheet !== undefined) {
    const sheet = /^[A-Za-z0-9_]+$/.test(location.sheet)
      ? location.sheet
      : `'${location.sheet.replace(/'/g, "''")}'`;
    if (location.column !== undefined && location.row !== undefined)
      return `${sheet}!${location.column}${location.row}`;
    if (location.row !== undefined) return `${sheet}!${location.row}:${location.row}`;
    return sheet;
  }
  const parts: string[] = [];
  if (location.page !== undefined) parts.push(`page ${location.page}`);
  if (location.line !== undefined) parts.push(`line ${location.line}`);
  if (location.row !== undefined) parts.push(`row ${location.row}`);
  if (location.column !== undefined) parts.push(`column ${location.column}`);
  return parts.join(', ');
}

/** The URL a line came from: the crawled page for websites, else the document's own URL. */
export function sourceUrlOf(doc: ExtractedDocument, location: SourceLocation): string | null {
  return location.url ?? doc.sourceUrl ?? null;
}

/** Spreadsheet column letters: 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
