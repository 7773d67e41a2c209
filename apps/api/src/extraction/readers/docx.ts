import * as cheerio from 'cheerio';
import { DocumentError } from '../errors';
import type { ExtractedDocument, TextCell, TextLine } from '../model/types';
import { checkZipBomb, readZipEntry } from './zip-guard';

/**
 * Word .docx → one line per paragraph, one line per table row (cells joined by " | "), numbered
 * in reading order. Reads word/document.xml after the zip-bomb guard.
 */

function paragraphText($: cheerio.CheerioAPI, paragraph: Parameters<cheerio.CheerioAPI>[0]): string {
  let text = '';
  $(paragraph)
    .find('w\\:t, w\\:tab, w\\:br, w\\:cr')
    .each((_, node) => {
      const name = (node as { name?: string }).name;
      if (name === 'w:t') text += $(node).text();
      else text += ' ';
    });
  return text.replace(/\s+/g, ' ').trim();
}

export function loadDocx(bytes: Uint8Array, options: { sourceUrl?: string } = {}): ExtractedDocument {
  const entries = checkZipBomb(bytes, {}, 'document');
  const main = entries.find((e) => e.name === 'word/document.xml');
  if (!main) throw new DocumentError('The file is not a readable Word document (damaged or not a .docx)');
  const $ = cheerio.load(readZipEntry(bytes, main).toString('utf8'), { xml: true });
  const lines: TextLine[] = [];
  const push = (text: string, cells?: TextCell[]) => {
    if (!text) return;
    const line: TextLine = { text, location: { line: lines.length + 1 } };
    if (cells && cells.length > 1) line.cells = cells;
    lines.push(line);
  };
  $('w\\:body')
    .children()
    .each((_, block) => {
      const name = (block as { name?: string }).name;
      if (name === 'w:p') push(paragraphText($, block));
      else if (name === 'w:tbl') {
        $(block)
          .find('w\\:tr')
          .each((_, row) => {
            const cells: TextCell[] = [];
            $(row)
              .children('w\\:tc')
              .each((column, cell) => {
                const text = $(cell)
                  .children('w\\:p')
                  .toArray()
                  .map((p) => paragraphText($, p))
                  .filter(Boolean)
                  .join(' ');
                if (text) cells.push({ text, column: String(column + 1) });
              });
            push(cells.map((c) => c.text).join(' | '), cells);
          });
      }
    });
  const doc: ExtractedDocument = { kind: 'text', lines };
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  return doc;
}
