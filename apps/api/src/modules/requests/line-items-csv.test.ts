import { describe, expect, it } from 'vitest';
import { lineItemsCsv } from './line-items-csv';

describe('line items in the CSV export (DESIGN §13)', () => {
  it('gives a column per cell, never for a row’s box, confidence or disputed flag', () => {
    const csv = lineItemsCsv(
      {
        total: { value: 36 },
        items: {
          value: [
            { description: 'Widget', amount: 10, anchor: { page: 1 }, confidence: { amount: 0.9 } },
            { description: 'Gadget', amount: 26, disputed: true },
          ],
          disputed: true,
        },
      },
      {},
    );
    expect(csv?.columns).toEqual(['row', 'total', 'items.description', 'items.amount']);
    expect(csv?.rows[1]).toEqual({ row: 2, total: 36, 'items.description': 'Gadget', 'items.amount': 26 });
  });
});
