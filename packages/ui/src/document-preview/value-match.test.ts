import { describe, expect, it } from 'vitest';
import { cellOfLocation, cellShowsValue, columnIndexOf, columnLetterOf, gridTargetOf } from './value-match';

describe('finding a value where it is printed', () => {
  it('matches printed figures to normalised values, at the table scale too', () => {
    expect(cellShowsValue('45%', 0.45)).toBe(true);
    expect(cellShowsValue('1,234.5', 1234500000)).toBe(true);
    expect(cellShowsValue('March 5, 2024', '20240305')).toBe(true);
    expect(cellShowsValue('2.15', 1234500000)).toBe(false);
    expect(cellShowsValue('', 0)).toBe(false);
  });

  it('converts column letters both ways', () => {
    expect(columnIndexOf('B')).toBe(1);
    expect(columnIndexOf('AA')).toBe(26);
    expect(columnLetterOf(26)).toBe('AA');
    expect(columnIndexOf('B7')).toBeNull();
  });

  const sheets = [
    { name: 'Summary', rows: [['Metric', 'FY2023', 'FY2022']] },
    {
      name: 'Income',
      rows: [
        ['Metric', 'FY2023', 'FY2022'],
        ['Total revenue', '1,234.5', '1,000.0'],
        ['Gross margin', '45%', '41%'],
      ],
    },
  ];

  it('takes the anchor cell and lights its row label and column header', () => {
    const target = gridTargetOf(
      sheets,
      { sheet: 'Income', row: 2, column: 'C', row_label: 'Total revenue', column_label: 'FY2022' },
      1000000000,
    );
    expect(target).toEqual({
      sheet: 1,
      row: 1,
      column: 2,
      labels: [
        { row: 1, column: 0 },
        { row: 0, column: 2 },
      ],
    });
  });

  it('without cell coordinates, finds the value in the labelled row', () => {
    expect(gridTargetOf(sheets, { sheet: 'Income', row_label: 'Gross margin' }, 0.41)).toMatchObject({
      sheet: 1,
      row: 2,
      column: 2,
    });
    expect(gridTargetOf(sheets, null, 'nothing like it')).toBeNull();
  });
});

describe('cells named by a readable location', () => {
  it('reads sheet references and row/column locations', () => {
    expect(cellOfLocation('Income!B2')).toEqual({ sheet: 'Income', row: 2, column: 'B' });
    expect(cellOfLocation("'Q4 ''24'!C7")).toEqual({ sheet: "Q4 '24", row: 7, column: 'C' });
    expect(cellOfLocation('row 7, column B')).toEqual({ row: 7, column: 'B' });
    expect(cellOfLocation('page 2, line 3')).toBeNull();
  });

  it('finds a value on another sheet when nothing names one', () => {
    const sheets = [
      { name: 'Cover', rows: [['Acme']] },
      {
        name: 'Income',
        rows: [
          ['Metric', 'FY2024'],
          ['Total revenue', '1234.5'],
        ],
      },
    ];
    expect(gridTargetOf(sheets, null, 1234500000)).toMatchObject({ sheet: 1, row: 1, column: 1 });
  });
});
