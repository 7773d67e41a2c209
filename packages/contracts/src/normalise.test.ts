import { describe, expect, it } from 'vitest';
import {
  detectScale,
  findDate,
  type NormaliseHint,
  normaliseDate,
  normaliseNumber,
  normalisePercent,
  normaliseValue,
  valuesAgree,
} from './normalise';

// spec 01 §5 formatting guidelines: raw text → normalised value (and the hint it was read with).
const VECTORS: [raw: string, hint: NormaliseHint | undefined, expected: string | number | null][] = [
  // Numbers in US format, no thousands separators
  ['1,234.50', undefined, 1234.5],
  ['1234', undefined, 1234],
  ['(1,234)', undefined, -1234],
  ['-1,234.5', undefined, -1234.5],
  ['$(2,500)', undefined, -2500],
  ['−42', undefined, -42],
  ['$1,234,567.89', undefined, 1234567.89],
  ['USD 1,000', undefined, 1000],
  ['1.234.567,89', undefined, 1234567.89],
  ['1 234 567', undefined, 1234567],
  ['.5', undefined, 0.5],
  ['0.1', undefined, 0.1],
  // Percentages as decimals
  ['45%', undefined, 0.45],
  ['12.5 percent', undefined, 0.125],
  ['-3.2%', undefined, -0.032],
  ['(2.5)%', undefined, -0.025],
  ['33.3%', undefined, 0.333],
  ['25 bps', undefined, 0.0025],
  ['45%', { scale: 'millions' }, 0.45],
  // Numbers fully expanded
  ['$1.2 billion', undefined, 1200000000],
  ['100 million', undefined, 100000000],
  ['$3.4M', undefined, 3400000],
  ['5k', undefined, 5000],
  ['2.5bn', undefined, 2500000000],
  ['($1.2) million', undefined, -1200000],
  ['$1,234.5 million', undefined, 1234500000],
  // Values stated "in millions" are multiplied by 1,000,000
  ['1,234.5', { scale: 'millions' }, 1234500000],
  ['0.3', { scale: 'billions' }, 300000000],
  ['1,234', { scale: 'thousands' }, 1234000],
  ['$1.2 billion', { scale: 'millions' }, 1200000000],
  ['17', { scale: 'units' }, 17],
  // Indian reports: a crore is 10,000,000 and a lakh 100,000
  ['12,456.78', { scale: 'crores' }, 124567800000],
  ['3,210.5', { scale: 'lakhs' }, 321050000],
  ['₹ 1,250 crore', undefined, 12500000000],
  ['Rs 45 lakh', undefined, 4500000],
  // Dates as YYYYMMDD
  ['March 5, 2024', undefined, '20240305'],
  ['5 March 2024', undefined, '20240305'],
  ['2024-03-05', undefined, '20240305'],
  ['03/05/2024', undefined, '20240305'],
  ['Mar. 5, 2024', undefined, '20240305'],
  ['Sept. 30, 2023', undefined, '20230930'],
  ['March 5th, 2024', undefined, '20240305'],
  ['Tuesday, March 5, 2024', undefined, '20240305'],
  ['25/12/2023', undefined, '20231225'],
  ['5-Mar-24', undefined, '20240305'],
  ['2024-03-05T14:30:00Z', undefined, '20240305'],
  ['20240305', undefined, '20240305'],
  ['As of March 5, 2024', { dataPoint: 'report_date' }, '20240305'],
  // A value not found is left blank
  ['', undefined, null],
  ['   ', undefined, null],
  ['N/A', undefined, null],
  ['—', undefined, null],
  // Text stays text (collapsed), identifiers keep their digits
  ['  Acme   Corp. ', undefined, 'Acme Corp.'],
  ['02134', { dataPoint: 'zip_code' }, '02134'],
  ['4111 1111 1111 1111', undefined, '4111 1111 1111 1111'],
  ['INV-00042', { dataPoint: 'invoice_number' }, 'INV-00042'],
  ['004817', { dataPoint: 'Receipt #' }, '004817'],
  ['0042', { dataPoint: 'card_last_four' }, '0042'],
  ['0042', { dataPoint: 'Card last 4 digits' }, '0042'],
  ['+44 20 7946 0958', { dataPoint: 'phone' }, '+44 20 7946 0958'],
  ['00912', { dataPoint: 'Tax ID' }, '00912'],
  ['$1,200', { dataPoint: 'accounts_receivable' }, 1200],
  ['20240305', { dataPoint: 'total_revenue' }, 20240305],
  ['1.5x', undefined, '1.5x'],
  ['February 30, 2024', undefined, 'February 30, 2024'],
];

