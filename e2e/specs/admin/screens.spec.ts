import { AdminApi } from '../../support/admin-api';
import { openView, signInAsAdmin } from '../../support/admin-dashboard';
import { seedAdminData } from '../../support/admin-seed';
import { testWithOwnServer } from '../../support/own-server';
import { screenshotPath } from '../../support/screens';
import { expect } from '../../support/test';

const test = testWithOwnServer();
test.skip(({ app }) => app.host !== 'admin', 'the Admin app');

const THEMES = ['light', 'dark'] as const;

test('the overview and every view, in light and dark, from live data', async ({
  page,
  context,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const api = new AdminApi(ownServer.apiBase);
  await seedAdminData(api, ownServer.apiBase, context);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);

  // spec 02 §2: an unknown view falls back to the overview with the notice
  await page.goto('/admin/dashboard?view=reports');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid View' })).toContainText(
    'The view is not recognized. Redirecting to overview...',
  );
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();

  // Ctrl/Cmd+K focuses the search box
  await page.keyboard.press('Control+k');
  await expect(
    page.getByRole('searchbox', { name: 'Search requests, reviewers and requesters' }),
  ).toBeFocused();

  // the sidebar badges and the status strip come from the stats
  const nav = page.getByRole('navigation', { name: 'Dashboard views' });
  await expect(nav.getByRole('button', { name: /^Requests \(\d+ pending or processing\)$/ })).toBeVisible();
  await expect(nav.getByRole('button', { name: /^Reviewers \(\d+ active reviewers?\)$/ })).toBeVisible();
  for (const label of ['Uptime', 'Throughput', 'Avg latency', 'Active reviewers', 'Efficiency']) {
    await expect(
      page.getByRole('region', { name: 'System status' }).getByText(label, { exact: true }),
    ).toBeVisible();
  }

  const views: readonly { label: string; name: string; ready: string }[] = [
    { label: 'Overview', name: 'overview', ready: 'Active alerts' },
    { label: 'Requests', name: 'requests', ready: 'Custom Prompt' },
    { label: 'Reviewers', name: 'reviewers', ready: 'Ada Lovelace' },
    { label: 'Requesters', name: 'requesters', ready: 'Acme Corp' },
    { label: 'Operations', name: 'operations', ready: 'Operations flow' },
    { label: 'Team Pulse', name: 'team', ready: 'Top performers' },
    { label: 'Analytics', name: 'analytics', ready: 'Requests per day' },
    { label: 'Invites', name: 'invites', ready: 'Recently generated' },
    { label: 'Submit Request', name: 'submit', ready: 'Document type' },
  ];
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('sieve-ui-theme', value), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(theme);
    for (const view of views) {
      await openView(page, view.label);
      await expect(page.getByText(view.ready).first()).toBeVisible();
      // the submit form with a type chosen shows its type-specific fields
      if (view.name === 'submit') await page.getByLabel('Document type').selectOption('pdf');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: screenshotPath(`admin-${view.name}-${theme}`), fullPage: true });
    }
  }

  // the header's settings, and the dashboard on a narrow screen
  await page.getByRole('button', { name: 'Dashboard settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Dashboard settings' })).toBeVisible();
  await page.waitForTimeout(400); // the dialog's entrance animation
  await page.screenshot({ path: screenshotPath('admin-settings-dark') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 760, height: 1000 });
  await openView(page, 'Overview');
  await page.screenshot({ path: screenshotPath('admin-overview-narrow-dark'), fullPage: true });
});
