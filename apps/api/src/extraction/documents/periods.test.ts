import { describe, expect, it } from 'vitest';
import { parsePeriod } from './periods';

describe('periods in column headers', () => {
  it('reads a date whose comma OCR set tight against the year ("Jun 30,2016")', () => {
    expect(parsePeriod('Jun 30,2016')).toMatchObject({ years: [2016], month: 6, day: 30 });
    expect(parsePeriod('June 30, 2015')).toMatchObject({ years: [2015], month: 6, day: 30 });
  });
});
