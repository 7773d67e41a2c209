import { describe, expect, it } from 'vitest';
import { monthCost } from './plan-cost';

const usage = (used: number, limit: number) => ({
  daily: { used, limit },
  weekly: { used, limit },
  monthly: { used, limit },
});

describe('monthCost', () => {
  it('is the plan price with the plan and the requests used as its basis (free plan: $0)', () => {
    expect(
      monthCost(
        { plan_id: 'free', plan_name: 'Free', requests_this_month: 4, usage: usage(4, 100) },
        { cost: 0 },
      ),
    ).toEqual({
      amount: 0,
      planLabel: 'Free Plan',
      basis: 'Free Plan (Free), free · 4 of 100 requests used',
    });
    expect(
      monthCost(
        { plan_id: 'pro', plan_name: 'Pro', requests_this_month: 12, usage: usage(12, 1000) },
        { cost: 49 },
      ),
    ).toMatchObject({
      amount: 49,
      basis: 'Advanced Plan (Pro), a flat $49/month · 12 of 1,000 requests used',
    });
  });
});
