import { createUser, uniqueEmail } from '../../support/api';
import { resetLinkFor } from '../../support/mail';
import { expectDashboard, expectSignInScreen, screenshotPath, signInWithForm } from '../../support/screens';
import { expect, test } from '../../support/test';

const SENT = "If an account exists for that address, we've sent a link to reset your password.";

test('forgot password → mailed link → new password → sign in with it', async ({ page, app }) => {
  const user = await createUser(app.area, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await page.screenshot({ path: screenshotPath(`${app.host}-forgot-password-sent`) });

  // The embedded default logs the mail; the link points at the user's own app.
  const link = await resetLinkFor(user.email);
  expect(link.hostname).toBe(`${app.host}.localhost`);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-2025');
  await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-202');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-2025');
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expectSignInScreen(page);
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();
  await signInWithForm(page, { email: user.email, password: user.password });
  await expect(page.getByRole('alert')).toHaveText(
    'The email or password you entered is incorrect. Please try again.',
  );
  await signInWithForm(page, { email: user.email, password: 'brand-new-2025' });
  await expectDashboard(page, app);

  // The link works once.
  const again = await page.context().browser()!.newPage({ baseURL: link.origin });
  await again.goto(`${link.pathname}${link.search}`);
  await again.getByLabel('New Password', { exact: true }).fill('another-one-2025');
  await again.getByLabel('Confirm Password', { exact: true }).fill('another-one-2025');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(again.getByRole('alert')).toContainText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await expect(again.getByRole('alert').getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await again.close();
});

test('an unknown address gets the same neutral answer', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('e2e-nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
});

test('an unreachable server shows the call fallback', async ({ page }) => {
  await page.route('**/api/v1/auth/password-reset', (route) => route.abort('internetdisconnected'));
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('e2e-offline'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to send password reset email');
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
});
