import type { ItemAnchor } from '@sieve/contracts';
import { type Box, roundBox, unionBox } from './layout';
import type { ExtractedDocument, SourceLocation, TextLine } from './types';

/**
 * The anchor of a value read from a text line (a labelled line, a sentence, a row read as a
 * line): its page, the box of the value's words on the line (else the cell's, else the line's),
 * and where the line sits in a sheet or on a crawled page. Every answer carries one, whatever
 * answerer found it (docs/extraction/README.md, "The anchor").
 */
export function lineAnchor(
  doc: ExtractedDocument,
  line: TextLine | undefined,
  location: SourceLocation,
  raw: string,
): ItemAnchor | undefined {
  if (!line) return undefined;
  const pageNumber = location.page ?? 1;
  const cell = location.column ? line.cells?.find((c) => c.column === location.column) : undefined;
  let box: Box | undefined = cell?.box ?? line.box;
  if (!box) return undefined;
  const page = doc.layout?.find(
    (p) =>
      p.number === pageNumber &&
      (location.url === undefined || p.url === undefined || p.url === location.url),
  );
  const words = valueWords(page?.words ?? [], box, raw);
  if (words.length > 0) box = unionBox(words);
  const anchor: ItemAnchor = { page: pageNumber, box: roundBox(box) };
  if (location.sheet !== undefined) anchor.sheet = location.sheet;
  if (location.row !== undefined) anchor.row = location.row;
  if (location.column !== undefined && /^[A-Z]{1,3}$/.test(location.column)) anchor.column = location.column;
  if (location.url !== undefined) anchor.url = location.url;
  return anchor;
}

const norm = (text: string) => text.replace(/[\s,]+/g, '').toLowerCase();

/** The boxes of the words inside `within` that spell the value (its figure, symbol and unit words). */
function valueWords(words: { text: string; box: Box }[], within: Box, raw: string): Box[] {
  const value = norm(raw);
  if (value === '') return [];
  const inside = words.filter((w) => {
    const cy = (w.box[1] + w.box[3]) / 2;
    const cx = (w.box[0] + w.box[2]) / 2;
    return cy >= within[1] && cy <= within[3] && cx >= within[0] - 0.001 && cx <= within[2] + 0.001;
  });
  // The run of consecutive words whose text joined is the value (or holds it).
  for (let i = 0; i < inside.length; i++) {
    let joined = '';
    for (let j = i; j < inside.length && j < i + 8; j++) {
      joined += norm((inside[j] as { text: string }).text);
      if (!value.startsWith(joined) && !joined.includes(value)) break;
      if (joined.length >= value.length) return inside.slice(i, j + 1).map((w) => w.box);
    }
  }
  return [];
}
