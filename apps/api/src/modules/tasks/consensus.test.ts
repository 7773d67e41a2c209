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
});
