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

type Usage = SubscriptionResponse['usage'];
export type UsagePeriod = keyof Usage;

export interface UsageLine {
  period: UsagePeriod;
  label: string;
  used: number;
  limit: number;
  /** The next request would pass this limit: the server refuses it (USAGE_LIMIT_EXCEEDED). */
  isReached: boolean;
}

const PERIODS: { period: UsagePeriod; label: string; reopens: string }[] = [
  { period: 'daily', label: 'Today', reopens: 'the next day (00:00 UTC)' },
  { period: 'weekly', label: 'This week', reopens: 'Monday, 00:00 UTC' },
  { period: 'monthly', label: 'This month', reopens: 'the 1st of next month (UTC)' },
];

/**
 * The requests used against each of the plan's limits, as the server counts them when it accepts a
 * request (issue 40: the overview said "10 of 100 requests used" while the daily limit of 10
 * refused the eleventh request). Days are UTC days, weeks start on Monday, months on the 1st.
 */
export function usageLines(usage: Usage): UsageLine[] {
  return PERIODS.map(({ period, label }) => ({
    period,
    label,
    used: usage[period].used,
    limit: usage[period].limit,
    isReached: usage[period].used >= usage[period].limit,
  }));
}

/** What a requester at a limit needs to know: which limit refuses new requests, and until when. */
export function limitReachedMessage(usage: Usage): string | null {
  const reached = PERIODS.filter(({ period }) => usage[period].used >= usage[period].limit);
  // New requests open again when every exhausted period has started over: the longest one.
  const last = reached.at(-1);
  if (!last) return null;
  const limit = usage[last.period].limit.toLocaleString('en-US');
  return `You have used your plan's ${last.period} limit of ${limit} requests: new requests are refused until ${last.reopens}.`;
}

/** "10 of 100": requests used of a limit. */
export function formatUsed(used: number, limit: number): string {
  return `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')}`;
}

/**
 * The month's cost and its basis, one rule for the dashboard and Billing (issue 15: Billing said
 * "Free" while the dashboard charged $0.10 a request). Requests within the plan's limits cost
 * nothing extra; the requests used are usageLines', against every limit.
 */
export function monthCost(
  subscription: Pick<SubscriptionResponse, 'plan_id' | 'plan_name'>,
  plan: Pick<Plan, 'cost'> | undefined,
): MonthCost {
  const price = plan?.cost ?? 0;
  return {
    amount: price,
    planLabel: planLabel(subscription.plan_id),
    basis: `${planLabel(subscription.plan_id)} (${subscription.plan_name}), ${
      price === 0 ? 'free' : `a flat ${formatMonthlyPrice(price)}`
    }`,
  };
}
