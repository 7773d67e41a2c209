import { runChecks } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import { loadText } from '../readers/text';
import { cells, itemColumns } from '../testing/line-items';
import { constraintProblems } from './constraints';
import { readLineItems } from './line-items';
import { printedToken, typedValue } from './typed-value';

describe('typed values (DESIGN §13)', () => {
  it('turns each answer into its type with the extractor’s normalisers', () => {
    expect(typedValue('money', '$1,234.50')).toBe(1234.5);
    expect(typedValue('number', '(12)')).toBe(-12);
    expect(typedValue('percent', '7.5%')).toBe(0.075);
    expect(typedValue('percent', 7.5, 'Rate 7.5')).toBe(0.075);
    expect(typedValue('percent', 0.2, 'Margin 20%')).toBe(0.2);
    expect(typedValue('date', 'March 5, 2024')).toBe('20240305');
    expect(typedValue('date', 'due on 04/04/2024 net 30')).toBe('20240404');
    expect(typedValue('boolean', 'Yes')).toBe(true);
    expect(typedValue('boolean', 'no')).toBe(false);
    expect(typedValue('boolean', 'perhaps')).toBeNull();
    expect(typedValue('text', '  Northwind  ')).toBe('Northwind');
  });

  it('gives identifiers back as printed, even when read as a number', () => {
    expect(typedValue('identifier', 4817, 'Receipt No: 004817')).toBe('004817');
    expect(typedValue('identifier', 'INV-0042')).toBe('INV-0042');
    expect(printedToken(4817, 'Order 12 · Receipt #004817')).toBe('004817');
  });
});

describe('checks across fields', () => {
  const result = {
    Items: {
      value: [
        { description: 'a', amount: 21 },
        { description: 'b', amount: 10.2 },
        { description: 'c', amount: 10 },
      ],
    },
    Subtotal: { value: 44.2 },
    Tax: { value: 3 },
    Total: { value: 47.2 },
    Assets: { value: 100 },
    Liabilities: { value: 60 },
    Equity: { value: 39.99 },
    Issued: { value: '20240305' },
    Due: { value: '20240301' },
  };

  it('sums line-item columns and fields, and says what does not add up', () => {
    const [items, totals] = runChecks(result, [
      { kind: 'sum', name: 'items', of: ['items.amount'], equals: 'subtotal' },
      { kind: 'sum', of: ['Subtotal', 'Tax'], equals: 'Total' },
    ]);
    expect(items).toEqual({
      name: 'items',
      kind: 'sum',
      passed: false,
      detail: 'items.amount add up to 41.20, subtotal says 44.20',
      fields: ['Items', 'Subtotal'],
    });
    expect(totals?.passed).toBe(true);
  });

  it('compares within the tolerance and orders dates', () => {
    const [within, tight, order] = runChecks(result, [
      { kind: 'equal', left: ['Assets'], right: ['Liabilities', 'Equity'] },
      { kind: 'equal', left: ['Assets'], right: ['Liabilities', 'Equity'], tolerance: 0.001, name: 'tight' },
      { kind: 'before', first: 'Issued', second: 'Due' },
    ]);
    expect(within?.passed).toBe(true);
    expect(tight).toMatchObject({
      passed: false,
      detail: 'Assets = 100, Liabilities + Equity = 99.99 (off by 0.01)',
    });
    expect(order).toMatchObject({ passed: false, detail: 'Issued 20240305 is after Due 20240301' });
  });

  it('does not fail a check whose values are missing, and says it was not run', () => {
    const [skipped] = runChecks({ Total: { value: null } }, [
      { kind: 'sum', of: ['Subtotal'], equals: 'Total' },
    ]);
    expect(skipped).toMatchObject({ passed: true, detail: 'Not checked: Subtotal not found' });
  });
});

describe('field rules', () => {
  it('names what an answer breaks', () => {
    expect(constraintProblems({ name: 'Total', type: 'money', min: 0 }, -5)).toEqual([
      'Total -5 is below its minimum 0',
    ]);
    expect(constraintProblems({ name: 'No', type: 'identifier', pattern: '^\\d{6}$' }, '4817')).toHaveLength(
      1,
    );
    expect(constraintProblems({ name: 'Total', type: 'money', required: true }, null)).toEqual([
      'Total is required but was not found',
    ]);
    expect(constraintProblems({ name: 'Kind', type: 'text', values: ['Food', 'Fuel'] }, 'food')).toEqual([]);
  });
});

