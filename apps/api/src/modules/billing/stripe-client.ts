import Stripe from 'stripe';
import type { Config } from '../../config';

/** The official SDK, pointed at STRIPE_API_BASE when set (a local fake in tests). */
export function createStripeClient(stripe: Config['stripe']): Stripe | null {
  if (!stripe.secretKey) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (stripe.apiBase) {
    const base = new URL(stripe.apiBase);
    options.host = base.hostname;
    options.port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
    options.protocol = base.protocol.replace(':', '') as 'http' | 'https';
  }
  return new Stripe(stripe.secretKey, options);
}
