import { describe, expect, it } from 'vitest';
import { currencyAlternation, currencyIn, printedCurrency } from './currencies';

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

describe('currency patterns built from the one table', () => {
  it('finds a receipt currency by code, lettered mark or a symbol beside an amount', () => {
    const myr = printedCurrency('MYR');
    expect(myr.test('TOTAL RM12.50')).toBe(true);
    expect(myr.test('Amount (RM)')).toBe(true);
    expect(myr.test('FORM 12')).toBe(false);
    expect(myr.test('RMB 12')).toBe(false);
    const eur = printedCurrency('EUR');
    expect(eur.test('Summe 12,50 €')).toBe(true);
    expect(eur.test('€ JALAN')).toBe(false);
    expect(printedCurrency('USD').test('Total $5.00')).toBe(false);
  });
  it('matches the longest mark first and a lettered mark only at a word start', () => {
    const alone = new RegExp(`^${currencyAlternation()}$`, 'i');
    expect(alone.test('RMB')).toBe(true);
    expect(alone.test('zł')).toBe(true);
    const leading = new RegExp(`${currencyAlternation({ codes: ['INR'], wordStart: true })}\\s*\\d`);
    expect(leading.exec('Rs. 12')?.[0]).toBe('Rs. 1');
    expect(leading.test('hours 5')).toBe(false);
  });
  it('names a currency by its word when no mark or code is printed', () => {
    expect(currencyIn('paid in euros')).toBe('EUR');
    expect(currencyIn('RMB 5')).toBe('CNY');
  });
});
