import { describe, expect, it } from 'vitest';
import {
  ITEM_LIST_END,
  isItemTaxCode,
  lineItemRole,
  productSize,
  splitGluedTaxCode,
} from './line-item-columns';

describe('item table headings', () => {
  it.each([
    ['Description', 'description'],
    ['Leistung', 'description'],
    ['Désignation', 'description'],
    ['Qty', 'quantity'],
    ['Anz.', 'quantity'],
    ['Cant.', 'quantity'],
    ['Unit price', 'unit_price'],
    ['P.U. HT', 'unit_price'],
    ['Einzelpreis', 'unit_price'],
    ['Amount (EUR)', 'amount'],
    ['Total HT', 'amount'],
    ['Importe', 'amount'],
    ['unit_price', 'unit_price'],
    ['tax_code', 'tax_code'],
  ])('%s → %s', (text, role) => {
    expect(lineItemRole(text)).toBe(role);
  });
  it('knows the lines that end an item list', () => {
    expect(ITEM_LIST_END.test('Subtotal')).toBe(true);
    expect(ITEM_LIST_END.test('Zwischensumme')).toBe(true);
    expect(ITEM_LIST_END.test('Oak shelving units')).toBe(false);
  });
});

describe('item tax codes', () => {
  it('knows the codes a till prints after an amount, and parts one glued to it', () => {
    expect(['SR', 'zr', 'T', 'ES'].map(isItemTaxCode)).toEqual([true, true, true, true]);
    expect(isItemTaxCode('RICE')).toBe(false);
    expect(splitGluedTaxCode('10.17SR')).toEqual(['10.17', 'SR']);
    expect(splitGluedTaxCode('12.50EUR')).toBeUndefined();
    expect(splitGluedTaxCode('2KG')).toBeUndefined();
  });
});

describe('product sizes in item names', () => {
  it('reads the letter O among a size’s digits as a zero, and leaves other words alone', () => {
    expect(['8OGSM', '1O0ML', '1.5L', '4OZ', 'GOLD', 'O5', 'KOPI'].map(productSize)).toEqual([
      '80GSM',
      '100ML',
      '1.5L',
      '4OZ',
      'GOLD',
      'O5',
      'KOPI',
    ]);
  });
});
