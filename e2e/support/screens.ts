import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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
