import { describe, expect, it } from 'vitest';
import { decideConsensus } from './consensus';

const review = (workerId: string, result: Record<string, unknown>, quality = 0.5) => ({
  workerId,
  result,
  quality,
});

describe('consensus', () => {
  it('takes the value two reviews agree on, once normalised', () => {
    const outcome = decideConsensus(
      [
        review('a', {
          revenue: { value: '$1,234.5 million', source_text: 'Revenue $1,234.5 million' },
          margin: '45%',
        }),
        review('b', { revenue: 1234500000, margin: 0.45 }),
      ],
      3,
    );
    expect(outcome.kind).toBe('agreed');
    if (outcome.kind !== 'agreed') return;
    expect(outcome.result).toEqual({
      margin: '45%',
      revenue: { value: '$1,234.5 million', source_text: 'Revenue $1,234.5 million' },
    });
    expect(outcome.matches.get('b')).toEqual({ total: 2, matched: 2 });
  });

  it('asks for another review when two disagree', () => {
    expect(decideConsensus([review('a', { revenue: 10 }), review('b', { revenue: 11 })], 3)).toEqual({
      kind: 'needs_more',
    });
  });

  it('settles with the majority of three and scores the odd one out', () => {
    const outcome = decideConsensus(
      [
        review('a', { revenue: 10, year: 2024 }),
        review('b', { revenue: 11, year: 2024 }),
        review('c', { revenue: '10', year: 2024 }),
      ],
      3,
    );
    if (outcome.kind !== 'agreed') throw new Error('expected agreement');
    expect(outcome.result).toEqual({ revenue: 10, year: 2024 });
    expect(outcome.matches.get('b')).toEqual({ total: 2, matched: 1 });
  });

  it('flags a disputed item with the better reviewer’s value when three all differ', () => {
    const outcome = decideConsensus(
      [
        review('a', { revenue: 10 }, 0.6),
        review('b', { revenue: 11 }, 0.95),
        review('c', { revenue: 12 }, 0.7),
      ],
      3,
    );
    if (outcome.kind !== 'agreed') throw new Error('expected agreement');
    expect(outcome.result).toEqual({ revenue: { value: 11, disputed: true } });
  });

  it('counts a missing item as blank', () => {
    const outcome = decideConsensus(
      [review('a', { revenue: 10, notes: 'x' }), review('b', { revenue: 10 })],
      3,
    );
    expect(outcome.kind).toBe('needs_more');
  });

  describe('line items, row by row', () => {
    const row = (description: string, amount: number, quantity = 1) => ({
      description,
      quantity,
      amount,
      anchor: { page: 1 },
      confidence: { description: 0.9, quantity: 0.9, amount: 0.9 },
    });
    const items = (...rows: ReturnType<typeof row>[]) => ({ value: rows, type: 'line_items' });
    const fields = [
      {
        name: 'line_items',
        type: 'line_items' as const,
        columns: [
          { name: 'description', type: 'text' as const },
          { name: 'quantity', type: 'number' as const },
          { name: 'amount', type: 'money' as const },
        ],
      },
    ];
    const settled = (outcome: ReturnType<typeof decideConsensus>) => {
      if (outcome.kind !== 'agreed') throw new Error('expected agreement');
      return outcome;
    };
    const rowsOf = (outcome: ReturnType<typeof decideConsensus>) =>
      (settled(outcome).result.line_items as { value: Record<string, unknown>[] }).value;

    it('agrees on rows that differ only in formatting and order of keys', () => {
      const outcome = decideConsensus(
        [
          review('a', { line_items: items(row('Widget', 10), row('Gadget', 25.5)) }),
          review('b', {
            line_items: items(
              { description: ' widget ', quantity: '1', amount: '$10.00' } as never,
              row('Gadget', 25.5),
            ),
          }),
        ],
        3,
        fields,
      );
      expect(rowsOf(outcome).map((r) => r.description)).toEqual(['Widget', 'Gadget']);
      expect(settled(outcome).matches.get('b')).toEqual({ total: 2, matched: 2 });
    });

    it('needs another review when one row’s amount differs, and the third settles only that row', () => {
      const a = review('a', { line_items: items(row('Widget', 10), row('Gadget', 25.5), row('Bolt', 3)) });
      const b = review('b', { line_items: items(row('Widget', 10), row('Gadget', 52.5), row('Bolt', 3)) });
      expect(decideConsensus([a, b], 3, fields)).toEqual({ kind: 'needs_more' });

      const c = review('c', { line_items: items(row('Widget', 10), row('Gadget', 52.5), row('Bolt', 3)) });
      const outcome = decideConsensus([a, b, c], 3, fields);
      expect(rowsOf(outcome).map((r) => [r.description, r.amount])).toEqual([
        ['Widget', 10],
        ['Gadget', 52.5],
        ['Bolt', 3],
      ]);
      expect(settled(outcome).result.line_items).not.toHaveProperty('disputed');
      // The odd one out missed one row of three, not the whole field.
      expect(settled(outcome).matches.get('a')).toEqual({ total: 3, matched: 2 });
      expect(settled(outcome).matches.get('c')).toEqual({ total: 3, matched: 3 });
    });

    it('settles each row by its own majority', () => {
      const outcome = decideConsensus(
        [
          review('a', { line_items: items(row('Widget', 11), row('Gadget', 25.5)) }),
          review('b', { line_items: items(row('Widget', 10), row('Gadget', 25.5)) }),
          review('c', { line_items: items(row('Widget', 10), row('Gadget', 26)) }),
        ],
        3,
        fields,
      );
      expect(rowsOf(outcome).map((r) => [r.description, r.amount])).toEqual([
        ['Widget', 10],
        ['Gadget', 25.5],
      ]);
      expect(settled(outcome).matches.get('b')).toEqual({ total: 2, matched: 2 });
      expect(settled(outcome).matches.get('a')).toEqual({ total: 2, matched: 1 });
    });

    it('keeps a row most reviewers have and drops one only a minority added, in list order', () => {
      const outcome = decideConsensus(
        [
          review('a', { line_items: items(row('Widget', 10), row('Bolt', 3)) }),
          review('b', { line_items: items(row('Widget', 10), row('Nut', 1), row('Bolt', 3)) }),
          review('c', { line_items: items(row('Widget', 10), row('Nut', 1), row('Bolt', 3), row('Tip', 5)) }),
        ],
        3,
        fields,
      );
      expect(rowsOf(outcome).map((r) => r.description)).toEqual(['Widget', 'Nut', 'Bolt']);
      expect(settled(outcome).matches.get('c')).toEqual({ total: 4, matched: 3 });
    });

    it('keeps a settled row with its box when one of its reviewers sent it without', () => {
      const outcome = decideConsensus(
        [
          review('a', { line_items: items({ description: 'Widget', quantity: 1, amount: 10 } as never) }),
          review('b', { line_items: items(row('Widget', 10)) }),
        ],
        3,
        fields,
      );
      expect(rowsOf(outcome)[0]).toMatchObject({ description: 'Widget', anchor: { page: 1 } });
    });

    it('keeps two identical rows of one list as two rows', () => {
      const outcome = decideConsensus(
        [
          review('a', { line_items: items(row('Coffee', 3.5), row('Coffee', 3.5)) }),
          review('b', { line_items: items(row('Coffee', 3.5), row('Coffee', 3.5)) }),
        ],
        3,
        fields,
      );
      expect(rowsOf(outcome)).toHaveLength(2);
    });

    it('at the last review takes the better reviewer’s row for a row without a majority, flagged', () => {
      const outcome = decideConsensus(
        [
          review('a', { line_items: items(row('Widget', 10), row('Gadget', 25)) }, 0.6),
          review('b', { line_items: items(row('Widget', 10), row('Gadget', 26)) }, 0.95),
          review('c', { line_items: items(row('Widget', 10), row('Gadget', 27)) }, 0.7),
        ],
        3,
        fields,
      );
      const item = settled(outcome).result.line_items as {
        value: Record<string, unknown>[];
        type?: string;
        disputed?: boolean;
      };
      expect(item.disputed).toBe(true);
      expect(item.type).toBe('line_items');
      expect(item.value[0]).not.toHaveProperty('disputed');
      expect(item.value[1]).toMatchObject({ description: 'Gadget', amount: 26, disputed: true });
    });

    it('recognises line items by their rows when the request named no fields', () => {
      const outcome = decideConsensus(
        [
          review('a', { items: { value: [{ sku: '0042', amount: 5 }] }, total: 5 }),
          review('b', { items: { value: [{ sku: '0042', amount: 5 }] }, total: 5 }),
        ],
        3,
      );
      expect(settled(outcome).result.items).toEqual({ value: [{ sku: '0042', amount: 5 }] });
      expect(settled(outcome).matches.get('a')).toEqual({ total: 2, matched: 2 });
      expect(
        decideConsensus(
          [
            review('a', { items: { value: [{ sku: '0042', amount: 5 }] } }),
            review('b', { items: { value: [{ sku: '42', amount: 5 }] } }),
          ],
          3,
        ),
      ).toEqual({ kind: 'needs_more' });
    });
  });
});
