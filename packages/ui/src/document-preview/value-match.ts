import { normaliseValue, valuesAgree } from '@sieve/contracts';
import { normaliseForMatch } from './text-match';

/**
 * Whether a printed cell ("1,234.5", "45%", "March 5, 2024") shows the item's value (1234500000,
 * 0.45, "20240305"): the same once normalised, or the same figure at the table's scale
 * (thousands, millions, billions), since a reported table prints 1,234.5 for 1.2345 billion.
 */
export function cellShowsValue(cellText: string, value: unknown): boolean {
  const text = cellText.trim();
  if (text === '' || value === null || value === undefined || value === '') return false;
  if (valuesAgree(text, value)) return true;
  const printed = normaliseValue(text);
  const wanted = typeof value === 'number' ? value : normaliseValue(String(value));
  if (typeof printed === 'number' && typeof wanted === 'number' && printed !== 0) {
    return [1e3, 1e6, 1e9].some((scale) => Math.abs(printed * scale - wanted) <= Math.abs(wanted) * 1e-9);
  }
  return normaliseForMatch(text) === normaliseForMatch(String(value));
}

/** Whether a label cell's text names the anchor's label ("Total revenue" in "Total revenue (1)"). */
export function textNamesLabel(text: string, label: string): boolean {
  const have = normaliseForMatch(text);
  const want = normaliseForMatch(label);
  return want !== '' && have !== '' && (have === want || have.includes(want));
}

/** "B" → 1 (0-based); "AA" → 26. */
export function columnIndexOf(letters: string): number | null {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return null;
  let index = 0;
  for (const char of letters.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

/** 0 → "A", 26 → "AA". */
export function columnLetterOf(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * The cell a readable location names, for items without an anchor: "Income!B2", "'Q4 data'!C7",
 * "row 7, column B". Null when it names no cell.
 */
export function cellOfLocation(
  location: string | null,
): { sheet?: string; row: number; column: string } | null {
  if (!location) return null;
  const sheetCell = /^(?:'((?:[^']|'')+)'|([^!]+))!([A-Z]{1,3})(\d+)$/.exec(location.trim());
  if (sheetCell) {
    const sheet = sheetCell[1]?.replace(/''/g, "'") ?? sheetCell[2] ?? '';
    return { sheet, row: Number(sheetCell[4]), column: sheetCell[3] ?? 'A' };
  }
  const rowColumn = /\brow (\d+), column ([A-Z]{1,3})\b/.exec(location);
  return rowColumn ? { row: Number(rowColumn[1]), column: rowColumn[2] ?? 'A' } : null;
}

export interface GridTarget {
  sheet: number;
  row: number;
  column: number;
  /** Cells lit faintly: the row label's and the column header's. */
  labels: { row: number; column: number }[];
}

/**
 * The cell an item points at in a grid: the anchor's sheet, row (1-based) and column letter when
 * it has them; else the first cell that shows the value in the row named by the row label.
 */
export function gridTargetOf(
  sheets: readonly { name: string; rows: readonly (readonly string[])[] }[],
  anchor: { sheet?: string; row?: number; column?: string; row_label?: string; column_label?: string } | null,
  value: unknown,
): GridTarget | null {
  const named = anchor?.sheet ? sheets.findIndex((sheet) => sheet.name === anchor.sheet) : -1;
  let sheetIndex = Math.max(0, named);
  let rows = sheets[sheetIndex]?.rows ?? [];
  let row: number | null = anchor?.row !== undefined ? anchor.row - 1 : null;
  let column: number | null = anchor?.column ? columnIndexOf(anchor.column) : null;
  if (row === null || column === null || !rows[row]) {
    row = null;
    column = null;
    // The named sheet first, then the others.
    const order = sheets
      .map((_, index) => index)
      .sort((a, b) => (a === sheetIndex ? -1 : b === sheetIndex ? 1 : a - b));
    for (const candidate of order) {
      const candidateRows = sheets[candidate]?.rows ?? [];
      for (let r = 0; r < candidateRows.length && row === null; r += 1) {
        const cells = candidateRows[r] ?? [];
        if (anchor?.row_label && !cells.some((cell) => textNamesLabel(cell, anchor.row_label ?? '')))
          continue;
        const c = cells.findIndex((cell) => cellShowsValue(cell, value));
        if (c >= 0) {
          row = r;
          column = c;
        }
      }
      if (row !== null) {
        sheetIndex = candidate;
        rows = candidateRows;
        break;
      }
    }
  }
  if (row === null || column === null) return null;
  const labels: GridTarget['labels'] = [];
  const cells = rows[row] ?? [];
  const labelColumn = anchor?.row_label
    ? cells.findIndex((cell) => textNamesLabel(cell, anchor.row_label ?? ''))
    : -1;
  if (labelColumn >= 0 && labelColumn !== column) labels.push({ row, column: labelColumn });
  if (anchor?.column_label) {
    for (let r = row - 1; r >= 0; r -= 1) {
      if (textNamesLabel(rows[r]?.[column] ?? '', anchor.column_label)) {
        labels.push({ row: r, column });
        break;
      }
    }
  }
  return { sheet: sheetIndex, row, column, labels };
}
