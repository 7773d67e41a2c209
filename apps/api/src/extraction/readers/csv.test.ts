import { describe, expect, it } from 'vitest';
import { HeuristicProvider } from '../providers/heuristic';
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

  it('answers from a table whose unit sits in its corner, sections under label rows, counts unscaled', async () => {
    const csv = [
      '($000),FY 2023,FY 2024',
      'Revenue,,',
      'Licences,"2,992.8","2,852.7"',
      'Services,"2,471.2","2,613.0"',
      'Total revenue,"5,464.0","5,465.7"',
      'Units sold,,',
      'Licences,543,"1,406"',
      'Services,"2,687","2,911"',
      'Total units sold,"3,230","4,317"',
    ].join('\n');
    const doc = loadCsv(csv);
    expect(doc.layout?.[0]?.tables).toHaveLength(1);
    const asked = ['Revenue Services 2024', 'Units sold Services 2024', 'Total units sold 2023'];
    const { result } = await new HeuristicProvider().extract(doc, asked, { documentType: 'csv' });
    expect(result['Revenue Services 2024']).toMatchObject({
      value: 2_613_000,
      anchor: { row: 4, column: 'C' },
    });
    expect(result['Units sold Services 2024']).toMatchObject({
      value: 2911,
      anchor: { row: 8, column: 'C' },
    });
    expect(result['Total units sold 2023']).toMatchObject({ value: 3230, anchor: { row: 9, column: 'B' } });
  });
});
