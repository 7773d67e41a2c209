import { defineEndpoint } from './endpoint';
import { z } from './zod';

export const BILLING_MESSAGES = {
  notConfigured: 'Billing is not configured',
} as const;

export const Plan = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    price_id: z.string().nullable(),
    cost: z.number(),
    features: z.array(z.string()),
    limits: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlansResponse = z.object({ plans: z.array(Plan) }).meta({ id: 'PlansResponse' });

const Usage = z.object({ used: z.number().int(), limit: z.number().int() });
export const SubscriptionResponse = z
  .object({
    plan_id: z.string(),
    plan_name: z.string(),
    subscription_status: z.string(),
    has_stripe_customer: z.boolean(),
    cancel_at_period_end: z.boolean(),
    current_period_end: z.string().nullable(),
    billing_enabled: z.boolean(),
    usage: z.object({ daily: Usage, weekly: Usage, monthly: Usage }),
    /** Requests created this calendar month: the dashboard's cost estimate (spec 02 §9). */
    requests_this_month: z.number().int(),
  })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const CheckoutBody = z
  .strictObject({ priceId: z.string().trim().min(1).max(200) })
  .meta({ id: 'CheckoutBody' });
export const UpdateSubscriptionBody = z
  .strictObject({ newPriceId: z.string().trim().min(1).max(200) })
  .meta({ id: 'UpdateSubscriptionBody' });
export const RedirectResponse = z.object({ url: z.string() }).meta({ id: 'RedirectResponse' });
export const SubscriptionChangeResponse = z
  .object({ status: z.string(), cancel_at_period_end: z.boolean(), plan_id: z.string() })
  .meta({ id: 'SubscriptionChangeResponse' });

const requester = ['requester'] as const;

export const billingEndpoints = {
  plans: defineEndpoint({
    id: 'listPlans',
    method: 'get',
    path: '/plans',
    summary: 'The plans with their prices, limits and features',
    tag: 'billing',
    access: 'public',
    response: { status: 200, schema: PlansResponse, description: 'Plans' },
  }),
  subscription: defineEndpoint({
    id: 'getSubscription',
    method: 'get',
    path: '/users/subscription',
    summary: "The requester's plan and usage this UTC day, ISO week and calendar month",
    tag: 'billing',
    access: requester,
    response: { status: 200, schema: SubscriptionResponse, description: 'Subscription and usage' },
  }),
  checkout: defineEndpoint({
    id: 'createCheckoutSession',
    method: 'post',
    path: '/create-checkout-session',
    summary: 'A Stripe Checkout session (subscription mode) for a plan price',
    tag: 'billing',
    access: requester,
    body: CheckoutBody,
    response: { status: 200, schema: RedirectResponse, description: 'Where to send the browser' },
  }),
  portal: defineEndpoint({
    id: 'createPortalSession',
    method: 'post',
    path: '/create-portal-session',
    summary: 'A Stripe customer portal session',
    tag: 'billing',
    access: requester,
    response: { status: 200, schema: RedirectResponse, description: 'Where to send the browser' },
  }),
  cancel: defineEndpoint({
    id: 'cancelSubscription',
    method: 'post',
    path: '/api/subscription/cancel',
    absolute: true,
    summary: 'Cancel the subscription at the end of the period',
    tag: 'billing',
    access: requester,
    response: { status: 200, schema: SubscriptionChangeResponse, description: 'Cancelling' },
  }),
  update: defineEndpoint({
    id: 'updateSubscription',
    method: 'post',
    path: '/api/subscription/update',
    absolute: true,
    summary: 'Change the subscription to another plan price',
    tag: 'billing',
    access: requester,
    body: UpdateSubscriptionBody,
    response: { status: 200, schema: SubscriptionChangeResponse, description: 'Changed' },
  }),
  webhook: defineEndpoint({
    id: 'stripeWebhook',
    method: 'post',
    path: '/stripe/webhook',
    summary: 'Stripe events (signature checked on the raw body; each event applied once)',
    tag: 'billing',
    access: 'public',
    rawBody: { contentType: 'application/json', description: 'The Stripe event, as Stripe signed it' },
    response: { status: 200, schema: z.object({ received: z.boolean() }), description: 'Received' },
  }),
} as const;
