import type { Plan, SubscriptionResponse } from '@sieve/contracts';
import { formatDollars } from '../dashboard/dashboard-stats';

export const FREE_PLAN_ID = 'free';

/** spec 02 §9: the free plan is labelled Free Plan; any other plan Advanced Plan. */
export function planLabel(planId: string): string {
  return planId === FREE_PLAN_ID ? 'Free Plan' : 'Advanced Plan';
}

/** "$49/month" — dollars per month, cents only when there are any; "Free" for 0. */
export function formatMonthlyPrice(cost: number): string {
  const amount = Number.isInteger(cost) ? `$${cost.toLocaleString('en-US')}` : formatDollars(cost);
  return `${amount}/month`;
}

export interface MonthCost {
  /** What this month costs: the plan's flat monthly price (DESIGN §6 prices plans per month). */
  amount: number;
  planLabel: string;
  /** One line that says where the amount comes from, the same on the dashboard and Billing. */
  basis: string;
}

/**
 * The month's cost and its basis, one rule for the dashboard and Billing (issue 15: Billing said
 * "Free" while the dashboard charged $0.10 a request). Requests within the plan's limits cost
 * nothing extra.
 */
export function monthCost(
  subscription: Pick<SubscriptionResponse, 'plan_id' | 'plan_name' | 'requests_this_month' | 'usage'>,
  plan: Pick<Plan, 'cost'> | undefined,
): MonthCost {
  const price = plan?.cost ?? 0;
  const used = subscription.requests_this_month;
  const limit = subscription.usage.monthly.limit;
  const requests = `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} ${
    limit === 1 ? 'request' : 'requests'
  } used`;
  return {
    amount: price,
    planLabel: planLabel(subscription.plan_id),
    basis: `${planLabel(subscription.plan_id)} (${subscription.plan_name}), ${
      price === 0 ? 'free' : `a flat ${formatMonthlyPrice(price)}`
    } · ${requests}`,
  };
}