describe('normaliseValue (spec 01 §5 guidelines)', () => {
  it.each(VECTORS)('%j with %j → %j', (raw, hint, expected) => {
    expect(normaliseValue(raw, hint)).toBe(expected);
  });

  it('has at least 25 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(25);
  });

  it('passes numbers through and turns non-finite or missing values into blanks', () => {
    expect(normaliseValue(12.5)).toBe(12.5);
    expect(normaliseValue(Number.NaN)).toBeNull();
    expect(normaliseValue(null)).toBeNull();
    expect(normaliseValue(undefined)).toBeNull();
  });
});

describe('scaling is exact (no float noise)', () => {
  it.each([
    ['1234.5', 'millions', 1234500000],
    ['0.07', 'millions', 70000],
    ['1.1', 'billions', 1100000000],
    ['4.35', 'thousands', 4350],
    ['0.29', 'thousands', 290],
  ] as const)('%s in %s', (raw, scale, expected) => {
    expect(normaliseNumber(raw, scale)).toBe(expected);
  });

  it('percentages become the exact decimal a person would write', () => {
    expect(normalisePercent('7%')).toBe(0.07);
    expect(normalisePercent('14.3%')).toBe(0.143);
    expect(normalisePercent('0.45')).toBe(0.45);
    expect(normalisePercent('5 million')).toBeNull();
  });

  it('does not produce negative zero', () => {
    expect(Object.is(normaliseNumber('(0)'), 0)).toBe(true);
  });
});

describe('normaliseDate', () => {
  it('refuses impossible dates and non-dates', () => {
    expect(normaliseDate('2023-02-29')).toBeNull();
    expect(normaliseDate('13/13/2024')).toBeNull();
    expect(normaliseDate('2024')).toBeNull();
    expect(normaliseDate('Smarch 5, 2024')).toBeNull();
  });

  it('accepts a leap day', () => {
    expect(normaliseDate('Feb 29, 2024')).toBe('20240229');
  });

  it('finds a date inside a sentence', () => {
    expect(findDate('Report date: March 5, 2024 (unaudited)')).toEqual({
      text: 'March 5, 2024',
      index: 13,
      value: '20240305',
    });
    expect(findDate('no date here 2024')).toBeNull();
  });
});

describe('detectScale', () => {
  it.each([
    ['(in millions)', 'millions'],
    ['(In millions, except per share amounts)', 'millions'],
    ['$ in thousands', 'thousands'],
    ['Dollars in billions', 'billions'],
    ['($ thousands)', 'thousands'],
    ['(000s)', 'thousands'],
    ['(₹ in crore)', 'crores'],
    ['(Rs. in Lakhs)', 'lakhs'],
    ['(All amounts in ₹ crores, unless otherwise stated)', 'crores'],
    ['Total revenue: $1,234.5 million', undefined],
  ] as const)('%s → %s', (text, expected) => {
    expect(detectScale(text)).toBe(expected);
  });
});

describe('valuesAgree (consensus)', () => {
  it('compares numbers within 1e-9 relative', () => {
    expect(valuesAgree(1234500000, 1234500000.0000002)).toBe(true);
    expect(valuesAgree(0.1 + 0.2, 0.3)).toBe(true);
    expect(valuesAgree(1234, 1235)).toBe(false);
    expect(valuesAgree(0, 0)).toBe(true);
    expect(valuesAgree(0, 1e-12)).toBe(false);
  });

  it('normalises text before comparing', () => {
    expect(valuesAgree('45%', 0.45)).toBe(true);
    expect(valuesAgree('$1,234', 1234)).toBe(true);
    expect(valuesAgree('March 5, 2024', '20240305')).toBe(true);
    expect(valuesAgree('  ACME   corp ', 'Acme Corp')).toBe(true);
    expect(valuesAgree('Acme Corp', 'Acme Inc')).toBe(false);
    expect(valuesAgree('1234', 'one thousand')).toBe(false);
  });

  it('treats blanks alike and reads { value } items', () => {
    expect(valuesAgree(null, '')).toBe(true);
    expect(valuesAgree(undefined, 'N/A')).toBe(true);
    expect(valuesAgree(null, 0)).toBe(false);
    expect(valuesAgree({ value: '12.5%', source_text: 'x' }, 0.125)).toBe(true);
  });

  it('compares an identifier as its text when given the data point (issue 40)', () => {
    expect(valuesAgree('0042', '42', 'card_last_four')).toBe(false);
    expect(valuesAgree('0042', ' 0042 ', 'card_last_four')).toBe(true);
    expect(valuesAgree(4421, '4421', 'card_last_four')).toBe(true);
    expect(valuesAgree('004817', 4817, 'receipt_number')).toBe(false);
    expect(valuesAgree('$1,234', 1234, 'total')).toBe(true);
  });
});
