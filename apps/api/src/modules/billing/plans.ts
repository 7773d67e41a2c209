import { sql } from 'drizzle-orm';
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

export async function seedPlans(db: Db, prices: Partial<Config['stripe']['prices']>) {
  for (const plan of defaultPlans(prices)) {
    await db
      .insert(plans)
      .values(plan)
      .onConflictDoUpdate({
        target: plans.id,
        set: {
          name: plan.name,
          description: plan.description,
          cost: plan.cost,
          priceId: sql`coalesce(${plan.priceId}, ${plans.priceId})`,
          dailyLimit: plan.dailyLimit,
          weeklyLimit: plan.weeklyLimit,
          monthlyLimit: plan.monthlyLimit,
          features: plan.features,
          sortOrder: plan.sortOrder,
        },
      });
  }
}
