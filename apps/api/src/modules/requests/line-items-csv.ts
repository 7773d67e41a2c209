import type { FieldSpec } from '@sieve/contracts';

function itemValue(item: unknown): unknown {
  return item && typeof item === 'object' && !Array.isArray(item) && 'value' in item
    ? (item as { value: unknown }).value
    : item;
}

function isRowList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r));
}

/** Keys a row carries beside its columns: its box, its cells' confidence, a consensus flag (DESIGN §4). */
const ROW_KEYS = new Set(['anchor', 'confidence', 'row', 'disputed']);

const cell = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : value;

/**
 * DESIGN §13: a result with line items exports one CSV row per item, the scalar fields repeated on
 * each, with a `row` column (the item's number in its list) and a column per `<field>.<column>`.
 * Columns follow the request's fields; a result without line items is left to the plain export.
 */
export function lineItemsCsv(
  result: Record<string, unknown>,
  metadata: Record<string, unknown>,
): { columns: string[]; rows: Record<string, unknown>[] } | null {
  const fields = Array.isArray(metadata.fields) ? (metadata.fields as FieldSpec[]) : [];
  const listFields = Object.keys(result).filter((name) => {
    const spec = fields.find((f) => f.name === name);
    return spec
      ? spec.type === 'line_items'
      : isRowList(itemValue(result[name])) && itemValue(result[name]) !== null;
  });
  if (listFields.length === 0) return null;
  const known = fields.map((f) => f.name).filter((n) => n in result);
  const order = [...known, ...Object.keys(result).filter((n) => !known.includes(n))];
  const scalars = order.filter((n) => !listFields.includes(n));
  const columnsOf = (name: string): string[] => {
    const spec = fields.find((f) => f.name === name);
    if (spec?.columns) return spec.columns.map((c) => c.name);
    const rows = itemValue(result[name]);
    const seen = new Set<string>();
    for (const row of isRowList(rows) ? rows : [])
      for (const key of Object.keys(row)) if (!ROW_KEYS.has(key)) seen.add(key);
    return [...seen];
  };
  const itemColumns = listFields.flatMap((name) => columnsOf(name).map((c) => [name, c] as const));
  const base = Object.fromEntries(scalars.map((n) => [n, cell(itemValue(result[n]))]));
  const rows: Record<string, unknown>[] = [];
  for (const name of listFields) {
    const list = itemValue(result[name]);
    for (const [i, row] of (isRowList(list) ? list : []).entries()) {
      const out: Record<string, unknown> = { row: i + 1, ...base };
      for (const [field, column] of itemColumns)
        out[`${field}.${column}`] = field === name ? cell(row[column]) : '';
      rows.push(out);
    }
  }
  if (rows.length === 0) rows.push({ row: '', ...base });
  return { columns: ['row', ...scalars, ...itemColumns.map(([f, c]) => `${f}.${c}`)], rows };
}
