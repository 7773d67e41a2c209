import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { AppUnderTest } from './apps';
import { SCREENS_DIR } from './env';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Where a screenshot for people to look at goes (gitignored). */
export function screenshotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/** spec 01 §2 sign-in mode, at /login. */
export async function expectSignInScreen(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
}

/** A role's dashboard in its own app, framed by the header with the theme controls and Logout. */
export async function expectDashboard(page: Page, app: AppUnderTest, origin?: string) {
  const url = `${origin ?? ''}/${app.area}/dashboard`;
  await expect(page).toHaveURL(origin ? url : new RegExp(`/${app.area}/dashboard$`));
  const header = page.locator('.sv-app-header');
  await expect(header.getByText(app.title)).toBeVisible();
  await expect(header.getByRole('button', { name: /^Theme:/ })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Customize theme' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Fills and sends the sign-in form. */
export async function signInWithForm(
  page: Page,
  { email, password, remember = false }: { email: string; password: string; remember?: boolean },
) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The issue-40 views for people to look at, light and dark, into SCREENS_DIR (nothing when it is
 * unset); the page is left light.
 */
export async function shootThemes(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENS_DIR) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${theme}.png`, ...options });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}
