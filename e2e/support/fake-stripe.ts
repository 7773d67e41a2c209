import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AppUnderTest, appOrigin } from './apps';
import { SERVER_ENTRY } from './env';
import { type RunningServer, startServer } from './server';
import { test as base } from './test';

export interface FakeStripeCall {
  method: string;
  path: string;
  body: URLSearchParams;
}

/** Where the fake's checkout sessions send the browser; specs intercept it with page.route. */
export const FAKE_CHECKOUT_ORIGIN = 'http://stripe.fake';

/**
 * The few Stripe endpoints checkout uses (customers, checkout sessions, portal sessions), as a
 * local HTTP server that records every call (the shape of apps/api/src/test/fake-stripe.ts).
 */
export async function startFakeStripe() {
  const calls: FakeStripeCall[] = [];
  let counter = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    calls.push({ method: req.method ?? '', path, body: new URLSearchParams(await read(req)) });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    counter += 1;
    if (req.method === 'POST' && path === '/v1/customers')
      return send(200, { id: `cus_${counter}`, object: 'customer' });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_${counter}`;
      return send(200, { id, object: 'checkout.session', url: `${FAKE_CHECKOUT_ORIGIN}/checkout/${id}` });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: `bps_${counter}`,
        object: 'billing_portal.session',
        url: `${FAKE_CHECKOUT_ORIGIN}/portal`,
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: `No fake for ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export interface StripeServer {
  stripe: FakeStripe;
  apiBase: string;
  origin: (app: AppUnderTest) => string;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A spec's own product server with billing configured against a fresh fake Stripe (one per
 * worker): STRIPE_SECRET_KEY, STRIPE_API_BASE and the Pro and Business price ids.
 */
export function testWithFakeStripe() {
  return base.extend<Record<never, never>, { stripeServer: StripeServer }>({
    stripeServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
      async ({}, use) => {
        const stripe = await startFakeStripe();
        const port = await freePort();
        let server: RunningServer | null = null;
        try {
          server = await startServer(SERVER_ENTRY, port, {
            STRIPE_SECRET_KEY: 'sk_test_x',
            STRIPE_API_BASE: stripe.url,
            STRIPE_PRICE_PRO: 'price_pro',
            STRIPE_PRICE_BUSINESS: 'price_business',
          });
          await use({
            stripe,
            apiBase: `http://127.0.0.1:${port}/api/v1`,
            origin: (app) => appOrigin(app, port),
          });
        } finally {
          await server?.stop();
          await stripe.close();
        }
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ stripeServer, app }, use) => {
      await use(stripeServer.origin(app));
    },
  });
}
