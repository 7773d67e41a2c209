import { isUtf8 } from 'node:buffer';
import * as cheerio from 'cheerio';
import type { ExtractedDocument, TextCell, TextLine } from '../types';
import { fixedWidthTables } from './fixed-width';
import type { Box, LayoutPage, LayoutTable } from './layout';
import { textLinesFromLayout } from './layout-builder';
import { headerBlockStarts, type MarkupCell, type MarkupRow, tableFromMarkup } from './markup-tables';
import { isPeriodStatement } from './periods';
import { linkContinuedTables } from './positional-tables';
import { type DomNode, positionedPages } from './positioned-html';
import { detectScaleText, isScaleOnly } from './scale';

/**
 * HTML → the visible text in reading order: one line per heading, paragraph, list item or other
 * block; one line per table row, cells joined by " | "; scripts, styles and hidden elements
 * dropped.
 */

const SKIPPED = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'canvas',
  'audio',
  'video',
  'map',
  'select',
  'button',
  'input',
  'textarea',
]);

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'ul',
  'tr',
  'td',
  'th',
]);

function isHidden(node: DomNode): boolean {
  const attribs = node.attribs ?? {};
  if ('hidden' in attribs) return true;
  if (attribs['aria-hidden'] === 'true') return true;
  const style = (attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
  return style.includes('display:none') || style.includes('visibility:hidden');
}

function collapse(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

const FOOTNOTE_MARK = /^\s*\(?(?:\d{1,2}|[a-z]|[ivx]{1,4}|\*{1,3}|[†‡§])\)?\s*$/i;

/** A footnote mark set as a superscript ("1,204<sup>(a)</sup>", "Revenue<sup>1</sup>"). */
function isFootnoteMark(node: DomNode): boolean {
  const raised = node.name === 'sup' || /vertical-align:\s*(?:super|top)/i.test(node.attribs?.style ?? '');
  if (!raised) return false;
  const text = (node.children ?? []).map(inlineText).join('');
  if (text.trim() === '' || !FOOTNOTE_MARK.test(text)) return false;
  // "m<sup>2</sup>" is a unit, not a mark.
  const before = node.prev?.type === 'text' ? (node.prev.data ?? '') : '';
  return !(/^\s*[23]\s*$/.test(text) && /\b(?:m|cm|mm|km|ft|in)$/i.test(before));
}

/** The visible inline text of a subtree, whitespace collapsed (for table cells); footnote marks dropped. */
function inlineText(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || SKIPPED.has(node.name ?? '') || isHidden(node) || isFootnoteMark(node))
    return '';
  if (node.name === 'br') return ' ';
  const inner = (node.children ?? []).map(inlineText).join('');
  return BLOCKS.has(node.name ?? '') ? ` ${inner} ` : inner;
}

interface RawLine {
  text: string;
  inTable?: boolean;
  cells?: TextCell[];
  isHeader?: boolean;
}

interface PendingTable {
  /** Index in `lines` of each markup row's line. */
  lineIndexes: number[];
  rows: MarkupRow[];
  title?: string;
  context: string[];
}

class TextCollector {
  readonly lines: RawLine[] = [];
  readonly tables: PendingTable[] = [];
  /** `<pre>` text as typed, with the index in `lines` of each of its lines (blank ones none). */
  readonly preBlocks: { raw: string[]; lineIndexes: (number | undefined)[] }[] = [];
  private buffer = '';

  add(text: string) {
    this.buffer += text;
  }

  flush() {
    const text = collapse(this.buffer);
    this.buffer = '';
    if (text) this.lines.push({ text });
  }

  push(line: RawLine) {
    this.flush();
    this.lines.push(line);
  }
}

/** What a node is in a table: markup (`<tr>`), ARIA roles (`role="row"`) or CSS (`display:table-row`). */
function tablePart(node: DomNode): 'table' | 'group' | 'row' | 'cell' | 'header' | undefined {
  if (node.type !== 'tag') return undefined;
  switch (node.name) {
    case 'table':
      return 'table';
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return 'group';
    case 'tr':
      return 'row';
    case 'td':
      return 'cell';
    case 'th':
      return 'header';
  }
  const role = (node.attribs?.role ?? '').toLowerCase();
  if (role === 'table' || role === 'grid' || role === 'treegrid') return 'table';
  if (role === 'rowgroup') return 'group';
  if (role === 'row') return 'row';
  if (role === 'cell' || role === 'gridcell' || role === 'rowheader') return 'cell';
  if (role === 'columnheader') return 'header';
  const display =
    /(?:^|;)\s*display\s*:\s*(table(?:-row-group|-header-group|-footer-group|-row|-cell)?)\b/i.exec(
      node.attribs?.style ?? '',
    )?.[1];
  if (display === 'table') return 'table';
  if (display === 'table-row') return 'row';
  if (display === 'table-cell') return 'cell';
  if (display) return 'group';
  return undefined;
}

/** Whether a table has another table inside it. */
function holdsTable(table: DomNode): boolean {
  const inside = (node: DomNode): boolean =>
    (node.children ?? []).some((child) => child.type === 'tag' && (child.name === 'table' || inside(child)));
  return inside(table);
}

function rowsOf(table: DomNode): DomNode[] {
  const rows: DomNode[] = [];
  for (const child of table.children ?? []) {
    const part = tablePart(child);
    if (part === 'row') rows.push(child);
    else if (part === 'group') {
      for (const row of child.children ?? []) if (tablePart(row) === 'row') rows.push(row);
    }
  }
  return rows;
}

/** Indentation a cell's markup states: padding, margin or text-indent (in points), or leading spaces. */
function indentOf(cell: DomNode, raw: string): number {
  let points = 0;
  const visit = (node: DomNode, depth: number) => {
    const style = node.attribs?.style ?? '';
    for (const m of style.matchAll(
      /(?:padding-left|margin-left|text-indent|padding)\s*:\s*(-?[\d.]+)\s*(pt|px|em|rem)?/gi,
    )) {
      const n = Number(m[1]);
      const unit = (m[2] ?? 'px').toLowerCase();
      points += unit === 'pt' ? n : unit === 'px' ? n * 0.75 : n * 10;
    }
    if (depth < 3) {
      const first = (node.children ?? []).find((c) => c.type === 'tag');
      if (first) visit(first, depth + 1);
    }
  };
  visit(cell, 0);
  const lead = /^[\s\u00a0]*/.exec(raw)?.[0] ?? '';
  points += (lead.match(/\u00a0/g)?.length ?? 0) * 3;
  return Math.max(0, points);
}

function walkTable(table: DomNode, out: TextCollector) {
  out.flush();
  // The text just above the table (not rows of an earlier table): its title and scale.
  const context: string[] = [];
  for (let i = out.lines.length - 1; i >= 0 && context.length < 3; i--) {
    const line = out.lines[i] as RawLine;
    if (line.inTable) break;
    context.unshift(line.text);
  }
  let title: string | undefined;
  for (const child of table.children ?? []) {
    if (child.type === 'tag' && child.name === 'caption') {
      const caption = collapse(inlineText(child));
      if (caption) {
        out.push({ text: caption });
        title = caption;
      }
    }
  }
  const pending: PendingTable = { lineIndexes: [], rows: [], context };
  if (title) pending.title = title;
  else if (context.length > 0)
    pending.title = [...context].reverse().find(
      (c) =>
        c.length <= 120 &&
        !isPeriodStatement(c) &&
        // "(Unaudited)", "(Restated)": a remark in brackets, not a name.
        !/^\(.*\)$/.test(c) &&
        // "The following table summarizes our results of operations:": a sentence leading in.
        !(
          /[.:]$/.test(c) &&
          c.split(/\s+/).length >= 6 &&
          /\b(?:the|our|we|is|are|was|were|following|below|table)\b/i.test(c)
        ) &&
        !(detectScaleText(c) && (/^\(|^(?:in|amounts|dollars)\b/i.test(c) || isScaleOnly(c))),
    );
  for (const row of rowsOf(table)) {
    if (isHidden(row)) continue;
    const cells: TextCell[] = [];
    const markup: MarkupCell[] = [];
    let column = 0;
    let allHeaders = true;
    for (const cell of row.children ?? []) {
      const part = tablePart(cell);
      if (part !== 'cell' && part !== 'header') continue;
      column += 1;
      if (part === 'cell') allHeaders = false;
      const raw = inlineText(cell);
      const text = collapse(raw);
      if (text) cells.push({ text, column: String(column) });
      const span = Number(cell.attribs?.colspan ?? cell.attribs?.['aria-colspan'] ?? 1);
      const rowSpan = Number(cell.attribs?.rowspan ?? cell.attribs?.['aria-rowspan'] ?? 1);
      markup.push({
        text,
        colSpan: Number.isInteger(span) && span > 0 ? span : 1,
        rowSpan: Number.isInteger(rowSpan) && rowSpan > 0 ? rowSpan : 1,
        indent: indentOf(cell, raw),
        ...(part === 'header' ? { isHeaderCell: true } : {}),
      });
      if (Number.isInteger(span) && span > 1) column += Math.min(span, 100) - 1;
    }
    if (cells.length === 0) continue;
    const inHead =
      row.parent?.type === 'tag' &&
      (row.parent.name === 'thead' || /table-header-group/i.test(row.parent.attribs?.style ?? ''));
    const line: RawLine = { text: cells.map((c) => c.text).join(' | '), inTable: true };
    if (cells.length > 1) line.cells = cells;
    if (cells.length > 1 && (inHead || allHeaders)) line.isHeader = true;
    out.push(line);
    pending.lineIndexes.push(out.lines.length - 1);
    pending.rows.push({ cells: markup, ...(inHead ? { inHead: true } : {}) });
  }
  if (pending.rows.length > 1) out.tables.push(pending);
}

function walk(node: DomNode, out: TextCollector) {
  if (node.type === 'text') {
    out.add(node.data ?? '');
    return;
  }
  if (node.type !== 'tag' && node.type !== 'root') return;
  const name = node.name ?? '';
  if (node.type === 'tag') {
    if (SKIPPED.has(name) || isHidden(node)) return;
    if (name === 'br') {
      out.flush();
      return;
    }
    // A <table>, or a table of <div>s by ARIA role or CSS display, with rows of cells.
    // A table that holds tables is the page's layout (a menu column beside the content): its
    // cells are read as blocks and the tables inside them as tables.
    if (tablePart(node) === 'table' && (name === 'table' || rowsOf(node).length > 1) && !holdsTable(node)) {
      walkTable(node, out);
      return;
    }
    if (name === 'pre') {
      out.flush();
      const raw = inlineTextPreserving(node).split(/\r?\n/);
      const lineIndexes = raw.map((line) => {
        const text = collapse(line);
        if (!text) return undefined;
        out.push({ text });
        return out.lines.length - 1;
      });
      out.preBlocks.push({ raw, lineIndexes });
      return;
    }
    if (name === 'img') {
      const alt = collapse(node.attribs?.alt ?? '');
      if (alt) out.add(` ${alt} `);
      return;
    }
  }
  const block = node.type === 'root' || BLOCKS.has(name);
  if (block) out.flush();
  for (const child of node.children ?? []) walk(child, out);
  if (block) out.flush();
}

function inlineTextPreserving(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type !== 'tag' || SKIPPED.has(node.name ?? '') || isHidden(node)) return '';
  if (node.name === 'br') return '\n';
  return (node.children ?? []).map(inlineTextPreserving).join('');
}

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
  const out = new TextCollector();
  walk(root, out);
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
  for (const pending of out.tables) {
    // A table that starts over with headers of its own is read as one table per part.
    const starts = headerBlockStarts(pending.rows);
    starts.forEach((start, i) => {
      const end = starts[i + 1] ?? pending.rows.length;
      const lineIndexes = pending.lineIndexes.slice(start, end);
      const table = tableFromMarkup(pending.rows.slice(start, end), {
        page: 1,
        context: pending.context,
        ...(pending.title ? { title: pending.title } : {}),
        rowBox: (r) => lineBox(lineIndexes[r] ?? 0),
      });
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
  const page: LayoutPage = {
    number: 1,
    width: 1,
    height: 1,
    source: 'markup',
    words: [],
    lines: lines.map((l) => ({
      text: l.text,
      box: l.box as Box,
      segments: [{ text: l.text, box: l.box as Box, words: [] }],
    })),
    tables,
  };
  if (url) page.url = url;
  linkContinuedTables([page]);

  const title = collapse($('title').first().text()) || collapse($('h1').first().text()) || undefined;
  // Converted from PDF: text placed by position, read by position.
  const styles = $('style')
    .map((_, el) => $(el).text())
    .get();
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
