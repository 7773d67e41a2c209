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

test('queue states: the list failing, a 403, and an empty queue', async ({ page }) => {
  await mockWorkerApi(page, { tasks: [] });
  await storeMockWorkerSession(page);
  let answer: { status: number; body: unknown } = {
    status: 500,
    body: { code: 'INTERNAL_SERVER_ERROR', detail: 'Something went wrong' },
  };
  await page.route(/\/api\/v1\/worker\/tasks\?/, (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    }),
  );
  await page.goto('/worker/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our end' })).toBeVisible();

  answer = { status: 403, body: { code: 'FORBIDDEN', detail: 'Access denied.' } };
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Not authorized as worker')).toBeVisible();

  answer = { status: 200, body: { tasks: [], total: 0, page: 1, limit: 100 } };
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No tasks available', { exact: true })).toBeVisible();
  await expect(page.getByText('No tasks available. Check back later or refresh the queue.')).toBeVisible();
  await expect(page.getByText('0 of 0 tasks')).toBeVisible();
});

test('a search keeps the queue on screen until it answers, and Start Task clicked meanwhile opens the task', async ({
  page,
}) => {
  const tasks = makeTasks(3, { fileUrl: FILE_URL });
  const [first, , third] = tasks;
  if (!first || !third) throw new Error('no tasks');
  await mockWorkerApi(page, { tasks, pdf: await makeFinancialPdf(page) });
  await storeMockWorkerSession(page);
  // Searched lists wait until the test lets them through (a slow search on a busy server).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/v1\/worker\/tasks\?.*search=/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/worker/dashboard');
  await expect(page.getByText('3 of 3 tasks')).toBeVisible();

  const search = page.getByLabel('Search tasks');
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  const searched = page.waitForRequest(/\/api\/v1\/worker\/tasks\?.*search=/);
  await search.fill(String(third.metadata.name));
  await searched;
  // While the search loads, the rows and the offered tasks stay where they were, marked busy: a
  // list emptied and filled again under the pointer lost the click that began on it.
  await expect(page.locator('.sv-queue__list')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.sv-queue-row__name')).toHaveCount(3);
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(page.locator('article.sv-review')).toHaveAttribute('data-task-id', first.task_id);

  release();
  await expect(page.getByText('1 of 3 tasks')).toBeVisible();
  await expect(page.locator('.sv-queue-row__name')).toHaveText([String(third.metadata.name)]);
  await expect(page.locator('article.sv-review')).toHaveAttribute('data-task-id', first.task_id);
});

test('documents without a preview: the notice, Open in new tab, and the selected row’s passage', async ({
  page,
}) => {
  const [csvTask] = makeTasks(3).filter((task) => task.document_type === 'csv');
  if (!csvTask) throw new Error('no csv task');
  csvTask.metadata.url = 'https://example.org/figures.csv';
  csvTask.ai_result.result.total_revenue = {
    value: 1234500000,
    location: 'row 7, column B',
    source_text: 'Total revenue,1234500000',
  };
  await mockWorkerApi(page, { tasks: [csvTask] });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');
  await page.getByRole('button', { name: 'Start Task' }).click();

  await expect(page.getByRole('heading', { name: 'CSV File Review' })).toBeVisible();
  await expect(page.getByText('Document preview not available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open in new tab' })).toBeVisible();
  // The first row is selected on opening; its source passage shows with the value marked.
  const passage = page.getByRole('region', { name: 'Source of total_revenue' });
  await expect(passage).toContainText('row 7, column B');
  await expect(passage.locator('mark')).toHaveText('1234500000');
});

test('the view mode is remembered; focus view without a task; the JSON editor, Add Row and delete', async ({
  page,
}) => {
  const tasks = makeTasks(2);
  const [first] = tasks;
  if (!first) throw new Error('no task');
  first.ai_result.result.segments = { value: { americas: 0.5, emea: 0.3 }, location: 'page 2' };
  await mockWorkerApi(page, { tasks });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');

  await page.getByRole('button', { name: 'Focus' }).click();
  await expect(page.getByText('No active task selected')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No active task selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Focus' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Start Task' }).first().click();

  // A structured value opens the Edit Value dialog; invalid JSON is kept as text.
  await page.getByRole('button', { name: /^Edit Value of segments/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Value' });
  await expect(dialog.getByRole('textbox')).toHaveValue(/"americas": 0.5/);
  await dialog.getByRole('textbox').fill('{"americas": 0.6, "emea": 0.3}');
  await expect(dialog.getByText('Valid JSON.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /^Edit Value of segments/ })).toContainText('"americas":0.6');
  await expect(page.getByRole('button', { name: 'Submit Edited Response' })).toBeVisible();

  // Typing past 50 characters inline moves to the JSON editor.
  await page.getByRole('button', { name: /^Edit Value of gross_margin/ }).click();
  await page.getByRole('textbox', { name: 'Value of gross_margin' }).fill('x'.repeat(51));
  await expect(page.getByRole('dialog', { name: 'Edit Value' })).toBeVisible();
  await expect(page.getByText('Not valid JSON: it will be saved as text.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Edit Value' }).getByRole('button', { name: 'Cancel' }).click();

  // A value typed against the formatting guidelines gets their form offered in one click.
  await page.getByRole('button', { name: /^Edit Value of total_revenue/ }).click();
  await page.getByRole('textbox', { name: 'Value of total_revenue' }).fill('$1,234.5 million');
  await page.getByRole('textbox', { name: 'Value of total_revenue' }).press('Enter');
  await page.getByRole('button', { name: /^Apply the formatting guidelines to total_revenue/ }).click();
  await expect(page.getByRole('button', { name: /^Edit Value of total_revenue/ })).toHaveText(
    'Edit Value of total_revenue: 1234500000',
  );
  await expect(page.getByRole('button', { name: /^Apply the formatting guidelines/ })).toHaveCount(0);

  // Add Row starts with its name; delete removes a row; Revert brings the AI result back.
  await page.getByRole('button', { name: 'Add Row' }).click();
  await page.getByRole('textbox', { name: 'Field of new row' }).fill('net_income');
  await page.getByRole('textbox', { name: 'Field of new row' }).press('Enter');
  await expect(page.getByRole('button', { name: /^Edit Field of net_income/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete row gross_margin' }).click();
  await expect(page.getByRole('button', { name: /^Edit Value of gross_margin/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Revert to AI Result' }).click();
  await expect(page.getByRole('button', { name: /^Edit Value of gross_margin/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit Field of net_income/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
});
