import { describe, expect, it } from 'vitest';
import { REPORT_CSV } from '../testing/fixtures';
import { loadCsv } from './csv';

describe('loadCsv', () => {
  it('reads rows as lines with row numbers and column letters', () => {
    const doc = loadCsv(REPORT_CSV);
    expect(doc.kind).toBe('csv');
    expect(doc.lines.map((l) => l.text)).toEqual([
      'Metric | Value | Notes',
      'Total revenue | $1,234.5 million | audited',
      'Gross margin | 45%',
      'Report date | March 5, 2024',
    ]);
    expect(doc.lines[0]?.isHeader).toBe(true);
    // Lines are derived from the grid's layout page: each cell keeps its box there.
    expect(doc.lines[1]).toMatchObject({
      text: 'Total revenue | $1,234.5 million | audited',
      location: { row: 2 },
      cells: [
        { text: 'Total revenue', column: 'A' },
        { text: '$1,234.5 million', column: 'B' },
        { text: 'audited', column: 'C' },
      ],
    });
  });

  it('keeps the file’s row numbers across blank lines and reads a BOM, semicolons and CRLF', () => {
    const bytes = Buffer.from('\uFEFFname;amount\r\n\r\nAcme;"1.234,5"\r\n', 'utf8');
    const doc = loadCsv(bytes);
    expect(doc.lines.map((l) => [l.location.row, l.text])).toEqual([
      [1, 'name | amount'],
      [3, 'Acme | 1.234,5'],
    ]);
  });

  it('restricts to the requested columns by header name, case and spacing aside', () => {
    const doc = loadCsv('Company,Total Revenue,Employees\nAcme,100,5\n', { columns: ['total_revenue'] });
    expect(doc.lines.map((l) => l.text)).toEqual(['Total Revenue', '100']);
    expect(doc.lines[1]?.cells).toMatchObject([{ text: '100', column: 'B' }]);
  });

  it('reads columns by letter when the file has no header row', () => {
    const doc = loadCsv('Acme,100,5\nBeta,200,6\n', { hasHeaders: false, columns: ['A', 'C'] });
    expect(doc.lines.map((l) => l.text)).toEqual(['Acme | 5', 'Beta | 6']);
    expect(doc.lines.some((l) => l.isHeader)).toBe(false);
  });

  it('names missing columns and what the header has', () => {
    expect(() => loadCsv('Company,Revenue\nAcme,1\n', { columns: ['Profit', 'Revenue', 'Debt'] })).toThrow(
      'Columns Profit, Debt not found in the CSV (the header has: Company, Revenue)',
    );
  });

  it('falls back to Windows-1252 for legacy exports', () => {
    const bytes = Buffer.concat([
      Buffer.from('name,city\nJos'),
      Buffer.from([0xe9]),
      Buffer.from(',Z\u00fcrich'),
    ]);
    expect(loadCsv(bytes).lines[1]?.text).toBe('José | ZÃ¼rich');
  });
});
