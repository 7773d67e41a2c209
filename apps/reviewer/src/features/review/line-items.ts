import { type ColumnSpec, type FieldSpec, normaliseValue, type ScalarFieldType } from '@sieve/contracts';
import { anchorOf, displayText, type ItemAnchor, isPlainObject } from './review-rows';

/**
 * Line items in review (DESIGN §13): a field's answer is a list of rows keyed by column, each row
 * with its box (`anchor`) and each cell's confidence. The reviewer edits the cells, adds, removes
 * and reorders rows; the list goes back as the field's value.
 */

export type ItemRow = Record<string, unknown>;

/** Keys a row carries beside its columns. */
const ROW_KEYS = new Set(['anchor', 'confidence', 'row', 'disputed']);

export function isRowList(value: unknown): value is ItemRow[] {
  return Array.isArray(value) && value.every(isPlainObject);
}

/** The line-items fields a request asked for, by name (the task's metadata holds them). */
export function lineItemSpecs(metadata: Record<string, unknown>): Map<string, ColumnSpec[]> {
  const fields = Array.isArray(metadata.fields) ? (metadata.fields as FieldSpec[]) : [];
  return new Map(
    fields.filter((f) => f.type === 'line_items' && f.columns?.length).map((f) => [f.name, f.columns ?? []]),
  );
}

export interface ItemColumn {
  name: string;
  type: ScalarFieldType;
}

/** The columns to show: the request's, else those the rows have (numbers typed as numbers). */
export function itemColumns(rows: readonly ItemRow[], spec: readonly ColumnSpec[] | undefined): ItemColumn[] {
  if (spec?.length) return spec.map((c) => ({ name: c.name, type: c.type }));
  const names = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => !ROW_KEYS.has(key))))];
  return names.map((name) => ({
    name,
    type: rows.some((row) => typeof row[name] === 'number') ? 'number' : 'text',
  }));
}

/** What the reviewer's text in a cell stores: a column's type kept (amounts as numbers, identifiers as typed). */
export function parseItemCell(text: string, type: ScalarFieldType): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (type === 'text' || type === 'identifier') return trimmed;
  if (type === 'boolean') {
    if (/^(?:yes|y|true|1)$/i.test(trimmed)) return true;
    if (/^(?:no|n|false|0)$/i.test(trimmed)) return false;
    return trimmed;
  }
  if (type === 'date') {
    const date = normaliseValue(trimmed, { dataPoint: 'date' });
    return typeof date === 'string' && /^\d{8}$/.test(date) ? date : trimmed;
  }
  const number = normaliseValue(trimmed, type === 'percent' ? { dataPoint: 'percent' } : {});
  return typeof number === 'number' ? number : trimmed;
}

/** Why a cell's value cannot go out as its column's type, or null. */
export function itemCellProblem(value: unknown, type: ScalarFieldType): string | null {
  if (value === null || value === undefined) return null;
  if ((type === 'number' || type === 'money' || type === 'percent') && typeof value !== 'number')
    return 'Not a number';
  if (type === 'date' && !(typeof value === 'string' && /^\d{8}$/.test(value))) return 'Not a date';
  if (type === 'boolean' && typeof value !== 'boolean') return 'Not yes or no';
  return null;
}

export function cellConfidence(row: ItemRow, column: string): number | null {
  const confidence = row.confidence;
  if (!isPlainObject(confidence)) return null;
  const value = confidence[column];
  return typeof value === 'number' ? value : null;
}

export function rowAnchor(row: ItemRow): ItemAnchor | null {
  return anchorOf(row.anchor);
}

/** A row with one cell changed (its box and the other cells' confidence kept). */
export function withCell(rows: readonly ItemRow[], index: number, column: string, value: unknown): ItemRow[] {
  return rows.map((row, i) => (i === index ? { ...row, [column]: value } : row));
}

export function withNewRow(rows: readonly ItemRow[], columns: readonly ItemColumn[]): ItemRow[] {
  return [...rows, Object.fromEntries(columns.map((c) => [c.name, null]))];
}

export function withoutRow(rows: readonly ItemRow[], index: number): ItemRow[] {
  return rows.filter((_, i) => i !== index);
}

export function withRowMoved(rows: readonly ItemRow[], index: number, delta: number): ItemRow[] {
  const to = index + delta;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The main table's text for a line-items value: a count, the rows being edited below it. */
export function reviewCellText(value: unknown): string {
  if (isRowList(value) && Array.isArray(value) && value.length > 0)
    return `${value.length} ${value.length === 1 ? 'item' : 'items'} · edit below`;
  return displayText(value);
}

/** The cells that cannot go out as their column's type, as "<field> item <n> <column> (<problem>)". */
export function itemProblems(
  rows: readonly { key: string; cells: Record<string, unknown> }[],
  specs: Map<string, ColumnSpec[]>,
): { name: string; problem: string }[] {
  const found: { name: string; problem: string }[] = [];
  for (const row of rows) {
    const items = row.cells.value;
    if (!isRowList(items) || items.length === 0) continue;
    const columns = itemColumns(items, specs.get(row.key));
    for (const [index, item] of items.entries())
      for (const column of columns) {
        const problem = itemCellProblem(item[column.name], column.type);
        if (problem) found.push({ name: `${row.key} item ${index + 1} ${label(column.name)}`, problem });
      }
  }
  return found;
}

const label = (column: string) => column.replace(/[_-]+/g, ' ');
