import { describe, expect, it } from 'vitest';
import { detectColumnUnit, detectScaleText, detectShareScale, isScaleOnly, rowKind } from './scale';

describe('the scale a report states', () => {
  it.each([
    ['(in millions, except per share data)', 'millions'],
    ["US$'000", 'thousands'],
    ['(€m)', 'millions'],
    // Indian reports
    ['(₹ in Crore)', 'crores'],
    ['Rs. in Lakhs', 'lakhs'],
    ['₹ cr', 'crores'],
    // Continental reports put the multiple before the currency, or write it in German
    ['in TEUR', 'thousands'],
    ['kEUR', 'thousands'],
    ['T€', 'thousands'],
    ['MSEK', 'millions'],
    ['in Mio. €', 'millions'],
    ['EUR Mio.', 'millions'],
    ['Mrd. EUR', 'billions'],
    // Not scales
    ['TOTAL EUR', undefined],
  ] as const)('%s → %s', (text, expected) => {
    expect(detectScaleText(text)).toBe(expected);
  });
});

describe('lines that state units and nothing else', () => {
  it.each([
    ['SEK million', true],
    ['MSEK', true],
    ['(US$ millions)', true],
    ["€'000", true],
    ['Key figures, SEK million', false],
    ['Group income statement', false],
  ] as const)('%s → %s', (text, expected) => {
    expect(isScaleOnly(text)).toBe(expected);
  });
});

describe('columns of percentages', () => {
  it.each([
    ['Change, %', 'percent'],
    ['Full year Change %', 'percent'],
    ['% change', 'percent'],
    ['(%)', 'percent'],
    ['Change', undefined],
    ['2024', undefined],
  ] as const)('%s → %s', (text, expected) => {
    expect(detectColumnUnit(text)).toBe(expected);
  });
});

describe('rows whose figures are not scaled', () => {
  it.each([
    ['Basic (₹)', ['Earnings per equity share (Face value ₹ 10 each)'], 'per-share'],
    ['Ergebnis je Aktie (in €)', [], 'per-share'],
    ['Résultat net par action', [], 'per-share'],
    ['Resultat per aktie, SEK', [], 'per-share'],
    ['Personnel at end of period', [], 'percent'],
    ['Number of stores', [], 'percent'],
    // Things counted, by what was done to them, or by the heading over the lines.
    ['Units sold', [], 'percent'],
    ['Total units sold', [], 'percent'],
    ['Vehicles delivered', [], 'percent'],
    ['Widget A', ['Units sold'], 'percent'],
    ['UK', ['Stores'], 'percent'],
    ['Revenue from units sold', [], 'amount'],
    ['Widget A', ['Revenue'], 'amount'],
    ['Revenue', [], 'amount'],
    // The rate paid, in brackets, does not make the amount paid a per-share figure.
    ['Dividends declared ($1.20 per share)', [], 'amount'],
    ['Final dividend (24.5p per share)', [], 'amount'],
    ['Dividends declared per share', [], 'per-share'],
  ] as const)('%s under %j is %s', (label, section, kind) => {
    expect(rowKind(label, [...section])).toBe(kind);
  });
});

describe('the scale of share counts', () => {
  it.each([
    [
      '(In millions, except number of shares, which are reflected in thousands, and per-share amounts)',
      'thousands',
    ],
    ['(Amounts in millions, except per share amounts; shares in thousands)', 'thousands'],
    // Printed in full: the table's scale does not apply to them
    ['(in thousands, except share and per share data)', 'units'],
    ['(In thousands, except shares)', 'units'],
    // Only per-share amounts are exempt: counts follow the table
    ['(In millions, except per share data)', undefined],
    ['(in thousands, except share price)', undefined],
  ] as const)('%s → %s', (text, expected) => {
    expect(detectShareScale(text)).toBe(expected);
  });
});
