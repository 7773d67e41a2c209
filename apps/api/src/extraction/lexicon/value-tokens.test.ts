import { describe, expect, it } from 'vitest';
import { numbersIn } from './value-tokens';

describe('figures in text', () => {
  it('reads rupees, crore and lakh, and keeps the figure after a word ending in "rs"', () => {
    expect(
      numbersIn('Others 1,234 and Hours 12; Rs. 45 lakh; INR 3,000; ₹ 12,345 crore').map((n) => n.token),
    ).toEqual(['1,234', '12', 'Rs. 45 lakh', 'INR 3,000', '₹ 12,345 crore']);
  });

  it('places a figure where its digits start, after a bracket it does not keep', () => {
    expect(numbersIn('Revenue £1.5m (2023: £1.4m)')).toEqual([
      { token: '£1.5m', index: 8 },
      { token: '2023', index: 15 },
      { token: '£1.4m', index: 21 },
    ]);
  });
});