describe('line items from a receipt’s lines', () => {
  it('reads items between the heading and the totals, with quantity and unit price', async () => {
    const doc = await loadText(
      [
        'CORNER CAFE',
        'Receipt 004817',
        '2 x Flat white     7.00',
        'Croissant   3.20',
        'Orange juice  4.50',
        'SUBTOTAL  14.70',
        'TAX 1.20',
        'TOTAL  15.90',
      ].join('\n'),
    );
    const item = readLineItems(doc, {
      name: 'items',
      type: 'line_items',
      columns: [
        { name: 'description', type: 'text' },
        { name: 'quantity', type: 'number' },
        { name: 'unit_price', type: 'money' },
        { name: 'amount', type: 'money' },
      ],
    });
    const rows = (item.value ?? []).map(({ anchor: _a, confidence: _c, ...cells }) => cells);
    expect(rows).toEqual([
      { description: 'Flat white', quantity: 2, unit_price: 3.5, amount: 7 },
      { description: 'Croissant', quantity: 1, unit_price: null, amount: 3.2 },
      { description: 'Orange juice', quantity: 1, unit_price: null, amount: 4.5 },
    ]);
  });

  it('reads a till’s two-line items: the name, then its count, price and amount below it', async () => {
    const doc = await loadText(
      [
        'HARBOUR MART',
        'ITEM   QTY   AMOUNT',
        'BANANA CAKE   6.40',
        'DISH SOAP 500ML',
        '3 x 4.15     12.45',
        '9556001234567',
        'TOOTH BRUSH',
        '2x2.90   5.80 SR',
        'PAINT BRUSH 2IN',
        '1.x773:21   73.21 ZR',
        'SUBTOTAL  97.86',
        'TOTAL  97.86',
      ].join('\n'),
    );
    expect(cells(readLineItems(doc, itemColumns))).toEqual([
      { description: 'BANANA CAKE', quantity: 1, unit_price: null, amount: 6.4 },
      { description: 'DISH SOAP 500ML', quantity: 3, unit_price: 4.15, amount: 12.45 },
      { description: 'TOOTH BRUSH', quantity: 2, unit_price: 2.9, amount: 5.8 },
      // OCR glued the times sign into the figures ("1 x 73.21"): still the name's figures.
      { description: 'PAINT BRUSH 2IN', quantity: 1, unit_price: null, amount: 73.21 },
    ]);
  });

  it('works out the amount of a count and a price printed with no amount after them', async () => {
    // Before: "5 x 23.51" with its amount lost answered the unit price as the amount.
    const doc = await loadText(
      [
        'ITEM   QTY   AMOUNT',
        'CHICKEN RICE',
        '5 x 23.51',
        'EGGS GRADE A 4 x 18.43',
        'BATTERY PACK 4',
        '2 x 9.90',
        'KOPI 0   1 x 2.20   2.20',
        'TOTAL  213.27',
      ].join('\n'),
    );
    const item = readLineItems(doc, itemColumns);
    expect(cells(item)).toEqual([
      { description: 'CHICKEN RICE', quantity: 5, unit_price: 23.51, amount: 117.55 },
      { description: 'EGGS GRADE A', quantity: 4, unit_price: 18.43, amount: 73.72 },
      { description: 'BATTERY PACK 4', quantity: 2, unit_price: 9.9, amount: 19.8 },
      // OCR's "0" for the letter O in a name.
      { description: 'KOPI O', quantity: 1, unit_price: 2.2, amount: 2.2 },
    ]);
    // Worked out, not read: less sure than the description read beside it.
    const first = item.value?.[0]?.confidence ?? {};
    expect(first.amount).toBeLessThan(first.description ?? 0);
  });

  it('ends the items at an invoice’s amount label in its own language ("Netto", "USt.")', async () => {
    const doc = await loadText(
      [
        'Leistung        Menge    E-Preis     Gesamt',
        'Wartung         2        36,38       72,76',
        'Montage         3        56,63       169,89',
        'Netto                            CHF 242,65',
        'USt. 7 %                             16,99 €',
      ].join('\n'),
    );
    expect(cells(readLineItems(doc, itemColumns)).map((r) => [r.description, r.amount])).toEqual([
      ['Wartung', 72.76],
      ['Montage', 169.89],
    ]);
  });

  it('takes a count closing the description as the quantity only under a QTY heading', async () => {
    const underQty = await loadText(
      ['DESCRIPTION   QTY   AMT', 'PAINT ROLLER 9IN 2    31.80', 'TOTAL  31.80'].join('\n'),
    );
    expect(cells(readLineItems(underQty, itemColumns))).toEqual([
      { description: 'PAINT ROLLER 9IN', quantity: 2, unit_price: 15.9, amount: 31.8 },
    ]);
    const noQty = await loadText(['ITEM   AMOUNT', 'BATTERY PACK 4    9.90', 'TOTAL  9.90'].join('\n'));
    expect(cells(readLineItems(noQty, itemColumns))).toEqual([
      { description: 'BATTERY PACK 4', quantity: 1, unit_price: null, amount: 9.9 },
    ]);
  });
});
