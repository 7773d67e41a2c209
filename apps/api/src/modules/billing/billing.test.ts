import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { startFakeStripe } from '../../test/fake-stripe';
import { createUser } from '../../test/users';

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_x');

describe('billing without Stripe keys', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('still shows plans and usage, and answers billing calls with 503', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const plans = (await request(ctx.app).get('/api/v1/plans')).body.plans;
    expect(plans.map((p: { id: string; cost: number }) => [p.id, p.cost])).toEqual([
      ['free', 0],
      ['pro', 49],
      ['business', 199],
    ]);
    const sub = await request(ctx.app).get('/api/v1/users/subscription').set('Authorization', user.auth);
    expect(sub.body).toMatchObject({
      plan_id: 'free',
      billing_enabled: false,
      has_stripe_customer: false,
      usage: {
        daily: { used: 0, limit: 10 },
        weekly: { used: 0, limit: 50 },
        monthly: { used: 0, limit: 100 },
      },
    });
    const checkout = await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_pro' });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toEqual({ code: 'SERVICE_UNAVAILABLE', detail: 'Billing is not configured' });
    const cancel = await request(ctx.app).post('/api/subscription/cancel').set('Authorization', user.auth);
    expect(cancel.status).toBe(503);
  });
});

describe('billing against a local fake Stripe', () => {
  let ctx: TestContext;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_BUSINESS: 'price_business',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });

  const deliver = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return request(ctx.app)
      .post('/api/v1/stripe/webhook')
      .set('Stripe-Signature', header)
      .set('Content-Type', 'application/json')
      .send(payload);
  };
  const planOf = async (userId: string) =>
    (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  it('creates a checkout session at the fake, with the customer created once', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const first = await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_pro' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^http:\/\/stripe\.fake\/checkout\/cs_\d+$/);
    await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_business' });
    expect(stripe.calls.filter((c) => c.path === '/v1/customers')).toHaveLength(1);
    const session = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
    expect(session?.body.get('mode')).toBe('subscription');
    expect(session?.body.get('line_items[0][price]')).toBe('price_business');
    expect(session?.body.get('client_reference_id')).toBe(user.id);
    const unknown = await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_nope' });
    expect(unknown.status).toBe(400);
  });

  it('moves the user to the paid plan on a signed checkout.session.completed, raising the limits', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_pro' });
    const customer = (await planOf(user.id))?.stripeCustomerId ?? '';
    stripe.addSubscription('sub_pro_1', customer, 'price_pro', { user_id: user.id });
    const res = await deliver({
      id: 'evt_checkout_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_x',
          object: 'checkout.session',
          client_reference_id: user.id,
          customer,
          subscription: 'sub_pro_1',
          metadata: { user_id: user.id, plan_id: 'pro' },
        },
      },
    });
    expect(res.status).toBe(200);
    const sub = (await request(ctx.app).get('/api/v1/users/subscription').set('Authorization', user.auth))
      .body;
    expect(sub).toMatchObject({ plan_id: 'pro', subscription_status: 'active', has_stripe_customer: true });
    expect(sub.usage.monthly.limit).toBe(2000);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    const res = await deliver(
      {
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { client_reference_id: user.id, metadata: { plan_id: 'business' } } },
      },
      'whsec_wrong',
    );
    expect(res.status).toBe(400);
    expect((await planOf(user.id))?.planId ?? 'free').toBe('free');
  });

  it('applies the same event once', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_pro' });
    const customer = (await planOf(user.id))?.stripeCustomerId ?? '';
    const failed = {
      id: 'evt_fail_1',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { object: 'invoice', customer } },
    };
    const paid = {
      id: 'evt_paid_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { object: 'invoice', customer } },
    };
    await deliver(failed);
    expect((await planOf(user.id))?.status).toBe('past_due');
    await deliver(paid);
    expect((await deliver(failed)).status).toBe(200);
    expect((await planOf(user.id))?.status).toBe('active');
  });

  it('cancels at period end and changes the price with the right Stripe ids', async () => {
    const user = await createUser(ctx.database.db, 'requester');
    await request(ctx.app)
      .post('/api/v1/create-checkout-session')
      .set('Authorization', user.auth)
      .send({ priceId: 'price_pro' });
    const customer = (await planOf(user.id))?.stripeCustomerId ?? '';
    stripe.addSubscription('sub_change_1', customer, 'price_pro', { user_id: user.id });
    await deliver({
      id: 'evt_checkout_2',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { client_reference_id: user.id, customer, subscription: 'sub_change_1' } },
    });

    const updated = await request(ctx.app)
      .post('/api/subscription/update')
      .set('Authorization', user.auth)
      .send({ newPriceId: 'price_business' });
    expect(updated.body).toMatchObject({ plan_id: 'business', cancel_at_period_end: false });
    const update = stripe.calls
      .filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_change_1')
      .at(-1);
    expect(update?.body.get('items[0][id]')).toBe('si_sub_change_1');
    expect(update?.body.get('items[0][price]')).toBe('price_business');
    expect((await planOf(user.id))?.planId).toBe('business');

    const cancelled = await request(ctx.app).post('/api/subscription/cancel').set('Authorization', user.auth);
    expect(cancelled.body).toMatchObject({ cancel_at_period_end: true });
    const cancel = stripe.calls
      .filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_change_1')
      .at(-1);
    expect(cancel?.body.get('cancel_at_period_end')).toBe('true');
    expect((await planOf(user.id))?.cancelAtPeriodEnd).toBe(true);
  });
});
