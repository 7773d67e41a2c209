import { describe, expect, it } from 'vitest';
import { formatPercent, probabilityOf, resultRows } from './result-items';

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
    expect(rows).toEqual([
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
