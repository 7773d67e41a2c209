import * as cheerio from 'cheerio';
import { DocumentError } from '../errors';
import type { Box, LayoutPage, LayoutTable } from '../model/layout';
import { markupPage } from '../model/layout-builder';
import type { ExtractedDocument, TextCell, TextLine } from '../model/types';
import { type MarkupCell, type MarkupRow, tableFromMarkup, titleAbove } from '../tables/markup-tables';
import { checkZipBomb, readZipEntry } from './zip-guard';

/**
 * Word .docx → one line per paragraph, one line per table row (cells joined by " | "), numbered
 * in reading order, and one page of the layout model whose tables are the document's tables read
 * by the table builder (as HTML tables are). Reads word/document.xml after the zip-bomb guard.
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
  // Each Word table, as markup rows on the lines it was written to, read by the table builder.
  const pending: { rows: MarkupRow[]; lineIndexes: number[]; context: string[] }[] = [];
  const tableLines = new Set<number>();
  const contextAbove = (): string[] => {
    const context: string[] = [];
    for (let i = lines.length - 1; i >= 0 && context.length < 3 && !tableLines.has(i); i--)
      context.unshift((lines[i] as TextLine).text);
    return context;
  };
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
        const table: (typeof pending)[number] = {
          rows: [],
          lineIndexes: [],
          // The paragraphs just above (not rows of an earlier table) name the table and may state
          // its units ("in thousands"), as the text above an HTML table does.
          context: contextAbove(),
        };
        $(block)
          .find('w\\:tr')
          .each((_, row) => {
            const cells: TextCell[] = [];
            const markup: MarkupCell[] = [];
            $(row)
              .children('w\\:tc')
              .each((column, cell) => {
                const text = $(cell)
                  .children('w\\:p')
                  .toArray()
                  .map((p) => paragraphText($, p))
                  .filter(Boolean)
                  .join(' ');
                const span = Number($(cell).find('w\\:tcPr > w\\:gridSpan').attr('w:val') ?? 1);
                markup.push({ text, colSpan: Number.isFinite(span) && span > 0 ? span : 1, rowSpan: 1 });
                if (text) cells.push({ text, column: String(column + 1) });
              });
            if (cells.length === 0) return;
            table.rows.push({ cells: markup });
            table.lineIndexes.push(lines.length);
            tableLines.add(lines.length);
            push(cells.map((c) => c.text).join(' | '), cells);
          });
        if (table.rows.length >= 2) pending.push(table);
      }
    });
  const doc: ExtractedDocument = { kind: 'text', lines };
  // Like an HTML page: one page whose lines are bands of it, cells split by column.
  const total = Math.max(1, lines.length);
  const lineBox = (i: number): Box => [0, i / total, 1, (i + 1) / total];
  lines.forEach((line, i) => {
    line.box = lineBox(i);
  });
  const tables: LayoutTable[] = [];
  for (const table of pending) {
    const title = titleAbove(table.context);
    const built = tableFromMarkup(table.rows, {
      page: 1,
      context: table.context,
      ...(title ? { title } : {}),
      rowBox: (r) => lineBox(table.lineIndexes[r] ?? 0),
    });
    if (!built) continue;
    built.rowTexts = table.lineIndexes.map((i) => lines[i]?.text ?? '');
    tables.push(built);
  }
  const page = markupPage(lines, tables, options.sourceUrl);
  doc.layout = [page];
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  return doc;
}
