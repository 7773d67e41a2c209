import { isUtf8 } from 'node:buffer';
import * as cheerio from 'cheerio';
import type { Box, LayoutPage, LayoutTable } from '../model/layout';
import { markupPage, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument, TextLine } from '../model/types';
import { linkContinuedTables } from '../tables/continued-tables';
import { fixedWidthTables } from '../tables/fixed-width';
import { headerBlockStarts, tableFromMarkup } from '../tables/markup-tables';
import { collapse, useClassStyles } from './html-dom';
import { scaleBelow, TextCollector, walk } from './html-walk';
import { type DomNode, positionedPages } from './positioned-html';

/**
 * HTML → the visible text in reading order: one line per heading, paragraph, list item or other
 * block; one line per table row, cells joined by " | "; scripts, styles and hidden elements
 * dropped.
 */

export interface ParsedHtml {
  document: ExtractedDocument;
  /** Absolute http(s) links of the page, fragments stripped (for the crawler). */
  links: string[];
}

/** Parses a page once for both its text and its links. `url` resolves relative links. */
export function parseHtml(html: string | Buffer, url?: string): ParsedHtml {
  // Bytes without a declared charset: UTF-8 when they are valid UTF-8 (saved pages and exports
  // rarely say so), otherwise the web's legacy default.
  const $ =
    typeof html === 'string'
      ? cheerio.load(html)
      : cheerio.loadBuffer(html, {
          encoding: { defaultEncoding: isUtf8(html) ? 'utf-8' : 'windows-1252' },
        });
  // Cheerio's root is a domhandler Document; the walk reads it through the DomNode shape.
  const root = $.root()[0] as unknown as DomNode;
  const styles = $('style')
    .map((_, el) => $(el).text())
    .get();
  const out = new TextCollector();
  useClassStyles(styles);
  try {
    walk(root, out);
  } finally {
    useClassStyles([]);
  }
  out.flush();
  // Markup has no geometry: a line is a band of the page, its cells split it by column.
  const total = Math.max(1, out.lines.length);
  const lineBox = (i: number): Box => [0, i / total, 1, (i + 1) / total];
  const lines: TextLine[] = out.lines.map((raw, i) => {
    const line: TextLine = { text: raw.text, location: { line: i + 1 }, box: lineBox(i) };
    if (raw.cells) line.cells = raw.cells;
    if (raw.isHeader) line.isHeader = true;
    return line;
  });
  const tables: LayoutTable[] = [];
  for (const [t, pending] of out.tables.entries()) {
    const below = scaleBelow(out, pending, out.tables[t + 1]);
    // A table that starts over with headers of its own is read as one table per part.
    const starts = headerBlockStarts(pending.rows);
    starts.forEach((start, i) => {
      const end = starts[i + 1] ?? pending.rows.length;
      const lineIndexes = pending.lineIndexes.slice(start, end);
      const build = (context: string[]) =>
        tableFromMarkup(pending.rows.slice(start, end), {
          page: 1,
          context,
          ...(pending.title ? { title: pending.title } : {}),
          rowBox: (r) => lineBox(lineIndexes[r] ?? 0),
        });
      let table = build(pending.context);
      if (table && table.scale === undefined && below) table = build([...pending.context, below]);
      if (table) {
        table.rowTexts = lineIndexes.map((l) => out.lines[l]?.text ?? '');
        tables.push(table);
      }
    });
  }
  for (const block of out.preBlocks) {
    tables.push(
      ...fixedWidthTables(block.raw, (i) => {
        const index = block.lineIndexes[i];
        return index === undefined ? undefined : lineBox(index);
      }),
    );
  }
  const page = markupPage(lines, tables, url);
  linkContinuedTables([page]);

  const title = collapse($('title').first().text()) || collapse($('h1').first().text()) || undefined;
  // Converted from PDF: text placed by position, read by position.
  const placed = positionedPages(root, styles, url);
  const document: ExtractedDocument = placed
    ? { kind: 'html', lines: textLinesFromLayout(placed), layout: placed }
    : { kind: 'html', lines, layout: [page] };
  if (placed) linkContinuedTables(placed);
  if (url) document.sourceUrl = url;
  if (title) document.title = title;

  const links: string[] = [];
  if (url) {
    let base: URL;
    try {
      base = new URL($('base[href]').attr('href') ?? url, url);
    } catch {
      base = new URL(url);
    }
    $('a[href], area[href]').each((_, element) => {
      const href = $(element).attr('href');
      if (!href) return;
      try {
        const link = new URL(href.trim(), base);
        if (link.protocol !== 'http:' && link.protocol !== 'https:') return;
        link.hash = '';
        links.push(link.href);
      } catch {
        // An unparsable href is skipped.
      }
    });
  }
  return { document, links };
}

/** HTML → an ExtractedDocument of kind "html" (visible text, reading order, line numbers). */
export function loadHtml(html: string | Buffer, url?: string): ExtractedDocument {
  return parseHtml(html, url).document;
}
