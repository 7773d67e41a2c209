import { describe, expect, it } from 'vitest';
import type { Hint } from './api';
import { bySource, learnedFrom, placeText } from './place-text';

const hint = (over: Partial<Hint>): Hint => ({
  hint_id: 'h',
  requester_id: 'r',
  fingerprint: 'fp1',
  source: 'Harbour Freight Co',
  field: 'Amount due',
  place: { kind: 'cell', row_label: 'Balance payable', column_rank: 0 },
  scale: null,
  type: 'money',
  reviews: 1,
  taught_by: [],
  uses: 0,
  corrections: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('learned hints in words (DESIGN §14)', () => {
  it('says where a value sits: a table cell or a labelled value', () => {
    expect(
      placeText({
        kind: 'cell',
        table_title: 'Account summary',
        row_label: 'Balance payable',
        column_header: 'This period',
        column_rank: 0,
      }),
    ).toBe('Account summary · Balance payable · This period');
    expect(placeText({ kind: 'cell', row_label: 'Revenue', column_rank: 1 })).toBe(
      'Revenue · value column 2',
    );
    expect(placeText({ kind: 'label', label: 'Statement no', offset: { line: 0, segment: 0 } })).toBe(
      '“Statement no”, after the colon',
    );
    expect(placeText({ kind: 'label', label: 'Total', offset: { line: 1, segment: 0 } })).toBe(
      '“Total”, on the line below',
    );
    expect(learnedFrom(1)).toBe('learned from 1 review');
    expect(learnedFrom(3)).toBe('learned from 3 reviews');
  });

  it('groups hints by the source layout that taught them, named by the issuer', () => {
    const groups = bySource([
      hint({ hint_id: 'a' }),
      hint({ hint_id: 'b', fingerprint: 'fp2', source: null }),
      hint({ hint_id: 'c', field: 'Statement number' }),
    ]);
    expect(groups.map((g) => [g.source, g.hints.map((h) => h.hint_id)])).toEqual([
      ['Harbour Freight Co', ['a', 'c']],
      ['Layout fp2', ['b']],
    ]);
  });
});
