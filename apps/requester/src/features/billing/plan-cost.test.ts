import { describe, expect, it } from 'vitest';
import { limitReachedMessage, monthCost, usageLines } from './plan-cost';

describe('monthCost', () => {
  it('is the plan price with the plan as its basis (free plan: $0)', () => {
    expect(monthCost({ plan_id: 'free', plan_name: 'Free' }, { cost: 0 })).toEqual({
      amount: 0,
      planLabel: 'Free Plan',
      basis: 'Free Plan (Free), free',
    });
    expect(monthCost({ plan_id: 'pro', plan_name: 'Pro' }, { cost: 49 })).toMatchObject({
      amount: 49,
      basis: 'Advanced Plan (Pro), a flat $49/month',
    });
  });
});

// issue 40: the Free plan refused the 11th request of a day while the overview said "10 of 100 used".
describe('usage against the limits', () => {
  const freeDayUsedUp = {
    daily: { used: 10, limit: 10 },
    weekly: { used: 10, limit: 50 },
    monthly: { used: 10, limit: 100 },
  };

  it('shows every limit the server checks, the daily one reached', () => {
    expect(usageLines(freeDayUsedUp)).toEqual([
      { period: 'daily', label: 'Today', used: 10, limit: 10, isReached: true },
      { period: 'weekly', label: 'This week', used: 10, limit: 50, isReached: false },
      { period: 'monthly', label: 'This month', used: 10, limit: 100, isReached: false },
    ]);
  });

  it('names the limit that refuses new requests and when they open again (the longest exhausted period)', () => {
    expect(limitReachedMessage(freeDayUsedUp)).toBe(
      "You have used your plan's daily limit of 10 requests: new requests are refused until the next day (00:00 UTC).",
    );
    expect(limitReachedMessage({ ...freeDayUsedUp, weekly: { used: 50, limit: 50 } })).toContain(
      'weekly limit of 50 requests',
    );
    expect(limitReachedMessage({ ...freeDayUsedUp, daily: { used: 9, limit: 10 } })).toBeNull();
  });
});
