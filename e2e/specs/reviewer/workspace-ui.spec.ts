import type { Page } from '@playwright/test';
import { makeTasks, mockWorkerApi, storeMockWorkerSession } from '../../support/reviewer-mock-api';
import { screenshotPath } from '../../support/screens';
import { expect, test } from '../../support/test';
import { makeFinancialPdf } from '../../support/test-documents';

/**
 * The workspace's screens against a stand-in worker API (route interception): states that are
 * slow or impossible to reach with the real server, and the screenshots. The flows against the
 * real API are in review-flow.spec.ts.
 */
test.beforeEach(({ app }) => {
  test.skip(app.host !== 'reviewer', 'The Reviewer workspace lives in the reviewer app');
});

/** Switches the theme class in place (a reload would close the task). */
async function setThemeClass(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(value);
  }, theme);
}

const FILE_URL = '/api/v1/files/7d8a1c52-4b0e-4a39-9a51-0c6f2b9d1e11';

test('the workspace: header, queue, overview, review screen and performance panel, light and dark', async ({
  page,
}) => {
  const pdf = await makeFinancialPdf(page);
  await mockWorkerApi(page, { tasks: makeTasks(240, { fileUrl: FILE_URL }), pdf });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');

  await expect(page.getByRole('heading', { name: 'Priority Queue' })).toBeVisible();
  await expect(page.getByText('240 of 240 tasks')).toBeVisible();
  await expect(page.getByText('UTC', { exact: true })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('completed-count')).toHaveText('42');
  await expect(page.getByTestId('streak-count')).toHaveText('11');
  await expect(page.getByRole('button', { name: 'Start Task' })).toHaveCount(3);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('sieve-ui-theme', value), theme);
    await page.reload();
    await expect(page.getByText('240 of 240 tasks')).toBeVisible();
    await page.screenshot({ path: screenshotPath(`reviewer-overview-${theme}`) });
  }

  // A PDF task: the review screen with the source panel and grounding.
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(page.getByRole('heading', { name: 'PDF Document Review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
  await page.getByRole('button', { name: /Show source of total_revenue/ }).click();
  await expect(page.locator('.sv-pdf-hit').first()).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await setThemeClass(page, theme);
    await page.screenshot({ path: screenshotPath(`reviewer-review-${theme}`) });
  }

  await page.getByRole('button', { name: 'Performance' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByText('#3')).toBeVisible();
  await expect(page.getByText('Up 2 since last week')).toBeVisible();
  await page
    .locator('.sv-sidebar')
    .evaluate((panel) => Promise.all(panel.getAnimations().map((a) => a.finished)));
  for (const theme of ['light', 'dark'] as const) {
    await setThemeClass(page, theme);
    await page.screenshot({ path: screenshotPath(`reviewer-performance-${theme}`) });
  }
});
