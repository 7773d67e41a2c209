import { billingEndpoints } from '@sieve/contracts';
import express, { Router } from 'express';
import { AppError } from '../../http/app-error';
import { mount } from '../../http/mount';
import { appUrlFor } from '../auth/auth.routes';
import type { BillingService } from './billing.service';

/** The Stripe webhook reads the raw body for the signature: mount before any JSON parser. */
export function stripeWebhookRoute(service: BillingService) {
  const router = Router();
  router.use('/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }));
  mount(router, billingEndpoints.webhook, ({ req }) => {
    if (!Buffer.isBuffer(req.body)) throw new AppError('INVALID_INPUT', 'Expected the raw event body.');
    const signature = req.headers['stripe-signature'];
    return service.webhook(req.body, typeof signature === 'string' ? signature : undefined);
  });
  return router;
}

export function billingRoutes(service: BillingService, appDomain: string) {
  const router = Router();
  mount(router, billingEndpoints.plans, () => service.plans());
  mount(router, billingEndpoints.subscription, ({ user }) => service.subscription(user.id));
  mount(router, billingEndpoints.checkout, ({ body, user, req }) =>
    service.checkout(user, body.priceId, appUrlFor(req, appDomain)('requester')),
  );
  mount(router, billingEndpoints.portal, ({ user, req }) =>
    service.portal(user.id, appUrlFor(req, appDomain)('requester')),
  );
  return router;
}

/** `/api/subscription/*` (no v1, as in the spec). */
export function subscriptionRoutes(service: BillingService) {
  const router = Router();
  mount(router, billingEndpoints.cancel, ({ user }) => service.cancel(user.id));
  mount(router, billingEndpoints.update, ({ body, user }) => service.update(user.id, body.newPriceId));
  return router;
}
