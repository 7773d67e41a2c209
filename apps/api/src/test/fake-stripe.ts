import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  body: URLSearchParams;
}

/**
 * A local fake of the Stripe endpoints Sieve uses: customers, checkout and portal sessions,
 * subscriptions. It records every call so tests can check ids and parameters.
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_${++counter}`;

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await read(req));
    const path = (req.url ?? '').split('?')[0] ?? '';
    calls.push({ method: req.method ?? '', path, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && path === '/v1/customers')
      return send(200, { id: next('cus'), object: 'customer' });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = next('cs');
      return send(200, { id, object: 'checkout.session', url: `http://stripe.fake/checkout/${id}` });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: next('bps'),
        object: 'billing_portal.session',
        url: 'http://stripe.fake/portal',
      });
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (sub?.[1]) {
      const current = subscriptions.get(sub[1]);
      if (!current)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'POST') {
        if (body.has('cancel_at_period_end'))
          current.cancel_at_period_end = body.get('cancel_at_period_end') === 'true';
        const price = body.get('items[0][price]');
        if (price) {
          (current.items as { data: { price: { id: string } }[] }).data[0] = {
            ...(current.items as { data: Record<string, unknown>[] }).data[0],
            price: { id: price },
          } as never;
        }
      }
      return send(200, current);
    }
    send(404, { error: { type: 'invalid_request_error', message: `No fake for ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** A subscription as Stripe would hold it after checkout. */
    addSubscription(id: string, customer: string, priceId: string, metadata: Record<string, string> = {}) {
      subscriptions.set(id, {
        id,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              object: 'subscription_item',
              price: { id: priceId },
              current_period_end: 1_900_000_000,
            },
          ],
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
