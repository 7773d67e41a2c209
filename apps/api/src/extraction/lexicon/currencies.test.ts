import { describe, expect, it } from 'vitest';
import { currencyIn } from './currencies';

describe('currencies as printed', () => {
  it.each([
    ['Total $44.20', 'USD'],
    ['Gesamtbetrag 1.234,56 €', 'EUR'],
    ['TOTAL RM 12.50', 'MYR'],
    ['Amount due: CHF 1’234.00', 'CHF'],
    ['S$ 9.00', 'SGD'],
    ['Total 44.20 EUR', 'EUR'],
    ['£12.00', 'GBP'],
  ])('%s → %s', (text, code) => {
    expect(currencyIn(text)).toBe(code);
  });
  it('finds none in a bare figure or in words that only look like codes', () => {
    expect(currencyIn('Total 44.20')).toBeUndefined();
    expect(currencyIn('THE TOTAL FOR ALL')).toBeUndefined();
    expect(currencyIn('Rsvp by Friday')).toBeUndefined();
  });
});
