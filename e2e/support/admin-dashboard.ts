import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { signInWithForm } from './screens';

/** Signs the seeded admin in through the form and waits for the Admin dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/**
 * Opens a view from the sidebar by its label (badges follow the label in the name). A click in the
 * moment the dashboard first renders was seen lost under load (the view stayed on the overview),
 * so the click is made again until the view is the current one.
 */
export async function openView(page: Page, label: string): Promise<void> {
  const button = page
    .getByRole('navigation', { name: 'Dashboard views' })
    .getByRole('button', { name: new RegExp(`^${label}\\b`) });
  await expect(async () => {
    if ((await button.getAttribute('aria-current')) !== 'page') await button.click();
    await expect(button).toHaveAttribute('aria-current', 'page', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Types into the header's search box and waits for the table's answer: the tables search on the
 * server after 300 ms, and a row clicked on the unsearched page as the search's rows replaced it
 * was lost (the click began on one row and ended on another; seen under load in CI).
 */
export async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search requests, reviewers and requesters' }).fill(text);
  await expect(page.getByText(`matching “${text}”.`)).toBeVisible();
  // The table's own Refresh (after the header's) is disabled while the list loads.
  await expect(page.getByRole('button', { name: 'Refresh', exact: true }).last()).toBeEnabled();
}

/** The table row that mentions `text`. */
export function rowWith(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}
