/**
 * CSV with formula-injection escaping (DESIGN §7): a cell that starts with =, +, -, @, tab or CR
 * is prefixed with a quote so spreadsheets show it as text.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return csvRow(columns) + rows.map((row) => csvRow(columns.map((c) => row[c]))).join('');
}
