import { describe, expect, it } from 'vitest';
import { formatPercent, probabilityOf, readableValue, resultRows } from './result-items';

describe('resultRows', () => {
  it('reads value, source text, location, URL and confidence of each data point', () => {
    const rows = resultRows({
      'Total revenue': {
        value: '1234500000',
        location: 'Page 1, line 3',
        source_text: 'Total revenue: $1,234.5 million',
        source_url: null,
        confidence: 0.97,
      },
      'Gross margin': { value: 0.45, source_text: 'Gross margin: 45%', disputed: true },
    });
    expect(rows).toMatchObject([
      {
        dataPoint: 'Total revenue',
        value: '1234500000',
        sourceText: 'Total revenue: $1,234.5 million',
        location: 'Page 1, line 3',
        sourceUrl: null,
        confidence: 0.97,
        isDisputed: false,
      },
      {
        dataPoint: 'Gross margin',
        value: '0.45',
        sourceText: 'Gross margin: 45%',
        location: null,
        sourceUrl: null,
        confidence: null,
        isDisputed: true,
      },
    ]);
  });

  it('takes a bare value as the value, and a missing value as blank', () => {
    expect(resultRows({ a: 'x', b: null, c: { value: [1, 2] } }).map((r) => r.value)).toEqual([
      'x',
      '',
      '[1,2]',
    ]);
    expect(resultRows(null)).toEqual([]);
  });

  it('follows the order the data points were asked for', () => {
    const rows = resultRows({ 'Report date': 1, 'Gross margin': 2, Extra: 3, 'Total revenue': 4 }, [
      'Total revenue',
      'Gross margin',
      'Report date',
    ]);
    expect(rows.map((row) => row.dataPoint)).toEqual([
      'Total revenue',
      'Gross margin',
      'Report date',
      'Extra',
    ]);
  });
});

describe('probabilityOf', () => {
  it('turns a log-probability into a share between 0 and 1', () => {
    expect(probabilityOf(0)).toBe(1);
    expect(probabilityOf(Math.log(0.5))).toBeCloseTo(0.5);
    expect(probabilityOf(5)).toBe(1);
    expect(formatPercent(probabilityOf(-0.0305))).toBe('97%');
  });
});

describe('the final result with its evidence (issue 13)', () => {
  it('groups numbers for reading and leaves dates and text alone', () => {
    expect(readableValue(1482700000)).toBe('1,482,700,000');
    expect(readableValue(260.2)).toBe('260.2');
    expect(readableValue(20240314)).toBe('20240314');
    expect(readableValue('Acme Corp')).toBe('Acme Corp');
  });

  it('never groups a string of digits or an identifier (issue 40)', () => {
    expect(readableValue('004817', 'Receipt #')).toBe('004817');
    expect(readableValue('1482700000', 'Total revenue')).toBe('1482700000');
    expect(readableValue(4421, 'card_last_four')).toBe('4421');
    expect(readableValue(48170, 'receipt_number')).toBe('48170');
    expect(readableValue(4421, 'Total')).toBe('4,421');
  });

  it('reads corrected values with the AI value and the anchor page', () => {
    const [row] = resultRows({
      total_revenue: {
        value: 200,
        corrected: true,
        ai_value: 1234500000,
        anchor: { page: 2, box: [0, 0, 1, 1] },
      },
    });
    expect(row).toMatchObject({ value: '200', isCorrected: true, aiValue: '1234500000', page: 2 });
  });
});
