import type { Locator, Page } from '@playwright/test';
import { serverPort } from '../../support/env';
import { openAsRequester, RequesterApi } from '../../support/requester-api';
import { screenshotPath } from '../../support/screens';
import { expect, test } from '../../support/test';

test.skip(({ app }) => app.host !== 'requester', 'the Requester app');

// The free plan allows 10 requests a UTC day (DESIGN §6 seed): 9 is 90 % (yellow), 10 is 100 % (red).
const FREE_DAILY_LIMIT = 10;

function usageBar(page: Page, period: 'Daily' | 'Weekly' | 'Monthly'): { bar: Locator; meter: Locator } {
  const meter = page.getByRole('progressbar', { name: period });
  return { meter, bar: page.locator('[data-tone]').filter({ has: meter }) };
}

async function fillColour(bar: Locator): Promise<string> {
  return bar.locator('.sv-usage__fill').evaluate((element) => getComputedStyle(element).backgroundColor);
}

async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    // let the colour transitions finish
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath(`requester-${name}-${theme}`), fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
}

test('the Billing view turns the daily bar yellow above 80 % and red at the limit', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new RequesterApi(`http://127.0.0.1:${await serverPort()}/api/v1`);
  const account = await api.createRequester('e2e-usage');
  for (let i = 0; i < FREE_DAILY_LIMIT - 1; i++) await api.submitPromptRequest(account.token, `Request ${i}`);

  await openAsRequester(page, account, '/requester/dashboard?view=billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Free Plan' })).toBeVisible();
  // no Stripe keys on the shared server: said calmly, plans and usage still shown
  await expect(page.getByText(/Billing is not configured on this server/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro' })).toBeVisible();
  await expect(page.getByText('$49')).toBeVisible();
  await expect(page.getByText('$199')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();

  const daily = usageBar(page, 'Daily');
  await expect(daily.meter).toHaveAttribute('aria-valuenow', '90');
  await expect(daily.bar).toHaveAttribute('data-tone', 'warning');
  await expect(daily.bar.getByText('Approaching limit')).toBeVisible();
  expect(await fillColour(daily.bar)).toBe('rgb(234, 179, 8)');
  const weekly = usageBar(page, 'Weekly');
  await expect(weekly.bar).toHaveAttribute('data-tone', 'normal');
  await expect(weekly.bar.getByText('9 / 50 requests')).toBeVisible();
  await shoot(page, 'billing-90');

  await api.submitPromptRequest(account.token, 'The tenth');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(daily.meter).toHaveAttribute('aria-valuenow', '100');
  await expect(daily.bar).toHaveAttribute('data-tone', 'full');
  await expect(daily.bar.getByText('Limit reached')).toBeVisible();
  expect(await fillColour(daily.bar)).toBe('rgb(180, 35, 24)');
  await expect(
    page.getByText(/used your plan's daily limit of 10 requests: new requests are refused/),
  ).toBeVisible();
  await shoot(page, 'billing-100');

  // DESIGN §6: over the limit the form shows the server's message naming the limit
  await page.locator('button[aria-keyshortcuts^="Control+N"]').click();
  const form = page.getByRole('dialog', { name: 'New Request' });
  await form.getByLabel('Document Type', { exact: true }).selectOption('custom_prompt');
  await form.getByRole('textbox', { name: 'Custom Prompt' }).fill('List the totals');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByRole('alert').filter({ hasText: /daily limit/ })).toContainText(
    `You have used all ${FREE_DAILY_LIMIT} requests of your Free plan's daily limit.`,
  );
  await form.getByRole('button', { name: 'Close' }).click();

  // issue 15: the month's cost is the plan's price, said the same way as on Billing
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Overview' }).click();
  const month = page.getByRole('region', { name: 'This Month' });
  await expect(month.getByText('$0.00')).toBeVisible();
  await expect(month.getByText(/^Free Plan \(Free\), free$/)).toBeVisible();
  // issue 40: the usage shown is the one the limit refused on — today 10 of 10, not "10 of 100".
  await expect(month.locator('.rq-limits__row').filter({ hasText: 'Today' })).toContainText('10 of 10');
  await expect(month.locator('.rq-limits__row').filter({ hasText: 'This month' })).toContainText('of 100');
  await expect(month.getByRole('status')).toContainText(
    'daily limit of 10 requests: new requests are refused',
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'overview-limit-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(month.locator('.rq-limits__row').filter({ hasText: 'Today' })).toContainText('10 of 10');
  // Nothing widens a phone's page (the tab row's hidden labels once did, by 17 px).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await shoot(page, 'overview-limit-390');
  await page.goto('/requester/dashboard?view=billing');
  await expect(page.getByText(/used your plan's daily limit of 10 requests/)).toBeVisible();
  await shoot(page, 'billing-limit-390');
});
