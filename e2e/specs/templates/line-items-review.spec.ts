import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { callApi, createUser, login, type TestUser } from '../../support/api';
import { APPS, appOrigin } from '../../support/apps';
import { serverPort } from '../../support/env';
import { makeInvoicePdf } from '../../support/invoice-documents';
import { createApprovedWorker, uniqueTag, waitForTasks } from '../../support/review-seed';
import { shootThemes } from '../../support/screens';
import { openSignedIn } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * issue 43 "Must show", browser tests, end to end on the real API: a requester builds an invoice
 * template with line items and a sum check and submits a PDF with it; the items printed on it do
 * not add up, so a reviewer sees the failed check, fixes the wrong line item in the inline table
 * and submits; the requester's result and CSV show the items. The requester works in the
 * requester app (this project), the reviewer in the reviewer app beside it.
 */
test.skip(({ app }) => app.host !== 'requester', 'one run: the spec drives two apps');

const CHECK = 'items add up to the subtotal';

/** Serious and critical WCAG 2.1 A/AA problems on screen, light and dark (the page is left light). */
async function accessibilityProblems(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of result.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        problems.push(
          `${name} ${theme}: ${v.id} ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
        );
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  return problems;
}

/**
 * Screenshots for people to look at (SCREENS_DIR), light and dark, 1440 and 390 px wide; `show`
 * brings the part shown into view at each size. The page is left at 1440 px.
 */
async function shootSizes(page: Page, name: string, show?: (width: number) => Promise<void>, height = 900) {
  // No colour transitions caught half-way when the theme switches.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height });
    await show?.(width);
    await shootThemes(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The reviewer app in its own context (its own origin and session). */
async function reviewerPage(browser: Browser, worker: TestUser): Promise<Page> {
  const reviewer = APPS.find((a) => a.host === 'reviewer');
  if (!reviewer) throw new Error('no reviewer app');
  const context = await browser.newContext({
    baseURL: appOrigin(reviewer, await serverPort()),
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await openSignedIn(page, worker, '/worker/dashboard');
  return page;
}

async function createInvoiceTemplate(page: Page, name: string) {
  await page.getByRole('button', { name: 'New template' }).first().click();
  const editor = page.getByRole('form', { name: 'New template' });
  await editor.getByLabel('Template name').fill(name);
  await editor.getByLabel('Document type').selectOption('pdf');

  const field = (n: number) => editor.getByRole('group', { name: `Field ${n}`, exact: true });
  await field(1).getByLabel('Field name').fill('Invoice number');
  await field(1).getByLabel('Type').selectOption('identifier');
  await field(1).getByRole('checkbox', { name: 'Required' }).check();
  await editor.getByRole('button', { name: 'Add field', exact: true }).click();
  await field(2).getByLabel('Field name').fill('Subtotal');
  await field(2).getByLabel('Type').selectOption('money');
  await field(2).getByRole('button', { name: 'Rules of Subtotal' }).click();
  await field(2).getByLabel('Currency').fill('USD');
  await editor.getByRole('button', { name: 'Add field', exact: true }).click();
  await field(3).getByLabel('Field name').fill('Total');
  await field(3).getByLabel('Type').selectOption('money');

  // The line items: description, quantity and amount come with it; the unit price is added.
  await editor.getByRole('button', { name: 'Add line items' }).click();
  await field(4).getByLabel('Field name').fill('Items');
  const columns = field(4).getByRole('group', { name: 'Columns of Items' });
  await expect(columns.getByLabel('Column 3 name')).toHaveValue('amount');
  await columns.getByRole('button', { name: 'Add column' }).click();
  await columns.getByLabel('Column 4 name').fill('unit_price');
  await columns.getByLabel('Column 4 type').selectOption('money');

  // The sum check: the items' amounts add up to the subtotal.
  await editor.getByRole('button', { name: 'Add check' }).click();
  const check = editor.getByRole('group', { name: 'Check 1', exact: true });
  await check.getByLabel('Check name').fill(CHECK);
  await check.getByRole('checkbox', { name: 'Items.amount' }).check();
  await check.getByLabel('Must equal').selectOption('Subtotal');
  await expect(check.getByText('Items.amount = Subtotal')).toBeVisible();

  await shootSizes(
    page,
    'template-editor',
    (width) =>
      width > 900
        ? page.evaluate(() => window.scrollTo(0, 0))
        : page.getByRole('heading', { name: 'New template' }).scrollIntoViewIfNeeded(),
    2000,
  );
  expect(await accessibilityProblems(page, 'template editor')).toEqual([]);
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText(`Saved ${name}. Pick it on New Request.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your templates' }).getByText(name)).toBeVisible();
}

async function submitWithTemplate(page: Page, templateName: string, filename: string, pdf: Buffer) {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('button', { name: 'New Request' })
    .click();
  const form = page.getByRole('form', { name: 'New request' });
  await form.getByLabel('Document Type').selectOption('pdf');
  await form.getByRole('tab', { name: 'Upload File' }).click();
  await form.getByLabel('File', { exact: true }).setInputFiles({
    name: filename,
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await form.getByLabel('Template').selectOption({ label: templateName });
  await expect(
    form.getByText(/^Extracts Invoice number, Subtotal, Total, Items \(line items\); 1 check\.$/),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(/^Request [0-9a-f]{8} submitted\./)).toBeVisible();
}

test('a template with line items and a sum check, a reviewer fixing a line item, and the items in the result and CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const tag = uniqueTag('inv');
  const templateName = `Invoices ${tag}`;
  const filename = `${tag}.pdf`;
  const requester = await createUser('requester', `${tag}-req`);
  const worker = await createApprovedWorker(`${tag}-a`);
  const second = await createApprovedWorker(`${tag}-b`);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, requester, '/requester/dashboard?view=templates');
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  // The built-ins are listed, read-only.
  const builtins = page.getByRole('list', { name: 'Built-in templates' });
  await builtins.getByRole('button', { name: /^Invoice Built-in/ }).click();
  await expect(page.getByText('Built-in templates cannot be changed.', { exact: false })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invoice' }).getByLabel('Template name')).toBeDisabled();

  await createInvoiceTemplate(page, templateName);
  await submitWithTemplate(page, templateName, filename, await makeInvoicePdf(page));

  // The extraction reads the items and fails the check: the task goes to review.
  const [task] = await waitForTasks(worker, tag, 1, 120_000);
  if (!task) throw new Error('no task');

  const reviewer = await reviewerPage(browser, worker);
  await reviewer.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await reviewer.getByLabel('Search tasks').fill(tag);
  await expect(reviewer.locator('.sv-queue-row__name')).toHaveCount(1);
  await reviewer.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(reviewer.getByRole('heading', { name: 'PDF Document Review' })).toBeVisible();

  const checks = reviewer.locator('.sv-review__checks');
  await expect(checks).toContainText(`${CHECK}: Items.amount add up to 38.20, Subtotal says 41.20`);
  await expect(checks.getByLabel(`Reason to submit "${CHECK}" anyway`)).toBeVisible();
  const accept = reviewer.getByRole('button', { name: 'Accept AI Result' });
  await expect(accept).toBeDisabled();

  // Each answer's type is the template's, not a value to edit (DESIGN §13).
  const reviewTable = reviewer.getByRole('table', { name: 'Review & Edit Data' });
  await expect(reviewTable.getByRole('columnheader', { name: 'Value', exact: true })).toBeVisible();
  await expect(reviewTable.getByRole('columnheader', { name: 'Type', exact: true })).toHaveCount(0);
  await expect(reviewTable).not.toContainText('line_items');

  const items = reviewer.getByRole('region', { name: 'Line items: Items' });
  await expect(items.getByText('3 items', { exact: false })).toBeVisible();
  await expect(items.getByLabel('description of Items item 2')).toHaveValue('Brass hinges');
  const amount = items.getByLabel('amount of Items item 2');
  await expect(amount).toHaveValue('7.20');
  await shootSizes(reviewer, 'line-items-review', () => items.scrollIntoViewIfNeeded());

  expect(await accessibilityProblems(reviewer, 'line-items review')).toEqual([]);
  // Each item's box is shown on the document.
  await items.getByRole('button', { name: 'Show item 2 on the document' }).click();
  await expect(reviewer.getByRole('region', { name: 'Source of Items · item 2' })).toBeVisible();

  await amount.fill('10.20');
  await amount.press('Enter');
  await expect(amount).toHaveValue('10.20');
  await expect(checks).toHaveCount(0);
  await reviewer.getByRole('button', { name: 'Submit Edited Response' }).click();
  await expect
    .poll(async () => {
      const session = await login(worker.email, worker.password);
      const history = await callApi<{ history: { task_id: string; status: string }[] }>(
        'GET',
        '/worker/history?limit=20',
        { token: session.token },
      );
      return history.history.find((h) => h.task_id === task.task_id)?.status ?? null;
    })
    .toBe('submitted');
  await reviewer.context().close();

  // A second reviewer (the failed check asked for two) makes the same correction through the API.
  const secondSession = await login(second.email, second.password);
  const opened = await callApi<{ ai_result: { result: Record<string, { value: unknown }> } }>(
    'GET',
    `/worker/tasks/${task.task_id}`,
    { token: secondSession.token },
  );
  const result = structuredClone(opened.ai_result.result);
  const rows = result.Items?.value as Record<string, unknown>[];
  rows[1] = { ...rows[1], amount: 10.2 };
  await callApi('POST', `/worker/tasks/${task.task_id}/review`, {
    token: secondSession.token,
    body: { response: { confidence_score: -0.5, result }, confidence: 0.9 },
  });

  // The requester's result shows the items, the corrected one among them, and the check passing.
  const requesterSession = await login(requester.email, requester.password);
  await expect
    .poll(
      async () => {
        const list = await callApi<{ requests: { status: string; metadata: { filename?: string } }[] }>(
          'GET',
          `/requests?limit=10&search=${tag}`,
          { token: requesterSession.token },
        );
        return list.requests[0]?.status ?? null;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  await page.goto('/requester/dashboard?view=history');
  await page
    .getByRole('button', { name: /^View details of PDF Document request/ })
    .first()
    .click();
  const details = page.getByRole('dialog');
  const finalResult = details.getByRole('region', { name: 'Final Result' });
  const finalItems = finalResult.getByRole('table', { name: /^Items · 3 items/ });
  await expect(finalItems.getByRole('row')).toHaveCount(4);
  await expect(finalItems.getByRole('row', { name: /^2 Brass hinges/ })).toContainText('10.20');
  await expect(finalResult.getByRole('list', { name: 'Checks' })).toContainText(
    `Passed ${CHECK}: Items.amount add up to 41.20, as Subtotal says`,
  );
  await shootSizes(page, 'result-line-items', () => finalItems.scrollIntoViewIfNeeded());

  expect(await accessibilityProblems(page, 'result')).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    details.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header?.split(',')).toEqual(
    expect.arrayContaining([
      'row',
      'Invoice number',
      'Subtotal',
      'Total',
      'Items.description',
      'Items.amount',
    ]),
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain('Brass hinges');
  expect(lines[1]).toContain('10.2');
});
