import { expectSignInScreen, screenshotPath } from '../../support/screens';
import { expect, test } from '../../support/test';

const PASSWORD = 'sieve-e2e-2024';

test('a new requester signs up, reaches the dashboard, logs out and signs in again', async ({
  page,
  app,
}) => {
  test.skip(app.host !== 'requester', 'Reviewer and Admin accounts need an invite code');
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@sieve-e2e.com`;

  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Rita Requester');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await expect(page.getByLabel('Account Type')).toHaveValue('requester');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/requester\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Operational')).toHaveCount(3);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('sieve-ui-theme', value), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(theme);
    await expect(page.getByText('Operational')).toHaveCount(3);
    await page.screenshot({ path: screenshotPath(`${app.host}-dashboard-${theme}`) });
  }

  // spec 01 §4: logout clears token, type, id and email and returns home (→ /login)
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectSignInScreen(page);
  const stored = await page.evaluate(() =>
    ['authToken', 'userType', 'userId', 'userEmail'].map((key) => localStorage.getItem(key)),
  );
  expect(stored).toEqual([null, null, null, null]);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/requester\/dashboard$/);

  // remembered: the session survives a new tab of the same browser profile
  const second = await page.context().newPage();
  await second.goto('/requester/dashboard');
  await expect(second.getByRole('button', { name: 'Logout' })).toBeVisible();
});
