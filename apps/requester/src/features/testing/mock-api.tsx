import { swrFetcher } from '@sieve/auth';
import type { Plan, RequestRecord, SubscriptionResponse } from '@sieve/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';

export type Handler = (request: { method: string; url: URL; body: unknown }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs fetch with handlers keyed "METHOD /path" (the query is ignored for matching; handlers see
 * it); an unknown call answers 404. Returns the mock to inspect the calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://requester.localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    if (!handler) return json({ code: 'NOT_FOUND', detail: `No mock for ${method} ${url.pathname}` }, 404);
    return handler({ method, url, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function signIn() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('userType', 'requester');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('userEmail', 'rita@example.org');
}

/** Renders with a fresh SWR cache (no polling between tests) inside a router. */
export function renderWithApi(ui: ReactNode, { path = '/requester/dashboard' } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: swrFetcher, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SWRConfig>,
  );
}

let sequence = 0;

export function aRequest(overrides: Partial<RequestRecord> = {}): RequestRecord {
  sequence += 1;
  const id = `${String(sequence).padStart(8, '0')}-0000-4000-8000-000000000000`;
  return {
    request_id: id,
    document_type: 'pdf',
    status: 'pending',
    priority: 'medium',
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-03-05T10:00:00.000Z',
    completed_at: null,
    metadata: { filename: `report-${sequence}.pdf`, data_points: [] },
    result: null,
    ai_result: null,
    consensus_result: null,
    final_result: null,
    error: null,
    ...overrides,
  };
}

export function aSubscription(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return {
    plan_id: 'free',
    plan_name: 'Free',
    subscription_status: 'active',
    has_stripe_customer: false,
    cancel_at_period_end: false,
    current_period_end: null,
    billing_enabled: true,
    usage: {
      daily: { used: 9, limit: 10 },
      weekly: { used: 9, limit: 50 },
      monthly: { used: 100, limit: 100 },
    },
    requests_this_month: 3,
    ...overrides,
  };
}

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try it',
    price_id: null,
    cost: 0,
    features: ['100 requests a month'],
    limits: { daily: 10, weekly: 50, monthly: 100 },
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For teams',
    price_id: 'price_pro',
    cost: 49,
    features: ['2,000 requests a month'],
    limits: { daily: 100, weekly: 500, monthly: 2000 },
  },
  {
    id: 'business',
    name: 'Business',
    description: 'High volume',
    price_id: 'price_business',
    cost: 199,
    features: ['20,000 requests a month'],
    limits: { daily: 1000, weekly: 5000, monthly: 20000 },
  },
  {
    id: 'legacy',
    name: 'Legacy',
    description: 'Not sold',
    price_id: null,
    cost: 0,
    features: [],
    limits: { daily: 1, weekly: 1, monthly: 1 },
  },
];
