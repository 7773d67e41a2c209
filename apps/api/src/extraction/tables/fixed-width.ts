import { type Box, type LayoutTable, type LayoutWord, unionBox } from '../model/layout';
import { layoutPageFromWords } from '../model/layout-builder';

/**
 * Tables typed in fixed-width text — `<pre>` blocks of older filings, SEC `.txt` documents, plain
 * text exports — read by position like a PDF page: each character is one unit wide, each line
 * one pitch high, so two or more spaces part columns and one space joins the words of a label.
 * Rule lines (`-----`, `=====`) are not text.
 */

const PITCH = 2;
const GLYPH = 1.5;

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/**
 * The tables of fixed-width lines, their cells boxed on the document's own lines (`boxOfLine`
 * gives the box of raw line i; undefined for lines the document does not show).
 */
export function fixedWidthTables(
  raw: string[],
  boxOfLine: (i: number) => Box | undefined,
  page = 1,
): LayoutTable[] {
  const lines = raw.map(expandTabs);
  const width = Math.max(1, ...lines.map((l) => l.length));
  const height = Math.max(1, lines.length * PITCH);
  const words: LayoutWord[] = [];
  lines.forEach((line, i) => {
    if (/^[\s\-=_|+*]*$/.test(line)) return;
    for (const m of line.matchAll(/\S+/g)) {
      const x0 = m.index ?? 0;
      const top = i * PITCH + (PITCH - GLYPH) / 2;
      words.push({
        text: m[0],
        box: [x0 / width, top / height, (x0 + m[0].length) / width, (top + GLYPH) / height],
      });
    }
  });
  // Only text with figures set apart in columns is worth reading as tables.
  if (!lines.some((l) => /\S\s{2,}[($€£-]?\d/.test(l))) return [];
  const layout = layoutPageFromWords({ number: page, width, height, source: 'text', words });
  const lineOf = (y: number) => Math.max(0, Math.min(lines.length - 1, Math.floor((y * height) / PITCH)));
  const rebox = (box: Box): Box => {
    const top = boxOfLine(lineOf(box[1] + 1e-9));
    const bottom = boxOfLine(lineOf(box[3] - 1e-9));
    if (!top || !bottom) return box;
    const rows = unionBox([top, bottom]);
    return [box[0], rows[1], box[2], rows[3]];
  };
  for (const table of layout.tables) {
    table.page = page;
    for (const cell of table.cells) cell.box = rebox(cell.box);
    table.box = rebox(table.box);
  }
  return layout.tables;
}
