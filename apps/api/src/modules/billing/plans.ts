import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { plans } from '../../db/schema';

/** The seeded plans (DESIGN §6); limits are requests per UTC day, ISO week and calendar month. */
export function defaultPlans(prices: Partial<Config['stripe']['prices']>) {
  return [
    {
      id: 'free',
      name: 'Free',
      description: 'Try Sieve on a few documents',
      cost: 0,
      priceId: null,
      dailyLimit: 10,
      weeklyLimit: 50,
      monthlyLimit: 100,
      features: ['100 requests a month', 'AI extraction', 'Human review', 'JSON and CSV downloads'],
      sortOrder: 0,
    },
    {
      id: 'pro',
      name: 'Pro',
      description: 'For teams that extract every day',
      cost: 49,
      priceId: prices.pro ?? null,
      dailyLimit: 100,
      weeklyLimit: 500,
      monthlyLimit: 2000,
      features: [
        '2,000 requests a month',
        'Priority review',
        'SEC filings and website crawls',
        'Email support',
      ],
      sortOrder: 1,
    },
    {
      id: 'business',
      name: 'Business',
      description: 'High volume with the fastest turnaround',
      cost: 199,
      priceId: prices.business ?? null,
      dailyLimit: 1000,
      weeklyLimit: 5000,
      monthlyLimit: 20000,
      features: [
        '20,000 requests a month',
        'Highest review priority',
        'Admin submit on behalf',
        'Dedicated support',
      ],
      sortOrder: 2,
    },
  ];
}

/**
 * Inserts the plans that are missing and leaves the stored ones as they are: an operator's change
 * (a limit, a name, features) survives every restart. Only a Stripe price given in the
 * environment (STRIPE_PRICE_PRO / _BUSINESS) is written to its plan, since that is the operator's
 * setting too.
 */
export async function seedPlans(db: Db, prices: Partial<Config['stripe']['prices']>) {
  for (const plan of defaultPlans(prices)) {
    const insert = db.insert(plans).values(plan);
    await (plan.priceId
      ? insert.onConflictDoUpdate({ target: plans.id, set: { priceId: plan.priceId } })
      : insert.onConflictDoNothing({ target: plans.id }));
  }
}
