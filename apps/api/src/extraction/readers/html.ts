import { isUtf8 } from 'node:buffer';
import * as cheerio from 'cheerio';
import { isPeriodStatement, parsePeriod } from '../lexicon/periods';
import { detectScaleText, isScaleOnly } from '../lexicon/scale';
import type { Box, LayoutPage, LayoutTable } from '../model/layout';
import { signed, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument, TextCell, TextLine } from '../model/types';
import { fixedWidthTables } from '../tables/fixed-width';
import { headerBlockStarts, type MarkupCell, type MarkupRow, tableFromMarkup } from '../tables/markup-tables';
import { linkContinuedTables } from '../tables/positional-tables';
import { isFigureText } from '../tables/table-builder';
import { comparativeIn, isTileFigure, isTileLabel, type Tile, tileFigure, tileRows } from '../tables/tiles';
import { type DomNode, positionedPages } from './positioned-html';

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

/**
 * The declarations the page's style sheets give each class (the subject of a selector: ".tiles
 * .num" styles .num). Read for layout the markup does not state: classes displayed as boxes of
 * their own — a "key figures" tile of <span>s reads as its lines, not "Revenue£1,532.4m+6%" —
 * and grids. Set for the duration of one parse (parsing is synchronous).
 */
let classStyles = new Map<string, string>();

function classStylesOf(styles: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const css of styles)
    for (const rule of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const declarations = (rule[2] ?? '').trim();
      if (!declarations) continue;
      for (const selector of (rule[1] ?? '').split(',')) {
        const subject =
          selector
            .trim()
            .split(/[\s>+~]+/)
            .at(-1) ?? '';
        if (/[:[]/.test(subject)) continue;
        for (const m of subject.matchAll(/\.([\w-]+)/g)) {
          const name = m[1] as string;
          out.set(name, `${out.get(name) ?? ''};${declarations}`);
        }
      }
    }
  return out;
}

/** The value a node's classes and inline style give a property (the inline style wins). */
const declarationPatterns = new Map<string, RegExp>();
function declared(node: DomNode, property: string): string | undefined {
  const style = node.attribs?.style;
  const classes = classStyles.size > 0 ? node.attribs?.class : undefined;
  if (!style && !classes) return undefined;
  let pattern = declarationPatterns.get(property);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'gi');
    declarationPatterns.set(property, pattern);
  }
  let value: string | undefined;
  const read = (css: string | undefined) => {
    if (!css?.includes(property)) return;
    for (const m of css.matchAll(pattern)) value = (m[1] ?? '').trim();
  };
  if (classes) for (const c of classes.split(/\s+/)) read(classStyles.get(c));
  read(style);
  return value;
}

const BOX_DISPLAY = /^(?:block|flex|grid|list-item|inline-block|inline-flex|table)\b/i;

function isBlock(node: DomNode): boolean {
  if (BLOCKS.has(node.name ?? '')) return true;
  if (node.type !== 'tag') return false;
  return BOX_DISPLAY.test(declared(node, 'display') ?? '');
}

