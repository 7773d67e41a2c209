import { isPeriodStatement } from '../lexicon/periods';
import { detectScaleText, isScaleOnly } from '../lexicon/scale';
import { isYear } from '../lexicon/years';
import type { TextCell } from '../model/types';
import { type MarkupCell, type MarkupRow, titleAbove } from '../tables/markup-tables';
import { isFigureText } from '../tables/table-builder';
import { comparativeIn, isTileFigure, isTileLabel, type Tile, tileFigure, tileRows } from '../tables/tiles';
import {
  collapse,
  inlineText,
  inlineTextPreserving,
  isBlock,
  isHidden,
  SKIPPED,
  shortText,
} from './html-dom';
import {
  elementChildren,
  gridRows,
  hasOwnText,
  holdsTable,
  impliedTable,
  indentOf,
  markupRows,
  type RowNodes,
  rowsOf,
  tablePart,
} from './html-tables';
import type { DomNode } from './positioned-html';

/**
 * The walk over an HTML page in reading order: one text line per block, one per table row, each
 * table with its title, context and scale above it, key-figure tiles read as rows.
 */

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

export class TextCollector {
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

const UNITS_SENTENCE =
  /\b(?:all\s+)?(?:amounts|figures|numbers|dollar\s+amounts)\s+(?:above\s+|in\s+(?:the\s+)?(?:above\s+)?table\s+(?:above\s+)?)?(?:are\s+)?(?:(?:presented|stated|expressed|shown|reported)\s+)?in\s+(?:(?:US\$|\$|€|£|USD|EUR|GBP)\s*)?(?:thousands|millions|billions)\b/i;

/**
 * A line stating only units right under a table that states none ("(in millions)", "All amounts
 * in millions."), as tables lifted from reports carry them: that table's scale, unless the next
 * table starts so soon after that the line is its heading.
 */
export function scaleBelow(
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
  const title = titleAbove(context);
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
    const chosen = titleAbove(context);
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
    !pending.rows[0]?.cells.some((c) => isFigureText(c.text) && !isYear(c.text))
  )
    out.loneRow = pending;
}

export function walk(node: DomNode, out: TextCollector) {
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
