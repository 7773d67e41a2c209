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

  it('reads the year to date ("YTD 2024", "year-to-date"): the months from January, not the quarter or the year', () => {
    const nine = parsePeriod('Nine Months Ended September 30, 2024');
    const three = parsePeriod('Three Months Ended September 30, 2024');
    const year = parsePeriod('Year Ended December 31, 2024');
    for (const name of ['Revenue YTD 2024', 'Revenue year-to-date 2024']) {
      const { label, period } = splitDataPoint(name);
      expect(label).toBe('Revenue');
      const wanted = period as NonNullable<typeof period>;
      expect(periodFit(wanted, nine)).toBeGreaterThan(periodFit(wanted, three));
      expect(periodFit(wanted, nine)).toBeGreaterThan(periodFit(wanted, year));
    }
  });

  it('reads a day printed without its year as a day, not as a two-digit year', () => {
    // "Year Ended December 31," spans a "$ Change" column too; it read as the year 2031, so that
    // column was taken for the latest period.
    expect(parsePeriod('Year Ended December 31, $ Change')).toEqual({
      years: [],
      month: 12,
      day: 31,
      months: 12,
    });
    expect(parsePeriod('Six months ended June 30')).toEqual({ years: [], month: 6, day: 30, months: 6 });
    expect(parsePeriod('Mar 19')).toMatchObject({ years: [2019], month: 3 });
    expect(parsePeriod('December 31, 2023')).toMatchObject({ years: [2023], month: 12, day: 31 });
  });

  it('splits a data point written as one identifier ("netIncome2023", "revenueQ42024") into words and period', () => {
    // Before: "netIncome2023" named no period and no words a table has.
    expect(splitDataPoint('netIncome2023')).toMatchObject({ label: 'net Income', period: { years: [2023] } });
    expect(splitDataPoint('revenueQ42024')).toMatchObject({
      label: 'revenue',
      period: { years: [2024], quarter: 4 },
    });
    expect(splitDataPoint('revenueFY2024')).toMatchObject({ label: 'revenue', period: { years: [2024] } });
    // Abbreviations in mixed case stay whole.
    expect(splitDataPoint('RoTE 2024').label).toBe('RoTE');
    expect(splitDataPoint('Revenue YoY').label).toBe('Revenue YoY');
  });
});