function isHidden(node: DomNode): boolean {
  const attribs = node.attribs ?? {};
  if ('hidden' in attribs) return true;
  if (attribs['aria-hidden'] === 'true') return true;
  const style = (attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
  return style.includes('display:none') || style.includes('visibility:hidden');
}

function collapse(text: string): string {
  return signed(text.replace(/[\s\u00a0]+/g, ' ').trim());
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
  return isBlock(node) ? ` ${inner} ` : inner;
}

/**
 * A subtree's inline text, collapsed, when it is at most `max` characters; undefined when longer.
 * Stops reading as soon as it is too long, so a layout's guesses about every <div> of a long
 * filing stay cheap.
 */
function shortText(node: DomNode, max: number): string | undefined {
  let raw = '';
  const budget = max * 4 + 64;
  const visit = (n: DomNode) => {
    if (raw.length > budget) return;
    if (n.type === 'text') {
      raw += n.data ?? '';
      return;
    }
    if (n.type !== 'tag' || SKIPPED.has(n.name ?? '') || isHidden(n) || isFootnoteMark(n)) return;
    if (n.name === 'br') {
      raw += ' ';
      return;
    }
    const block = isBlock(n);
    if (block) raw += ' ';
    for (const child of n.children ?? []) visit(child);
    if (block) raw += ' ';
  };
  visit(node);
  if (raw.length > budget) return undefined;
  const text = collapse(raw);
  return text.length <= max ? text : undefined;
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
  /** A table of one row (a header set as a table of its own), for the table right after it. */
  loneRow: PendingTable | undefined;
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

/** A row of a table: its node and its cells (`header` for `<th>` and column headers). */
interface RowNodes {
  node: DomNode;
  /** `span`: the columns a grid cell covers when a style sheet (not `colspan`) says so. */
  cells: { node: DomNode; header: boolean; span?: number }[];
}

function markupRows(table: DomNode): RowNodes[] {
  return rowsOf(table).map((node) => ({
    node,
    cells: (node.children ?? []).flatMap((cell) => {
      const part = tablePart(cell);
      return part === 'cell' || part === 'header' ? [{ node: cell, header: part === 'header' }] : [];
    }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Tables of <div>s laid out by a style sheet (flex rows, grids): no markup says "table", so the
// shape does — sibling rows of short cells, figures in the cells after the first.

const MAX_IMPLIED_CELLS = 30;
const MIN_IMPLIED_ROWS = 3;

function elementChildren(node: DomNode): DomNode[] {
  return (node.children ?? []).filter(
    (c) => c.type === 'tag' && !SKIPPED.has(c.name ?? '') && !isHidden(c) && !isFootnoteMark(c),
  );
}

function hasOwnText(node: DomNode): boolean {
  return (node.children ?? []).some((c) => c.type === 'text' && collapse(c.data ?? '') !== '');
}

/** One cell's worth of text: a figure, a date, or words with at most one number ("2024 £m", "Note 3"). */
function isCellText(text: string): boolean {
  if (text.length > 200) return false;
  if (isFigureText(text) || (text.match(/\d[\d,.]*/g)?.length ?? 0) <= 1) return true;
  return (parsePeriod(text)?.years.length ?? 0) > 0 && text.length <= 40;
}

/**
 * What a child of a <div> table is: a row of cells, a heading over the rows below it (one short
 * text: "Current assets"), or neither.
 */
function impliedRow(node: DomNode): RowNodes | 'heading' | undefined {
  if (node.type !== 'tag' || tablePart(node) || node.name === 'table') return undefined;
  const kids = elementChildren(node);
  if (hasOwnText(node) || kids.length < 2) {
    if (kids.length > 1 || elementChildren(kids[0] ?? node).length > 1) return undefined;
    const text = shortText(node, 80);
    return text && !isFigureText(text) ? 'heading' : undefined;
  }
  if (kids.length > MAX_IMPLIED_CELLS) return undefined;
  if (
    !kids.every((k) => {
      const text = shortText(k, 200);
      return text !== undefined && isCellText(text);
    })
  )
    return undefined;
  return { node, cells: kids.map((k) => ({ node: k, header: false })) };
}

/** A row of figures under a label: its first cell words, a figure (not a year) after it. */
function isFigureRow(texts: string[]): boolean {
  const [first = '', ...rest] = texts;
  return !isFigureText(first) && rest.some((t) => isFigureText(t) && !/^(?:19|20)\d{2}$/.test(t));
}

type ImpliedPart = (RowNodes | { heading: DomNode })[];

/** A child as rows: itself a row or heading, or a header / body group of them. */
function impliedPart(kid: DomNode): ImpliedPart | undefined {
  const row = impliedRow(kid);
  if (row === 'heading') return [{ heading: kid }];
  if (row) return [row];
  if (hasOwnText(kid)) return undefined;
  const inner = elementChildren(kid);
  if (inner.length === 0) return undefined;
  const part: ImpliedPart = [];
  for (const child of inner) {
    const r = impliedRow(child);
    if (!r) return undefined;
    part.push(r === 'heading' ? { heading: child } : r);
  }
  return part.some((r) => !('heading' in r)) ? part : undefined;
}

/**
 * The rows of a table built from <div>s (or list items of spans) inside `node`: a run of sibling
 * rows — perhaps wrapped in header / body groups, with headings between them — at least three,
 * two with a figure after their first cell. Returns the run and the children before and after it.
 */
function impliedTable(node: DomNode): { before: DomNode[]; rows: RowNodes[]; after: DomNode[] } | undefined {
  if (node.type !== 'tag' || tablePart(node) || hasOwnText(node)) return undefined;
  const kids = elementChildren(node);
  if (kids.length === 0) return undefined;
  // Cheap before any text is read: some child must have cells (or rows) of its own, and there
  // must be room for three rows.
  const fanOut = kids.map((k) => elementChildren(k).length);
  if (!fanOut.some((w) => w >= 2) || fanOut.reduce((n, w) => n + Math.max(1, w), 0) < MIN_IMPLIED_ROWS)
    return undefined;
  const parts = kids.map(impliedPart);
  const isRows = (part: ImpliedPart | undefined) => !!part?.some((r) => !('heading' in r));
  // The longest run of row-shaped children, headings only inside it.
  let best: [number, number, number] | undefined;
  for (let i = 0; i < kids.length; ) {
    if (!isRows(parts[i])) {
      i++;
      continue;
    }
    let j = i + 1;
    let end = j;
    while (j < kids.length && parts[j]) {
      j++;
      if (isRows(parts[j - 1])) end = j;
    }
    const count = parts.slice(i, end).reduce((n, p) => n + (p?.length ?? 0), 0);
    if (!best || count > best[2]) best = [i, end, count];
    i = j;
  }
  if (!best || best[2] < MIN_IMPLIED_ROWS) return undefined;
  const rows: RowNodes[] = parts
    .slice(best[0], best[1])
    .flatMap((p) => p ?? [])
    .map((r) => ('heading' in r ? { node: r.heading, cells: [{ node: r.heading, header: false }] } : r));
  // Rows of figures: a label, then figures (or blanks, or a "$" / "%" of their own) only — a
  // sentence cut into spans ("Net sales | were $ | 4,200 | million") is not one.
  let figureRows = 0;
  for (const row of rows) {
    const texts = row.cells.map((c) => collapse(inlineText(c.node)));
    if (!isFigureRow(texts)) continue;
    const rest = texts.slice(1);
    if (!rest.every((t) => t === '' || isFigureText(t) || t.length <= 3)) return undefined;
    figureRows += 1;
  }
  if (figureRows < 2) return undefined;
  // Columns: most rows have as many cells as the others.
  const widths = new Map<number, number>();
  let wide = 0;
  for (const { cells } of rows) {
    if (cells.length < 2) continue;
    widths.set(cells.length, (widths.get(cells.length) ?? 0) + 1);
    wide += 1;
  }
  if (Math.max(...widths.values()) < wide * 0.6) return undefined;
  return { before: kids.slice(0, best[0]), rows, after: kids.slice(best[1]) };
}

const UNITS_SENTENCE =
  /\b(?:all\s+)?(?:amounts|figures|numbers|dollar\s+amounts)\s+(?:above\s+|in\s+(?:the\s+)?(?:above\s+)?table\s+(?:above\s+)?)?(?:are\s+)?(?:(?:presented|stated|expressed|shown|reported)\s+)?in\s+(?:(?:US\$|\$|€|£|USD|EUR|GBP)\s*)?(?:thousands|millions|billions)\b/i;

/**
 * A line stating only units right under a table that states none ("(in millions)", "All amounts
 * in millions."), as tables lifted from reports carry them: that table's scale, unless the next
 * table starts so soon after that the line is its heading.
 */
function scaleBelow(
  out: TextCollector,
  table: PendingTable,
  next: PendingTable | undefined,
): string | undefined {
  const at = (table.lineIndexes.at(-1) ?? -1) + 1;
  const line = out.lines[at];
  if (!line || line.inTable) return undefined;
  // Or a sentence of the paragraph under it saying so ("All amounts above are in millions.").
  const said = UNITS_SENTENCE.exec(line.text)?.[0];
  if (said) return said;
  if (line.text.length > 60 || !detectScaleText(line.text)) return undefined;
  if (!isScaleOnly(line.text.replace(/\b(?:are|is|stated|expressed|presented|shown)\b/gi, ' ')))
    return undefined;
  const nextStart = next?.lineIndexes[0];
  if (nextStart !== undefined && nextStart - at <= 3) return undefined;
  return line.text;
}

/** The text just above a table (not rows of an earlier table): its title and scale. */
function contextAbove(out: TextCollector): string[] {
  const context: string[] = [];
  for (let i = out.lines.length - 1; i >= 0 && context.length < 3; i--) {
    const line = out.lines[i] as RawLine;
    if (line.inTable) break;
    context.unshift(line.text);
  }
  return context;
}

/** A table's title among the lines above it: the nearest that names something. */
function titleFrom(context: string[]): string | undefined {
  return [...context].reverse().find(
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
}

// ---------------------------------------------------------------------------------------------
// Key-figure tiles (tiles.ts): boxes of a figure and its name side by side.

/** A tile: a box of two to four short blocks, one a figure and one its name. */
function tileOf(node: DomNode): Tile<string> | undefined {
  let parts = elementChildren(node);
  // A wrapper around the tile's blocks.
  while (parts.length === 1 && parts[0] && !hasOwnText(node)) {
    node = parts[0];
    parts = elementChildren(node);
  }
  if (hasOwnText(node) || parts.length < 2 || parts.length > 4 || !parts.every(isBlock)) return undefined;
  const texts = parts.map((p) => shortText(p, 200));
  if (texts.some((t) => t === undefined)) return undefined;
  const figures = (texts as string[]).filter(isTileFigure);
  const labels = (texts as string[]).filter(isTileLabel);
  if (figures.length !== 1 || labels.length !== 1) return undefined;
  const tile: Tile<string> = { label: labels[0] as string, figure: tileFigure(figures[0] as string) };
  for (const t of texts as string[]) {
    const comparative = comparativeIn(t);
    if (comparative) tile.comparative = comparative;
  }
  return tile;
}

/** Two or more tiles side by side: the children of `node`, each a tile. */
function tilesIn(node: DomNode): Tile<string>[] | undefined {
  if (node.type !== 'tag' || tablePart(node) || hasOwnText(node)) return undefined;
  const kids = elementChildren(node);
  if (kids.length < 2) return undefined;
  const tiles: Tile<string>[] = [];
  for (const kid of kids) {
    const tile = tileOf(kid);
    if (!tile) return undefined;
    tiles.push(tile);
  }
  return tiles;
}

function walkTiles(tiles: Tile<string>[], out: TextCollector) {
  out.flush();
  const context = contextAbove(out);
  const pending: PendingTable = { lineIndexes: [], rows: [], context };
  const title = titleFrom(context);
  if (title) pending.title = title;
  const { year, rows } = tileRows(tiles);
  rows.forEach((row, r) => {
    const texts = row.map((t) => t ?? '');
    const head = r === 0 && year !== undefined;
    const cells = texts.flatMap((text, c) => (text ? [{ text, column: String(c + 1) }] : []));
    out.push({
      text: texts.filter(Boolean).join(' | '),
      inTable: true,
      cells,
      ...(head ? { isHeader: true } : {}),
    });
    pending.lineIndexes.push(out.lines.length - 1);
    pending.rows.push({
      cells: texts.map((text) => ({ text, colSpan: 1, rowSpan: 1 })),
      ...(head ? { inHead: true } : {}),
    });
  });
  out.tables.push(pending);
}

/** How many columns `grid-template-columns` makes ("2fr 1fr 1fr", "3fr repeat(3, 1fr)"); 0 when unknown. */
function trackCount(value: string | undefined): number {
  if (!value || /auto-(?:fill|fit)|subgrid|masonry/i.test(value)) return 0;
  const expanded = value
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/repeat\(\s*(\d+)\s*,\s*([^()]*(?:\([^()]*\)[^()]*)*)\)/gi, (_m, n: string, tracks: string) =>
      Array(Math.min(Number(n), 50))
        .fill(tracks)
        .join(' '),
    );
  let depth = 0;
  let count = 0;
  let inTrack = false;
  for (const ch of expanded) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (/\s/.test(ch) && depth === 0) inTrack = false;
    else if (!inTrack) {
      inTrack = true;
      count += 1;
    }
  }
  return count;
}

/**
 * A CSS grid of cells with no row elements (`display: grid; grid-template-columns: 3fr 1fr 1fr`):
 * its cells in rows of as many columns, a cell spanning what `grid-column` says. Undefined unless
 * it reads as a table of figures (three rows, two with a label and figures).
 */
function gridRows(node: DomNode): RowNodes[] | undefined {
  if (!/^(?:inline-)?grid\b/i.test(declared(node, 'display') ?? '')) return undefined;
  const columns = trackCount(declared(node, 'grid-template-columns'));
  if (columns < 2 || columns > MAX_IMPLIED_CELLS) return undefined;
  const rows: RowNodes[] = [];
  let row: RowNodes | undefined;
  let used = 0;
  for (const cell of elementChildren(node)) {
    const placement = declared(cell, 'grid-column') ?? '';
    const spanned = /span\s+(\d+)/i.exec(placement)?.[1];
    const fromTo = /^(\d+)\s*\/\s*(-?\d+)$/.exec(placement);
    let span = spanned ? Number(spanned) : 1;
    if (fromTo) span = Number(fromTo[2]) < 0 ? columns : Number(fromTo[2]) - Number(fromTo[1]);
    span = Math.max(1, Math.min(columns, span));
    if (!row || used + span > columns) {
      row = { node: cell, cells: [] };
      rows.push(row);
      used = 0;
    }
    row.cells.push({ node: cell, header: false, ...(span > 1 ? { span } : {}) });
    used += span;
  }
  if (rows.length < MIN_IMPLIED_ROWS) return undefined;
  const figureRows = rows.filter((r) => isFigureRow(r.cells.map((c) => collapse(inlineText(c.node)))));
  return figureRows.length >= 2 ? rows : undefined;
}

function walkTable(table: DomNode, out: TextCollector, tableRows: RowNodes[] = markupRows(table)) {
  out.flush();
  // The years set as a table of their own just above this one (converters and some filings do):
  // this table's header, with the title and scale above it.
  const lone = out.loneRow?.lineIndexes[0] === out.lines.length - 1 ? out.loneRow : undefined;
  out.loneRow = undefined;
  // A table right under another, no line between (a filing's quarters one table a year, a
  // statement split where a page broke): the same note, under its title and scale.
  const previous = out.tables.at(-1);
  const follows = previous !== undefined && previous.lineIndexes.at(-1) === out.lines.length - 1;
  const context = lone ? lone.context : follows ? previous.context : contextAbove(out);
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
  const pending: PendingTable = lone
    ? { lineIndexes: [...lone.lineIndexes], rows: lone.rows.map((r) => ({ ...r, inHead: true })), context }
    : { lineIndexes: [], rows: [], context };
  if (title) pending.title = title;
  else {
    const chosen = titleFrom(context);
    if (chosen) pending.title = chosen;
  }
  for (const { node: row, cells: rowCells } of tableRows) {
    if (isHidden(row)) continue;
    const cells: TextCell[] = [];
    const markup: MarkupCell[] = [];
    let column = 0;
    let allHeaders = true;
    for (const { node: cell, header, span: styledSpan } of rowCells) {
      const part = header ? 'header' : 'cell';
      column += 1;
      if (part === 'cell') allHeaders = false;
      const raw = inlineText(cell);
      const text = collapse(raw);
      if (text) cells.push({ text, column: String(column) });
      const span = Number(styledSpan ?? cell.attribs?.colspan ?? cell.attribs?.['aria-colspan'] ?? 1);
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
  else if (
    pending.rows.length === 1 &&
    !pending.rows[0]?.cells.some((c) => isFigureText(c.text) && !/^(?:19|20)\d{2}$/.test(c.text))
  )
    out.loneRow = pending;
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
    const grid = gridRows(node);
    if (grid) {
      walkTable(node, out, grid);
      return;
    }
    const tiles = isBlock(node) ? tilesIn(node) : undefined;
    if (tiles) {
      walkTiles(tiles, out);
      return;
    }
    const implied = isBlock(node) && !holdsTable(node) ? impliedTable(node) : undefined;
    if (implied) {
      out.flush();
      for (const kid of implied.before) walk(kid, out);
      walkTable(node, out, implied.rows);
      for (const kid of implied.after) walk(kid, out);
      out.flush();
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
  const block = node.type === 'root' || isBlock(node);
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
  const styles = $('style')
    .map((_, el) => $(el).text())
    .get();
  const out = new TextCollector();
  classStyles = classStylesOf(styles);
  try {
    walk(root, out);
  } finally {
    classStyles = new Map();
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
