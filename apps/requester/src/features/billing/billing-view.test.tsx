import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aSubscription, json, mockApi, PLANS, renderWithApi, signIn } from '../testing/mock-api';
import { browser } from './api';
import BillingView, { formatMonthlyPrice, planLabel, upgradePlans } from './billing-view';

beforeEach(() => {
  signIn();
});

describe('billing rules (spec 02 §9)', () => {
  it('labels the free plan Free Plan and any other Advanced Plan', () => {
    expect(planLabel('free')).toBe('Free Plan');
    expect(planLabel('pro')).toBe('Advanced Plan');
  });

  it('offers the non-free plans that cost more than 0, in dollars per month', () => {
    expect(upgradePlans(PLANS).map((plan) => plan.id)).toEqual(['pro', 'business']);
    expect(formatMonthlyPrice(49)).toBe('$49/month');
    expect(formatMonthlyPrice(9.5)).toBe('$9.50/month');
  });
});

describe('BillingView', () => {
  it('shows the plan, the usage bars by tone and the upgrade cards', async () => {
    mockApi({
      'GET /api/v1/users/subscription': () => json(aSubscription()),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
    });
    renderWithApi(<BillingView />);
    expect(await screen.findByRole('heading', { name: 'Free Plan' })).toBeTruthy();
    const tone = (name: string) =>
      screen.getByRole('progressbar', { name }).closest('[data-tone]')?.getAttribute('data-tone');
    expect(tone('Daily')).toBe('warning');
    expect(tone('Weekly')).toBe('normal');
    expect(tone('Monthly')).toBe('full');
    expect(await screen.findByRole('heading', { name: 'Pro' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Business' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Legacy' })).toBeNull();
    expect(screen.getByText('$199')).toBeTruthy();
    // the month's cost and its basis, as the dashboard says it (issue 15)
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.getByText(/Free Plan \(Free\), free\./)).toBeTruthy();
    expect(screen.getByText(/monthly limit of 100 requests: new requests are refused/)).toBeTruthy();
  });

  it('sends the browser to the checkout URL of an upgrade', async () => {
    const redirect = vi.spyOn(browser, 'redirect').mockImplementation(() => {});
    const fetchMock = mockApi({
      'GET /api/v1/users/subscription': () => json(aSubscription()),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
      'POST /api/v1/create-checkout-session': () => json({ url: 'https://checkout.stripe.test/cs_1' }),
    });
    renderWithApi(<BillingView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Business' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    const checkout = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/create-checkout-session'));
    expect(JSON.parse(String(checkout?.[1]?.body))).toEqual({ priceId: 'price_business' });
  });

  it('shows the server detail when billing is not configured (503), calmly', async () => {
    mockApi({
      'GET /api/v1/users/subscription': () => json(aSubscription()),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
      'POST /api/v1/create-checkout-session': () =>
        json({ code: 'SERVICE_UNAVAILABLE', detail: 'Billing is not configured' }, 503),
    });
    renderWithApi(<BillingView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Billing is not configured');
  });

  it('disables buying and says so when the server has no billing', async () => {
    mockApi({
      'GET /api/v1/users/subscription': () => json(aSubscription({ billing_enabled: false })),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
    });
    renderWithApi(<BillingView />);
    expect(await screen.findByText(/Billing is not configured on this server/)).toBeTruthy();
    expect((await screen.findByRole('button', { name: 'Upgrade to Pro' })).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('says "No response from server" when the call cannot get through', async () => {
    mockApi({
      'GET /api/v1/users/subscription': () => json(aSubscription()),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
      'POST /api/v1/create-checkout-session': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWithApi(<BillingView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No response from server. Please check your connection.',
    );
  });

  it('shows Unable to Load Plan Information with Try Again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/users/subscription': () => {
        calls += 1;
        return calls === 1 ? json({}, 500) : json(aSubscription());
      },
      'GET /api/v1/plans': () => json({ plans: PLANS }),
    });
    renderWithApi(<BillingView />);
    expect(await screen.findByText('Unable to Load Plan Information')).toBeTruthy();
    expect(screen.getByText('Failed to load billing information')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Free Plan' })).toBeTruthy();
  });

  it('shows No Subscription Data with Refresh when the answer is empty', async () => {
    mockApi({
      'GET /api/v1/users/subscription': () => json(null),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
    });
    renderWithApi(<BillingView />);
    expect(await screen.findByText('No Subscription Data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('asks before cancelling, then cancels at the period end', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/users/subscription': () =>
        json(
          aSubscription({
            plan_id: 'pro',
            plan_name: 'Pro',
            has_stripe_customer: true,
            current_period_end: '2030-01-31T00:00:00.000Z',
          }),
        ),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
      'POST /api/subscription/cancel': () =>
        json({ status: 'active', cancel_at_period_end: true, plan_id: 'pro' }),
    });
    renderWithApi(<BillingView />);
    expect(await screen.findByRole('heading', { name: 'Advanced Plan' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog.textContent).toContain('January 31, 2030');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/subscription/cancel')).toBe(true),
    );
    expect(await screen.findByText(/will end at the close of the current billing period/)).toBeTruthy();
  });

  it('asks before switching a paid plan, then sends the new price', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/users/subscription': () =>
        json(aSubscription({ plan_id: 'pro', plan_name: 'Pro', has_stripe_customer: true })),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
      'POST /api/subscription/update': () =>
        json({ status: 'active', cancel_at_period_end: false, plan_id: 'business' }),
    });
    renderWithApi(<BillingView />);
    expect((await screen.findByRole('button', { name: 'Current Plan' })).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Business' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Business?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch Plan' }));
    await waitFor(() => {
      const update = fetchMock.mock.calls.find(([url]) => String(url) === '/api/subscription/update');
      expect(JSON.parse(String(update?.[1]?.body))).toEqual({ newPriceId: 'price_business' });
    });
  });

  it('opens the billing portal, or says it failed', async () => {
    mockApi({
      'GET /api/v1/users/subscription': () =>
        json(aSubscription({ plan_id: 'pro', plan_name: 'Pro', has_stripe_customer: true })),
      'GET /api/v1/plans': () => json({ plans: PLANS }),
      'POST /api/v1/create-portal-session': () => json({}, 502),
    });
    renderWithApi(<BillingView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to open billing portal');
  });
});
