import { parsePeriod } from '../lexicon/periods';
import { isYear } from '../lexicon/years';
import { isFigureText } from '../tables/table-builder';
import { collapse, declared, inlineText, isFootnoteMark, isHidden, SKIPPED, shortText } from './html-dom';
import type { DomNode } from './positioned-html';

/**
 * The rows and cells of a table in HTML: markup (`<table>`, `<tr>`), ARIA roles, CSS tables and
 * grids, and tables of `<div>`s that only their shape says are tables.
 */

/** What a node is in a table: markup (`<tr>`), ARIA roles (`role="row"`) or CSS (`display:table-row`). */
export function tablePart(node: DomNode): 'table' | 'group' | 'row' | 'cell' | 'header' | undefined {
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
export function holdsTable(table: DomNode): boolean {
  const inside = (node: DomNode): boolean =>
    (node.children ?? []).some((child) => child.type === 'tag' && (child.name === 'table' || inside(child)));
  return inside(table);
}

export function rowsOf(table: DomNode): DomNode[] {
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
export function indentOf(cell: DomNode, raw: string): number {
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
export interface RowNodes {
  node: DomNode;
  /** `span`: the columns a grid cell covers when a style sheet (not `colspan`) says so. */
  cells: { node: DomNode; header: boolean; span?: number }[];
}

export function markupRows(table: DomNode): RowNodes[] {
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

export function elementChildren(node: DomNode): DomNode[] {
  return (node.children ?? []).filter(
    (c) => c.type === 'tag' && !SKIPPED.has(c.name ?? '') && !isHidden(c) && !isFootnoteMark(c),
  );
}

export function hasOwnText(node: DomNode): boolean {
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
  return !isFigureText(first) && rest.some((t) => isFigureText(t) && !isYear(t));
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
export function impliedTable(
  node: DomNode,
): { before: DomNode[]; rows: RowNodes[]; after: DomNode[] } | undefined {
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
export function gridRows(node: DomNode): RowNodes[] | undefined {
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
