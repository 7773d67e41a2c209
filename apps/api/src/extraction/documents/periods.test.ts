import { describe, expect, it } from 'vitest';
import { parsePeriod, periodFit, splitDataPoint } from './periods';

describe('periods in column headers', () => {
  it('reads a date whose comma OCR set tight against the year ("Jun 30,2016")', () => {
    expect(parsePeriod('Jun 30,2016')).toMatchObject({ years: [2016], month: 6, day: 30 });
    expect(parsePeriod('June 30, 2015')).toMatchObject({ years: [2015], month: 6, day: 30 });
  });

  it('reads months to a date written short ("9M 2023", "9M23"), so they fit their columns', () => {
    expect(parsePeriod('9M 2023')).toMatchObject({ years: [2023], months: 9 });
    expect(parsePeriod('9M23')).toMatchObject({ years: [2023], months: 9 });
    const { label, period } = splitDataPoint('Net income 9M 2022');
    expect(label).toBe('Net income');
    const nine = parsePeriod('Nine Months Ended September 30, 2022');
    const three = parsePeriod('Three Months Ended September 30, 2022');
    expect(periodFit(period as NonNullable<typeof period>, nine)).toBeGreaterThan(
      periodFit(period as NonNullable<typeof period>, three),
    );
  });
});
