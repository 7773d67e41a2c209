import type { Plan, SubscriptionResponse } from '@sieve/contracts';
import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../db/client';
import { plans, stripeEvents, subscriptions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Logger } from '../../logger';
import { ensureSubscription, planOf, usageOf } from './usage';

export interface BillingDeps {
  db: Db;
  stripe: Stripe | null;
  webhookSecret: string | undefined;
  logger: Logger;
}

type PlanRow = typeof plans.$inferSelect;
const toPlan = (p: PlanRow): Plan => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price_id: p.priceId,
  cost: Number(p.cost),
  features: p.features,
  limits: { daily: p.dailyLimit, weekly: p.weeklyLimit, monthly: p.monthlyLimit },
});

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createBillingService(deps: BillingDeps) {
  const { db } = deps;
  // Said once per process, as information: an install without Stripe is a valid set-up.
  let isNotConfiguredLogged = false;
  function notConfigured(): never {
    if (!isNotConfiguredLogged) {
      isNotConfiguredLogged = true;
      deps.logger.info('Billing is not configured (no STRIPE_SECRET_KEY): billing calls answer 503');
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'Billing is not configured');
  }
  const stripe = () => deps.stripe ?? notConfigured();

  async function planByPrice(tx: Db | Tx, priceId: string | null | undefined) {
    if (!priceId) return undefined;
    return tx.query.plans.findFirst({ where: eq(plans.priceId, priceId) });
  }

  async function current(userId: string) {
    await ensureSubscription(db, userId);
    const row = await planOf(db, userId);
    if (!row) throw new AppError('INTERNAL_SERVER_ERROR');
    return row;
  }

  /** Keeps our subscription row in step with Stripe's subscription object. */
  async function syncSubscription(tx: Tx, sub: Stripe.Subscription, userIdHint?: string | null) {
    const customerId = idOf(sub.customer);
    const byCustomer = customerId
      ? await tx.query.subscriptions.findFirst({ where: eq(subscriptions.stripeCustomerId, customerId) })
      : undefined;
    const userId = userIdHint ?? sub.metadata?.user_id ?? byCustomer?.userId;
    if (!userId) {
      deps.logger.warn({ subscription: sub.id }, 'stripe subscription for an unknown customer');
      return;
    }
    await ensureSubscription(tx, userId);
    const item = sub.items?.data?.[0];
    const plan = await planByPrice(tx, item?.price?.id);
    const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
    const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end;
    await tx
      .update(subscriptions)
      .set({
        planId: ended ? 'free' : (plan?.id ?? sub.metadata?.plan_id ?? 'free'),
        status: ended ? 'canceled' : sub.status,
        stripeCustomerId: customerId,
        stripeSubscriptionId: ended ? null : sub.id,
        cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.userId, userId));
  }

  async function liveSubscription(userId: string) {
    const row = await current(userId);
    const id = row.subscription.stripeSubscriptionId;
    if (!id) throw new AppError('INVALID_INPUT', 'You have no paid subscription to change.');
    return { row, id };
  }

  return {
    async plans() {
      const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder));
      return { plans: rows.filter((p) => !p.id.startsWith('test-')).map(toPlan) };
    },

    async subscription(userId: string): Promise<SubscriptionResponse> {
      const { plan, subscription } = await current(userId);
      const usage = await usageOf(db, userId);
      return {
        plan_id: plan.id,
        plan_name: plan.name,
        subscription_status: subscription.status,
        has_stripe_customer: Boolean(subscription.stripeCustomerId),
        cancel_at_period_end: subscription.cancelAtPeriodEnd,
        current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
        billing_enabled: Boolean(deps.stripe),
        usage: {
          daily: { used: usage.daily, limit: plan.dailyLimit },
          weekly: { used: usage.weekly, limit: plan.weeklyLimit },
          monthly: { used: usage.monthly, limit: plan.monthlyLimit },
        },
        requests_this_month: usage.monthly,
      };
    },

    async checkout(user: { id: string; email: string }, priceId: string, appUrl: string) {
      const client = stripe();
      const plan = await planByPrice(db, priceId);
      if (!plan) throw new AppError('INVALID_INPUT', 'Unknown plan price.', { priceId: 'Unknown price' });
      const { subscription } = await current(user.id);
      let customerId = subscription.stripeCustomerId;
      if (!customerId) {
        // The customer is created once and kept (DESIGN §6).
        const customer = await client.customers.create({ email: user.email, metadata: { user_id: user.id } });
        customerId = customer.id;
        await db
          .update(subscriptions)
          .set({ stripeCustomerId: customerId })
          .where(eq(subscriptions.userId, user.id));
      }
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: priceId, quantity: 1 }],
        metadata: { user_id: user.id, plan_id: plan.id },
        subscription_data: { metadata: { user_id: user.id, plan_id: plan.id } },
        success_url: `${appUrl}/requester/dashboard?billing=success`,
        cancel_url: `${appUrl}/requester/dashboard?billing=cancelled`,
      });
      if (!session.url) throw new AppError('API_ERROR', 'Failed to create checkout session');
      return { url: session.url };
    },

    async portal(userId: string, appUrl: string) {
      const client = stripe();
      const { subscription } = await current(userId);
      if (!subscription.stripeCustomerId) throw new AppError('INVALID_INPUT', 'Subscribe to a plan first.');
      const session = await client.billingPortal.sessions.create({
        customer: subscription.stripeCustomerId,
        return_url: `${appUrl}/requester/dashboard`,
      });
      return { url: session.url };
    },

    async cancel(userId: string) {
      const client = stripe();
      const { row, id } = await liveSubscription(userId);
      const updated = await client.subscriptions.update(id, { cancel_at_period_end: true });
      await db.transaction((tx) => syncSubscription(tx, updated, userId));
      return { status: updated.status, cancel_at_period_end: true, plan_id: row.plan.id };
    },

    async update(userId: string, newPriceId: string) {
      const client = stripe();
      const plan = await planByPrice(db, newPriceId);
      if (!plan) throw new AppError('INVALID_INPUT', 'Unknown plan price.', { newPriceId: 'Unknown price' });
      const { id } = await liveSubscription(userId);
      const existing = await client.subscriptions.retrieve(id);
      const item = existing.items.data[0];
      if (!item) throw new AppError('API_ERROR', 'Failed to update subscription');
      const updated = await client.subscriptions.update(id, {
        items: [{ id: item.id, price: newPriceId }],
        cancel_at_period_end: false,
        proration_behavior: 'create_prorations',
        metadata: { user_id: userId, plan_id: plan.id },
      });
      await db.transaction((tx) => syncSubscription(tx, updated, userId));
      return { status: updated.status, cancel_at_period_end: false, plan_id: plan.id };
    },

    /** Verifies the signature on the raw body and applies each event once. */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      const client = stripe();
      if (!deps.webhookSecret) notConfigured();
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature ?? '', deps.webhookSecret);
      } catch {
        throw new AppError('INVALID_INPUT', 'The webhook signature does not match.');
      }
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id });
        if (inserted.length === 0) return; // already applied
        switch (event.type) {
          case 'checkout.session.completed': {
            const session = event.data.object;
            const userId = session.client_reference_id ?? session.metadata?.user_id;
            if (!userId) return;
            await ensureSubscription(tx, userId);
            const subscriptionId = idOf(session.subscription);
            const sub = subscriptionId ? await client.subscriptions.retrieve(subscriptionId) : null;
            if (sub) {
              await syncSubscription(tx, sub, userId);
            } else {
              await tx
                .update(subscriptions)
                .set({
                  planId: session.metadata?.plan_id ?? 'free',
                  status: 'active',
                  stripeCustomerId: idOf(session.customer),
                  updatedAt: new Date(),
                })
                .where(eq(subscriptions.userId, userId));
            }
            return;
          }
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
          case 'customer.subscription.deleted':
            await syncSubscription(tx, event.data.object);
            return;
          case 'invoice.paid':
          case 'invoice.payment_failed': {
            const customerId = idOf(event.data.object.customer);
            if (!customerId) return;
            await tx
              .update(subscriptions)
              .set({ status: event.type === 'invoice.paid' ? 'active' : 'past_due', updatedAt: new Date() })
              .where(eq(subscriptions.stripeCustomerId, customerId));
            return;
          }
          default:
            deps.logger.debug({ type: event.type }, 'stripe event ignored');
        }
      });
      return { received: true };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
