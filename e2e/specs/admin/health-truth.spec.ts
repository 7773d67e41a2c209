import { AdminApi } from '../../support/admin-api';
import { signInAsAdmin } from '../../support/admin-dashboard';
import { testWithOwnServer } from '../../support/own-server';
import { shootThemes } from '../../support/screens';

/**
 * issue 40: the health and the alerts come from one set of figures. On a server of its own (it
 * pauses the queue and changes the alert settings every admin would see), a seeded critical state
 * — a backlog past the admin's threshold — shows Critical in System health and a critical alert in
 * the header and the alert list; once the backlog is within the threshold, neither says critical.
 */

const test = testWithOwnServer({ ADMIN_STATS_MAX_AGE_SECONDS: '1' });
const { expect } = test;

test.skip(({ app }) => app.host !== 'admin', 'the Admin app');

test('health and alerts agree on a seeded critical state, and after it', async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = new AdminApi(ownServer.apiBase);
  await api.asAdmin('POST', '/admin/queue/pause');
  for (const label of ['first', 'second']) {
    await api.submitOnBehalf({
      document_type: 'custom_prompt',
      metadata: { custom_prompt: 'Total', text: `${label}: Total: 10`, ai_only_mode: true },
    });
  }
  const settings = await api.asAdmin<Record<string, number>>('GET', '/admin/settings/alerts');
  await api.asAdmin('PUT', '/admin/settings/alerts', { ...settings, pending_high: 1 });

  await signInAsAdmin(page);
  const health = page.getByRole('region', { name: 'System health' });
  const criticalBadge = page.getByRole('button', { name: /critical alerts?\. Open Operations/ });
  const refresh = page.getByRole('button', { name: 'Refresh Data' }).first();
  await expect(async () => {
    await refresh.click();
    await expect(health).toContainText('Critical', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(criticalBadge).toHaveAccessibleName(/^[1-9]\d* critical alerts?\./);
  await expect(page.getByText('Queue backlog').first()).toBeVisible();
  await shootThemes(page, 'admin-health-critical-1440', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(health).toContainText('Critical');
  await shootThemes(page, 'admin-health-critical-390', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The backlog within the threshold again: no critical anywhere.
  await api.asAdmin('PUT', '/admin/settings/alerts', { ...settings, pending_high: 100 });
  await expect(async () => {
    await refresh.click();
    await expect(health).not.toContainText('Critical', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(criticalBadge).toHaveAccessibleName(/^0 critical alerts\./);
  await api.asAdmin('POST', '/admin/queue/resume');
});
