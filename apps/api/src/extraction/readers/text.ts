import type { Box, LayoutPage } from '../model/layout';
import { markupPage } from '../model/layout-builder';
import type { ExtractedDocument, TextLine } from '../model/types';
import { fixedWidthTables } from '../tables/fixed-width';

// Windows-1252 differs from Latin-1 in 0x80–0x9F (Node's decoder treats the label as Latin-1).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Bytes → text: UTF-8 (BOM dropped), falling back to Windows-1252 for legacy exports. */
export function decodeText(bytes: Uint8Array | string): string {
  if (typeof bytes === 'string') return bytes.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    let text = '';
    for (const byte of bytes) {
      text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    }
    return text;
  }
}

/**
 * Plain text (uploads, custom-prompt text, SEC .txt filings) → one line per non-blank source
 * line, numbered as in the source. Tab-separated fields become cells.
 */
export function loadText(
  input: Uint8Array | string,
  options: { sourceUrl?: string; title?: string } = {},
): ExtractedDocument {
  const text = decodeText(input);
  const lines: TextLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const fields = raw.split('\t').map((f) => f.replace(/\s+/g, ' ').trim());
    const cells = fields.filter((f) => f !== '');
    if (cells.length === 0) return;
    const line: TextLine = {
      text: cells.join(cells.length > 1 && raw.includes('\t') ? ' | ' : ' '),
      location: { line: index + 1 },
    };
    if (raw.includes('\t') && cells.length > 1) {
      line.cells = fields.flatMap((f, i) => (f === '' ? [] : [{ text: f, column: String(i + 1) }]));
    }
    lines.push(line);
  });
  const doc: ExtractedDocument = { kind: 'text', lines };
  // One page of the layout model, each source line a band of it: tables typed with spaces (SEC
  // .txt filings, reports exported as text) read by position, every answer anchored to its line.
  const raw = text.split(/\r\n|\r|\n/);
  const band = (i: number): Box => [0, i / raw.length, 1, (i + 1) / raw.length];
  for (const line of lines) line.box = band((line.location.line ?? 1) - 1);
  const page = markupPage(lines, fixedWidthTables(raw, band), options.sourceUrl);
  // Without tables the model adds nothing the lines do not say (and a long filing reads faster).
  if (page.tables.length > 0) doc.layout = [page];
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  if (options.title) doc.title = options.title;
  return doc;
}
