import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { retryAfterMs, SieveApiError, SieveClient, verifyWebhookSignature } from './index';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that answers from a script and records what it was sent. */
function scripted(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift() ?? { status: 500 };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('SieveClient', () => {
  it('calls the contract path with the key as bearer, and types the answer', async () => {
    const { fetch, calls } = scripted([{ status: 200, body: { requests: [], total: 0, page: 2, limit: 5 } }]);
    const client = new SieveClient({ baseUrl: 'http://sieve.test/api/v1/', apiKey: 'sk_live_abc', fetch });
    const page = await client.requests.list({ page: 2, limit: 5, status: 'completed' });
    expect(page.total).toBe(0);
    expect(calls[0]?.url).toBe('http://sieve.test/api/v1/requests?page=2&limit=5&status=completed');
    const headers = (calls[0]?.init.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer sk_live_abc');
  });

  it('retries 429 and 503 after the Retry-After wait, keeping one Idempotency-Key', async () => {
    const { fetch, calls } = scripted([
      {
        status: 429,
        body: { code: 'RATE_LIMIT_EXCEEDED', detail: 'slow down' },
        headers: { 'Retry-After': '2' },
      },
      {
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', detail: 'later' },
        headers: { 'Retry-After': '1' },
      },
      { status: 201, body: { request_id: 'r1', job_id: 'r1', status: 'pending' } },
    ]);
    const waits: number[] = [];
    const client = new SieveClient({ fetch, sleep: async (ms) => void waits.push(ms) });
    const created = await client.requests.create({
      document_type: 'pdf',
      metadata: { url: 'https://x.io/a.pdf' },
    });
    expect(created.request_id).toBe('r1');
    expect(waits).toEqual([2000, 1000]);
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives up after maxRetries and throws the API error with its code', async () => {
    const busy = { status: 503, body: { code: 'SERVICE_UNAVAILABLE', detail: 'Billing is not configured' } };
    const { fetch, calls } = scripted([busy, busy, busy]);
    const client = new SieveClient({ fetch, maxRetries: 2, sleep: async () => undefined });
    const error = await client.requests.get('5f0c7a52-1111-4222-8333-444455556666').catch((e) => e);
    expect(error).toBeInstanceOf(SieveApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'Billing is not configured',
    });
    expect(calls).toHaveLength(3);
  });

  it('does not retry other errors', async () => {
    const { fetch, calls } = scripted([
      { status: 403, body: { code: 'API_KEY_SCOPE_MISSING', detail: 'needs requests:write' } },
    ]);
    const client = new SieveClient({ fetch, sleep: async () => undefined });
    await expect(client.requests.batch([])).rejects.toMatchObject({
      status: 403,
      code: 'API_KEY_SCOPE_MISSING',
    });
    expect(calls).toHaveLength(1);
  });

  it('raises a used-up plan quota (429 USAGE_LIMIT_EXCEEDED) at once, with when it resets', async () => {
    const { fetch, calls } = scripted([
      {
        status: 429,
        body: { code: 'USAGE_LIMIT_EXCEEDED', detail: 'daily limit', resets_at: '2026-11-29T00:00:00.000Z' },
        headers: { 'Retry-After': '3600' },
      },
    ]);
    const waits: number[] = [];
    const client = new SieveClient({ fetch, sleep: async (ms) => void waits.push(ms) });
    const error = await client.requests
      .create({ document_type: 'pdf', metadata: { url: 'https://x.io/a.pdf' } })
      .catch((e) => e);
    expect(error).toMatchObject({
      status: 429,
      code: 'USAGE_LIMIT_EXCEEDED',
      resetsAt: '2026-11-29T00:00:00.000Z',
    });
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'whsec_test';
  const body = JSON.stringify({ id: 'evt', type: 'request.completed', data: { request: null } });
  const t = 1_767_225_600;
  const header = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
  const now = () => t * 1000 + 30_000;

  it('accepts a Stripe-style signature made with the secret', async () => {
    expect(await verifyWebhookSignature(body, header, secret, { now })).toBe(true);
  });

  it('refuses a changed body, a wrong secret, an old timestamp, or no header', async () => {
    expect(await verifyWebhookSignature(body.replace('completed', 'failed'), header, secret, { now })).toBe(
      false,
    );
    expect(await verifyWebhookSignature(body, header, 'whsec_other', { now })).toBe(false);
    expect(await verifyWebhookSignature(body, header, secret, { now: () => (t + 301) * 1000 })).toBe(false);
    expect(await verifyWebhookSignature(body, undefined, secret, { now })).toBe(false);
  });
});
