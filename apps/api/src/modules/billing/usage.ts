import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { plans, requests, subscriptions } from '../../db/schema';
import { AppError } from '../../http/app-error';

export type UsagePeriod = 'daily' | 'weekly' | 'monthly';

/** Starts of the current UTC day, ISO week (Monday) and calendar month (DESIGN §6). */
export function periodStarts(now = new Date()): Record<UsagePeriod, Date> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const week = new Date(day.getTime() - sinceMonday * 86_400_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { daily: day, weekly: week, monthly: month };
}

/** When each period's count starts again: the next UTC day, ISO week and calendar month. */
export function periodResets(now = new Date()): Record<UsagePeriod, Date> {
  const starts = periodStarts(now);
  return {
    daily: new Date(starts.daily.getTime() + 86_400_000),
    weekly: new Date(starts.weekly.getTime() + 7 * 86_400_000),
    monthly: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** The requester's subscription, created on the free plan the first time it is needed. */
export async function ensureSubscription(db: Db | Tx, userId: string) {
  await db.insert(subscriptions).values({ userId, planId: 'free' }).onConflictDoNothing();
}

export async function usageOf(db: Db | Tx, userId: string, now = new Date()) {
  const starts = periodStarts(now);
  const [row] = await db
    .select({
      daily: sql<number>`count(*) filter (where ${requests.createdAt} >= ${starts.daily.toISOString()})::int`,
      weekly: sql<number>`count(*) filter (where ${requests.createdAt} >= ${starts.weekly.toISOString()})::int`,
      monthly: sql<number>`count(*)::int`,
    })
    .from(requests)
    .where(
      and(
        eq(requests.requesterId, userId),
        gte(requests.createdAt, starts.monthly),
        isNull(requests.submittedBy),
      ),
    );
  return {
    daily: Number(row?.daily ?? 0),
    weekly: Number(row?.weekly ?? 0),
    monthly: Number(row?.monthly ?? 0),
  };
}

export async function planOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ plan: plans, subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId));
  return row;
}

/**
 * Locks the requester's subscription row for the rest of the transaction, so concurrent
 * submissions queue up behind each other and cannot overshoot a limit (DESIGN §6), then refuses
 * when a limit is reached (or, for a batch, when `count` more requests would pass it).
 */
export async function assertWithinLimits(tx: Tx, userId: string, count = 1) {
  await ensureSubscription(tx, userId);
  await tx.execute(sql`select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} for update`);
  const current = await planOf(tx, userId);
  if (!current) throw new AppError('INTERNAL_SERVER_ERROR');
  const usage = await usageOf(tx, userId);
  const limits: [UsagePeriod, number, string][] = [
    ['daily', current.plan.dailyLimit, 'daily'],
    ['weekly', current.plan.weeklyLimit, 'weekly'],
    ['monthly', current.plan.monthlyLimit, 'monthly'],
  ];
  const exceeded = limits.filter(([period, limit]) => usage[period] + count > limit);
  const first = exceeded[0];
  if (!first) return;
  // The quota opens again when every exhausted period has started over (the latest reset).
  const now = new Date();
  const resets = periodResets(now);
  const resetsAt = new Date(Math.max(...exceeded.map(([period]) => resets[period].getTime())));
  const [, limit, label] = first;
  throw new AppError(
    'USAGE_LIMIT_EXCEEDED',
    `You have used all ${limit} requests of your ${current.plan.name} plan's ${label} limit. Upgrade your plan or try again after ${resetsAt.toISOString()}.`,
    undefined,
    {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000))) },
      body: { resets_at: resetsAt.toISOString() },
    },
  );
}
