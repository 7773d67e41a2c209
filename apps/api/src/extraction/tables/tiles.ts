import { isYear, YEAR } from '../lexicon/years';
import type { Box, LayoutPage, LayoutSegment, LayoutTable, TableCell } from '../model/layout';
import { buildTable, isFigureText } from './table-builder';

/**
 * Key-figure tiles, as highlights pages set them: "Revenue / £1,532.4m / +6% (2023: £1,445.7m)"
 * side by side, or the figure over its name ("12,480 / Employees"). Read as a table: one row per
 * tile, its figure in the first column and a comparative year's figure in a column of its own,
 * headed by that year; the tiles' own figures take the period the title names ("2024 at a glance").
 */

export interface Tile<T> {
  label: T;
  figure: T;
  /** "(2023: £1,445.7m)": the comparative's year and figure. */
  comparative?: { year: string; figure: T };
}

const COMPARATIVE = new RegExp(String.raw`\(\s*(?:FY\s?)?(${YEAR}(?:/\d{2})?)\s*[:=]\s*([^)]+?)\s*\)`, 'i');

/** "+6% (2023: £1,445.7m)" → 2023's figure. */
export function comparativeIn(text: string): { year: string; figure: string } | undefined {
  const m = COMPARATIVE.exec(text);
  const figure = tileFigure(m?.[2] ?? '');
  return m && isFigureText(figure) ? { year: m[1] as string, figure } : undefined;
}

/**
 * A tile's figure as a table cell states it: "$4.1 billion", "$2.3B", "SEK 4.2bn" → "$4.1bn",
 * "$2.3bn", "4.2bn" (a currency code before the figure says nothing about its size).
 */
export function tileFigure(text: string): string {
  return text
    .trim()
    .replace(/^(?:[A-Z]{3})\s+(?=[\d(+\-−])/, '')
    .replace(/(\d)\s*(?:billions?|bn|B)$/i, '$1bn')
    .replace(/(\d)\s*(?:millions?|mn|M)$/, '$1m')
    .replace(/(\d)\s*(?:thousands?|K)$/, '$1k');
}

export function isTileFigure(text: string): boolean {
  const figure = tileFigure(text);
  return isFigureText(figure) && !isYear(figure);
}

/** A tile's name: words, no figures, short. */
export function isTileLabel(text: string): boolean {
  return text !== '' && !/\d/.test(text) && text.length <= 60 && text.split(/\s+/).length <= 8;
}

/** The tiles as rows of a table: a header row with the comparatives' year (when any), then a row per tile. */
export function tileRows<T>(tiles: Tile<T>[]): { year?: string; rows: (T | string | undefined)[][] } {
  const year = tiles.find((t) => t.comparative)?.comparative?.year;
  const rows: (T | string | undefined)[][] = [];
  if (year) rows.push([undefined, undefined, year]);
  for (const t of tiles) rows.push(year ? [t.label, t.figure, t.comparative?.figure] : [t.label, t.figure]);
  return year ? { year, rows } : { rows };
}

// ---------------------------------------------------------------------------------------------
// Tiles on a page of positioned text (PDF, HTML converted from PDF)

const ALIGN = 0.02;

function aligned(a: LayoutSegment[], b: LayoutSegment[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, k) => {
      const o = b[k] as LayoutSegment;
      const centre = (x: Box) => (x[0] + x[2]) / 2;
      return Math.abs(s.box[0] - o.box[0]) < ALIGN || Math.abs(centre(s.box) - centre(o.box)) < ALIGN;
    })
  );
}

interface Cell {
  text: string;
  box: Box;
}

/**
 * Tiles laid out in a row across the page: a line of names and a line of figures next to it,
 * each name over (or under) its figure, perhaps a line of comparatives after. Returns the tables
 * and the lines they took.
 */
export function tilesFromLines(page: LayoutPage): { tables: LayoutTable[]; taken: Set<number> } {
  const tables: LayoutTable[] = [];
  const taken = new Set<number>();
  const lines = page.lines;
  for (let i = 0; i < lines.length; i++) {
    const segs = lines[i]?.segments ?? [];
    if (segs.length < 2 || !segs.every((s) => isTileFigure(s.text))) continue;
    // The names: the line just above, else the line just below.
    const above = lines[i - 1]?.segments ?? [];
    const below = lines[i + 1]?.segments ?? [];
    const namesAt = [i - 1, i + 1].find((k) => {
      const names = k < i ? above : below;
      return !taken.has(k) && aligned(segs, names) && names.every((s) => isTileLabel(s.text));
    });
    if (namesAt === undefined) continue;
    const names = lines[namesAt]?.segments ?? [];
    // Comparatives: the line after the pair, aligned, each a "(2023: …)".
    const nextAt = Math.max(i, namesAt) + 1;
    const next = lines[nextAt]?.segments ?? [];
    const comparatives = aligned(segs, next) ? next.map((s) => comparativeIn(s.text)) : [];
    const hasComparatives = comparatives.some(Boolean);
    const tiles: Tile<Cell>[] = segs.map((s, k) => {
      const name = names[k] as LayoutSegment;
      const tile: Tile<Cell> = {
        label: { text: name.text, box: name.box },
        figure: { text: tileFigure(s.text), box: s.box },
      };
      const c = comparatives[k];
      const seg = next[k];
      if (c && seg) tile.comparative = { year: c.year, figure: { text: c.figure, box: seg.box } };
      return tile;
    });
    const { rows } = tileRows(tiles);
    const cells: TableCell[] = [];
    const yearBox = next.find((_, k) => comparatives[k])?.box;
    for (const [r, row] of rows.entries())
      for (const [c, cell] of row.entries()) {
        if (cell === undefined) continue;
        const text = typeof cell === 'string' ? cell : cell.text;
        const box = typeof cell === 'string' ? (yearBox as Box) : cell.box;
        cells.push({ row: r, column: c, rowSpan: 1, colSpan: 1, text, box });
      }
    const first = Math.min(i, namesAt);
    const context = lines
      .slice(Math.max(0, first - 3), first)
      .map((l) => l.text)
      .filter((t) => !lines.some((l, k) => taken.has(k) && l.text === t));
    const title = [...context].reverse().find((t) => /\p{L}/u.test(t) && t.length <= 120);
    const table = buildTable({
      page: page.number,
      cells,
      rowCount: rows.length,
      columnCount: hasComparatives ? 3 : 2,
      labelColumns: 1,
      headerRows: hasComparatives ? 1 : 0,
      ...(title ? { title } : {}),
      context,
      origin: 'positions',
    });
    tables.push(table);
    for (const k of [i, namesAt, ...(hasComparatives ? [nextAt] : [])]) taken.add(k);
    i = Math.max(i, namesAt, hasComparatives ? nextAt : 0);
  }
  return { tables, taken };
}
