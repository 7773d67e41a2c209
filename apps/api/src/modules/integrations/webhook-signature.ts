import { createHmac } from 'node:crypto';

/**
 * The `Sieve-Signature` header (DESIGN §12), as Stripe does it: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">`, so existing Stripe-style verifiers work unchanged.
 */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
