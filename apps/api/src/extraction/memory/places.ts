import type { NormalisedValue, Scale } from '@sieve/contracts';
import { figureValue } from '../match/figure-values';
import { candidateAt } from '../match/table-cells';
import { type Box, type LayoutLine, type LayoutPage, type LayoutTable, roundBox } from '../model/layout';
import type { ExtractedDocument, ItemAnchor } from '../model/types';
import { columnHeaderPath, isFigureText } from '../tables/table-builder';

/**
 * Where a value sits, in terms that carry over to the next document of the same layout (DESIGN
 * §14): a table cell by the table's title, its row's label and its column's header (and the
 * column's rank among the value columns, for headers that are only a changing year), or a value
 * of a form-like line by its label and its offset from the label (same segment after a colon,
 * the n-th segment to its right, or the line below).
 */
export type Place =
  | { kind: 'cell'; table_title?: string; row_label: string; column_header?: string; column_rank: number }
  | { kind: 'label'; label: string; offset: { line: 0 | 1; segment: number } };

/** A place in one document with what it holds there. */
export interface PlaceReading {
  place: Place;
  /** The text printed there. */
  text: string;
  /** A cell's figure as the table reads it (its scale applied); null for text and labels. */
  figure: NormalisedValue;
  scale?: Scale;
  page: number;
  box: Box;
  /** The row or line the value sits on, for the answer's source text. */
  sourceText: string;
  url?: string;
}

