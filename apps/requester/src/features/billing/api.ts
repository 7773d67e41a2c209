import { ApiError, apiRequest, readStoredSession } from '@sieve/auth';
import type {
  billingEndpoints,
  PlansResponse,
  RedirectResponse,
  SubscriptionResponse,
  z,
} from '@sieve/contracts';
import useSWR from 'swr';
import { rawRequest } from '../api/raw-request';

type Paths = (typeof billingEndpoints)[keyof typeof billingEndpoints]['path'];

/** The spec's billing paths (spec 02 §7), checked against the contract by type. */
const PATHS = {
  plans: '/plans',
  subscription: '/users/subscription',
  checkout: '/create-checkout-session',
  portal: '/create-portal-session',
  // Outside /api/v1, as the spec has them.
  cancel: '/api/subscription/cancel',
  update: '/api/subscription/update',
} as const satisfies Record<string, Paths>;

export const BILLING_KEYS = { plans: PATHS.plans, subscription: PATHS.subscription } as const;

export type Plans = z.infer<typeof PlansResponse>;
export type Subscription = SubscriptionResponse;
type Redirect = z.infer<typeof RedirectResponse>;

// spec 02 §8 billing messages
export const BILLING_ERRORS = {
  noToken: 'No authentication token found',
  noResponse: 'No response from server. Please check your connection.',
  checkout: 'Failed to create checkout session',
  subscription: 'Failed to fetch subscription status',
  cancel: 'Failed to cancel subscription',
  portal: 'Failed to create portal session',
  update: 'Failed to update subscription',
  plans: 'Failed to fetch plans',
  loadBilling: 'Failed to load billing information',
  openPortal: 'Failed to open billing portal',
} as const;

/** spec 02 §8: the server's message or detail is preferred, then the call's own fallback. */
export function billingErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_REQUEST_FAILED') return BILLING_ERRORS.noResponse;
    return error.detail ?? fallback;
  }
  if (error instanceof Error && error.message === BILLING_ERRORS.noToken) return error.message;
  return fallback;
}

function requireToken() {
  if (!readStoredSession()?.token) throw new Error(BILLING_ERRORS.noToken);
}

export function useSubscription() {
  return useSWR<Subscription>(BILLING_KEYS.subscription);
}

export function usePlans() {
  return useSWR<Plans>(BILLING_KEYS.plans);
}

export async function createCheckoutSession(priceId: string): Promise<Redirect> {
  requireToken();
  return apiRequest<Redirect>(PATHS.checkout, { method: 'POST', body: { priceId } });
}

export async function createPortalSession(): Promise<Redirect> {
  requireToken();
  return apiRequest<Redirect>(PATHS.portal, { method: 'POST' });
}

export async function cancelSubscription(): Promise<void> {
  requireToken();
  await rawRequest(PATHS.cancel, { method: 'POST', accept: 'application/json' });
}

export async function updateSubscription(newPriceId: string): Promise<void> {
  requireToken();
  await rawRequest(PATHS.update, { method: 'POST', body: { newPriceId }, accept: 'application/json' });
}

/** Where checkout and the portal send the browser (a seam for tests). */
export const browser = {
  redirect(url: string) {
    window.location.assign(url);
  },
};
