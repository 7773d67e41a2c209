import { describe, expect, it } from 'vitest';
import { findTextItems, groundingNeedles, pageOfLocation } from './text-match';

describe('source grounding text match', () => {
  it('finds a passage across text items, ignoring case and spacing', () => {
    const items = ['Annual report', 'Total revenue:', '  $1,234.5   million', 'Gross margin: 42%'];
    expect(findTextItems(items, 'total revenue: $1,234.5 million')).toEqual([1, 2]);
    expect(findTextItems(items, 'Gross margin')).toEqual([3]);
    expect(findTextItems(items, 'Net income')).toBeNull();
    expect(findTextItems(items, '   ')).toBeNull();
  });

  it('matches words split across runs', () => {
    expect(findTextItems(['Reve', 'nue: 12'], 'Revenue: 12')).toEqual([0, 1]);
  });

  it('tries the whole source text, its first line, its start, then the value', () => {
    expect(groundingNeedles('Revenue: 12\nmore', '12000000')).toEqual([
      'Revenue: 12\nmore',
      'Revenue: 12',
      '12000000',
    ]);
    expect(groundingNeedles(null, '42')).toEqual([]);
    expect(groundingNeedles(null, 'ACME Corp')).toEqual(['ACME Corp']);
  });

  it('reads the page from a location', () => {
    expect(pageOfLocation('page 2, line 14')).toBe(2);
    expect(pageOfLocation('Sheet1!B7')).toBeNull();
    expect(pageOfLocation(null)).toBeNull();
  });
});
