import { FAKE_CHECKOUT_ORIGIN, testWithFakeStripe } from '../../support/fake-stripe';
import { openAsRequester, RequesterApi } from '../../support/requester-api';
import { expect } from '../../support/test';

// Its own server, with Stripe keys pointing at a local fake Stripe.
const test = testWithFakeStripe();
test.skip(({ app }) => app.host !== 'requester', 'the Requester app');

test('an upgrade click goes to the checkout page Stripe returned', async ({ page, stripeServer }) => {
  const api = new RequesterApi(stripeServer.apiBase);
  const account = await api.createRequester('e2e-checkout');
  await page.route(`${FAKE_CHECKOUT_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Fake Stripe Checkout</h1>' }),
  );

  await openAsRequester(page, account, '/requester/dashboard?view=billing');
  await expect(page.getByRole('heading', { name: 'Free Plan' })).toBeVisible();
  await expect(page.getByText(/Billing is not configured/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();

  await expect(page).toHaveURL(new RegExp(`^${FAKE_CHECKOUT_ORIGIN}/checkout/cs_\\d+$`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  const checkout = stripeServer.stripe.calls.find((call) => call.path === '/v1/checkout/sessions');
  expect(checkout?.body.get('line_items[0][price]')).toBe('price_pro');
  expect(checkout?.body.get('mode')).toBe('subscription');
});