/** The same words whatever the figures: "Year ended 31 March 2025" and "… 2026" have one shape. */
export function shapeOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/\d+(?:[.,]\d+)*/g, '#')
    .replace(/[^\p{L}#%$€£¥]+/gu, ' ')
    .trim();
}

/**
 * A table's title as a layout knows it: a heading that is itself a "Label: value" line (a due
 * date over an item table) is known by its label, since its value changes with each document.
 */
export function titleShape(title: string | undefined): string {
  const label = /^([^:]{2,60}):\s*\S/.exec(title ?? '')?.[1];
  return shapeOf(label ?? title ?? '');
}

/** The key two places share when they are the same place. */
export function placeKey(place: Place): string {
  if (place.kind === 'cell')
    return JSON.stringify([
      'cell',
      titleShape(place.table_title),
      shapeOf(place.row_label),
      shapeOf(place.column_header ?? ''),
      place.column_rank,
    ]);
  return JSON.stringify(['label', shapeOf(place.label), place.offset.line, place.offset.segment]);
}

function insideTable(line: LayoutLine, tables: LayoutTable[]): boolean {
  const cy = (line.box[1] + line.box[3]) / 2;
  const cx = (line.box[0] + line.box[2]) / 2;
  return tables.some((t) => cy >= t.box[1] && cy <= t.box[3] && cx >= t.box[0] && cx <= t.box[2]);
}

/** A text that names a value rather than being one: letters, no figure, not too long. */
function isLabelText(text: string): boolean {
  const t = text.replace(/:\s*$/, '').trim();
  return /\p{L}{2}/u.test(t) && !/\d/.test(t) && t.length <= 60;
}

function cellReadings(page: LayoutPage, table: LayoutTable): PlaceReading[] {
  const out: PlaceReading[] = [];
  const valueColumns: number[] = [];
  for (let c = table.labelColumns; c < table.columnCount; c++)
    if (!table.noteColumns.includes(c)) valueColumns.push(c);
  for (let row = table.headerRows; row < table.rowCount; row++) {
    const label = table.rowLabels[row];
    if (!label || label.isHeading) continue;
    valueColumns.forEach((column, rank) => {
      const header = columnHeaderPath(table, column).join(' ');
      const candidate = candidateAt(page, table, row, column, { rowName: label.name, header }, (text) =>
        figureValue(text, label.name, label.section, table, column, row),
      );
      const cell = candidate?.cell ?? table.cells.find((c) => c.row === row && c.column === column);
      if (!cell || cell.text.trim() === '') return;
      const place: Place = {
        kind: 'cell',
        ...(table.title ? { table_title: table.title } : {}),
        row_label: label.name,
        ...(header ? { column_header: header } : {}),
        column_rank: rank,
      };
      out.push({
        place,
        text: cell.text.trim(),
        figure: candidate && isFigureText(cell.text) ? candidate.value : null,
        ...(table.scale ? { scale: table.scale } : {}),
        page: table.page,
        box: cell.box,
        sourceText: candidate?.item.source_text ?? cell.text,
        ...(page.url ? { url: page.url } : {}),
      });
    });
  }
  return out;
}

function lineReadings(page: LayoutPage): PlaceReading[] {
  const out: PlaceReading[] = [];
  const lines = page.lines.filter((line) => !insideTable(line, page.tables));
  const at = (
    label: string,
    offset: { line: 0 | 1; segment: number },
    text: string,
    box: Box,
    line: string,
  ) => {
    const value = text.trim();
    if (value === '') return;
    out.push({
      place: { kind: 'label', label: label.replace(/:\s*$/, '').trim(), offset },
      text: value,
      figure: null,
      page: page.number,
      box: roundBox(box),
      sourceText: line,
      ...(page.url ? { url: page.url } : {}),
    });
  };
  lines.forEach((line, index) => {
    line.segments.forEach((segment, s) => {
      // "Label: value" in one run of words.
      const colon = /^([^:]{2,60}):\s*(\S.*)$/.exec(segment.text);
      if (colon && isLabelText(colon[1] as string)) {
        at(colon[1] as string, { line: 0, segment: 0 }, colon[2] as string, segment.box, line.text);
        return;
      }
      if (!isLabelText(segment.text)) return;
      // A label with its values in the runs to its right.
      for (let k = s + 1; k < line.segments.length; k++) {
        const right = line.segments[k];
        if (right) at(segment.text, { line: 0, segment: k - s }, right.text, right.box, line.text);
      }
      // A label alone on its line (or last on it), the value under it.
      const below = lines[index + 1];
      const under = below?.segments.find(
        (b) =>
          b.box[0] < segment.box[2] &&
          b.box[2] > segment.box[0] &&
          !isLabelText(b.text) &&
          !/^[^:]{2,60}:\s*\S/.test(b.text),
      );
      if (below && under && s === line.segments.length - 1)
        at(segment.text, { line: 1, segment: 0 }, under.text, under.box, below.text);
    });
  });
  return out;
}

/** Every place a value could be remembered by in this document, with what it holds. */
export function documentPlaces(doc: ExtractedDocument): PlaceReading[] {
  const out: PlaceReading[] = [];
  for (const page of doc.layout ?? []) {
    for (const table of page.tables) out.push(...cellReadings(page, table));
    out.push(...lineReadings(page));
  }
  return out;
}

/** The reading at a remembered place, if this document has that place (the first, if several). */
export function readingAt(readings: PlaceReading[], place: Place): PlaceReading | undefined {
  const key = placeKey(place);
  return readings.find((r) => placeKey(r.place) === key);
}

/** The anchor of a reading, as every answer carries one (docs/extraction/README.md, "The anchor"). */
export function readingAnchor(reading: PlaceReading): ItemAnchor {
  const anchor: ItemAnchor = { page: reading.page, box: reading.box };
  if (reading.place.kind === 'cell') {
    anchor.row_label = reading.place.row_label;
    if (reading.place.column_header) anchor.column_label = reading.place.column_header;
  }
  if (reading.url) anchor.url = reading.url;
  return anchor;
}

export function readingLocation(reading: PlaceReading): string {
  const p = reading.place;
  const where =
    p.kind === 'cell'
      ? [p.table_title, p.row_label, p.column_header]
      : [p.label, p.offset.line ? 'the line below' : ''];
  return [`page ${reading.page}`, ...where].filter((s) => s && s.trim() !== '').join(' · ');
}
