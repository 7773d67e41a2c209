import type { Page } from '@playwright/test';
import { createUser } from '../../support/api';
import { createApprovedWorker, seedPdfTasks, uniqueTag, workerHistory } from '../../support/review-seed';
import { screenshotPath } from '../../support/screens';
import { openSignedIn } from '../../support/session';
import { expect, test } from '../../support/test';
import { makeFinancialPdf } from '../../support/test-documents';

/**
 * The review loop against the real API (issue 5 "Must show", browser tests): tasks come from PDFs
 * a requester submits, through the extraction job; an admin approves the reviewer. Each test
 * narrows the queue to its own tasks with the search, so the tests do not see each other's work.
 */
test.describe.configure({ mode: 'serial' });

test.beforeEach(({ app }) => {
  test.skip(app.host !== 'reviewer', 'The Reviewer workspace lives in the reviewer app');
});

const COMPANIES = [
  { company: 'Acme Corp', revenue: '$1,234.5 million' },
  { company: 'Globex', revenue: '$987.6 million' },
  { company: 'Initech', revenue: '$45.2 million' },
];

async function pdfsFor(page: Page, count: number) {
  const pdfs: Buffer[] = [];
  for (const options of COMPANIES.slice(0, count)) pdfs.push(await makeFinancialPdf(page, options));
  return pdfs;
}

/** Narrows the queue to this test's tasks (server-side search). */
async function searchQueue(page: Page, tag: string, count: number) {
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await page.getByLabel('Search tasks').fill(tag);
  await expectSearched(page, tag, count);
}

/** The queue shows this search's results (not the list from before it applied). */
async function expectSearched(page: Page, tag: string, count: number) {
  await expect(page.getByText(new RegExp(`^${count} of \\d+ tasks$`))).toBeVisible();
  const names = page.locator('.sv-queue-row__name');
  await expect(names).toHaveCount(count);
  for (const name of await names.all()) await expect(name).toContainText(tag);
}

const review = (page: Page) => page.locator('article.sv-review');

async function localSubmissions(page: Page) {
  return page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('test_submissions') ?? '[]') as {
        task_id: string;
        status: string;
        submission: {
          response: { result: Record<string, unknown>; confidence_score: number };
          confidence: number;
        };
      }[],
  );
}

test('an approved reviewer edits, reverts, edits again, submits, and the next task opens', async ({
  page,
}) => {
  const tag = uniqueTag('flow');
  const worker = await createApprovedWorker();
  await seedPdfTasks(worker, await pdfsFor(page, 2), { tag });
  await openSignedIn(page, worker, '/worker/dashboard');

  await expect(page.getByRole('heading', { name: 'Priority Queue' })).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ tasks$/)).toBeVisible();
  await searchQueue(page, tag, 2);
  await page.getByRole('button', { name: 'Start Task' }).first().click();

  await expect(page.getByRole('heading', { name: 'PDF Document Review' })).toBeVisible();
  const firstTaskId = await review(page).getAttribute('data-task-id');
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revert to AI Result' })).toHaveCount(0);

  const valueCell = page.getByRole('button', { name: /^Edit Value of Total revenue/ });
  const aiValue = (await valueCell.textContent())?.replace(/^.*: /, '') ?? '';
  expect(aiValue).toMatch(/^\d+$/);
  await valueCell.click();
  await page.getByRole('textbox', { name: 'Value of Total revenue' }).fill('1234500001');
  await page.getByRole('textbox', { name: 'Value of Total revenue' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Submit Edited Response' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revert to AI Result' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('reviewer-review-edited') });

  await page.getByRole('button', { name: 'Revert to AI Result' }).click();
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revert to AI Result' })).toHaveCount(0);
  await expect(valueCell).toHaveText(`Edit Value of Total revenue: ${aiValue}`);

  await valueCell.click();
  await page.getByRole('textbox', { name: 'Value of Total revenue' }).fill('1234500002');
  await page.getByRole('textbox', { name: 'Value of Total revenue' }).press('Enter');
  const completedBefore = Number(await page.getByTestId('completed-count').textContent());
  await page.getByRole('button', { name: 'Submit Edited Response' }).click();

  // The next task opens; the finished one left the queue.
  await expect(review(page)).not.toHaveAttribute('data-task-id', firstTaskId ?? '');
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
  await expect(page.getByText(/^1 of \d+ tasks$/)).toBeVisible();
  await expect(page.getByTestId('completed-count')).toHaveText(String(completedBefore + 1));

  // Acknowledged by the server, and the local copy holds what was sent (spec 01 §7 shape).
  expect((await workerHistory(worker)).history).toContainEqual(
    expect.objectContaining({ task_id: firstTaskId, status: 'submitted' }),
  );
  const [sent] = await localSubmissions(page);
  expect(sent).toMatchObject({ task_id: firstTaskId, status: 'submitted' });
  expect(sent?.submission.response.confidence_score).toBe(-0.5);
  expect(sent?.submission.confidence).toBe(0.9);
  expect(JSON.stringify(sent?.submission.response.result)).toContain('1234500002');
});

test('a keyboard-only review', async ({ page }) => {
  const tag = uniqueTag('keys');
  const worker = await createApprovedWorker();
  await seedPdfTasks(worker, await pdfsFor(page, 2), { tag });
  await openSignedIn(page, worker, '/worker/dashboard');
  await expect(page.getByRole('heading', { name: 'Priority Queue' })).toBeVisible();

  await page.keyboard.press('/');
  await expect(page.getByLabel('Search tasks')).toBeFocused();
  await page.keyboard.type(tag);
  await page.keyboard.press('ArrowDown');
  await expectSearched(page, tag, 2);
  await expect(page.locator('.sv-queue-row__main').first()).toBeFocused();
  await page.keyboard.press('Enter');

  // The task opens with the focus on its first row.
  await expect(page.getByRole('heading', { name: 'PDF Document Review' })).toBeVisible();
  const firstTaskId = await review(page).getAttribute('data-task-id');
  const rows = review(page).locator('tbody tr');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(rows.first()).toBeFocused();

  // Enter edits, Escape cancels, Enter saves.
  await page.keyboard.press('Enter');
  const input = page.getByRole('textbox', { name: /^Value of / });
  await expect(input).toBeFocused();
  await page.keyboard.type('999');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('777');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Submit Edited Response' })).toBeVisible();
  await expect(rows.first()).toBeFocused();

  // u reverts, ? lists the shortcuts, a accepts.
  await page.keyboard.press('u');
  await expect(page.getByRole('button', { name: 'Accept AI Result' })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('reviewer-shortcuts') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await page.keyboard.press('a');
  await expect(review(page)).not.toHaveAttribute('data-task-id', firstTaskId ?? '');
  const secondTaskId = await review(page).getAttribute('data-task-id');

  // s skips the last task: back to the overview with nothing left for this search.
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('s');
  await expect(review(page)).toHaveCount(0);
  await expect(page.getByText(/^0 of \d+ tasks$/)).toBeVisible();
  expect((await workerHistory(worker)).history).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ task_id: firstTaskId, status: 'submitted' }),
      expect.objectContaining({ task_id: secondTaskId, status: 'skipped' }),
    ]),
  );
});

test('batch reject of 3 tasks', async ({ page }) => {
  const tag = uniqueTag('batch');
  const worker = await createApprovedWorker();
  await seedPdfTasks(worker, await pdfsFor(page, 3), { tag });
  await openSignedIn(page, worker, '/worker/dashboard');
  await searchQueue(page, tag, 3);

  await page.getByRole('button', { name: 'Select Tasks' }).click();
  await page.getByRole('button', { name: 'Select all', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Reject (3)' })).toBeEnabled();
  await page.screenshot({ path: screenshotPath('reviewer-queue-select') });
  await page.getByRole('button', { name: 'Reject (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject tasks' });
  await expect(dialog.getByRole('radio', { name: /Instructed to reject/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Reject 3 tasks' }).click();

  await expect(page.getByText('Successfully rejected 3 tasks.')).toBeVisible();
  await expect(page.getByText(/^0 of \d+ tasks$/)).toBeVisible();
  await expect(page.getByText('No matching tasks')).toBeVisible();
  const history = await workerHistory(worker);
  expect(history.history.filter((item) => item.status === 'rejected')).toHaveLength(3);
});

test('a failing review call shows the banner, keeps the answers, and goes through once the API is back', async ({
  page,
}) => {
  const tag = uniqueTag('fail');
  const worker = await createApprovedWorker();
  await seedPdfTasks(worker, await pdfsFor(page, 2), { tag });
  await openSignedIn(page, worker, '/worker/dashboard');
  await searchQueue(page, tag, 2);
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  const taskId = await review(page).getAttribute('data-task-id');

  await page.getByRole('button', { name: /^Edit Value of Total revenue/ }).click();
  await page.getByRole('textbox', { name: 'Value of Total revenue' }).fill('424242');
  await page.getByRole('textbox', { name: 'Value of Total revenue' }).press('Enter');

  // The API fails every review call: retried, then the banner; the task stays, answers intact.
  let failedCalls = 0;
  await page.route(/\/api\/v1\/worker\/tasks\/[^/]+\/review$/, (route) => {
    failedCalls += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'SERVICE_UNAVAILABLE',
        detail: 'The service is temporarily unavailable.',
      }),
    });
  });
  await page.getByRole('button', { name: 'Submit Edited Response' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Failed to submit review.' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  expect(failedCalls).toBeGreaterThan(1);
  await expect(review(page)).toHaveAttribute('data-task-id', taskId ?? '');
  await expect(page.getByRole('button', { name: /^Edit Value of Total revenue/ })).toContainText('424242');
  await expect(page.getByTestId('completed-count')).toHaveText('0');
  const [kept] = await localSubmissions(page);
  expect(kept).toMatchObject({ task_id: taskId, status: 'pending' });
  expect(JSON.stringify(kept?.submission.response.result)).toContain('424242');
  await page.screenshot({ path: screenshotPath('reviewer-review-failed') });

  // The API recovers: Retry now goes through and the next task opens.
  await page.unroute(/\/api\/v1\/worker\/tasks\/[^/]+\/review$/);
  await banner.getByRole('button', { name: 'Retry now' }).click();
  await expect(review(page)).not.toHaveAttribute('data-task-id', taskId ?? '');
  await expect(page.getByTestId('completed-count')).toHaveText('1');
  const [sent] = await localSubmissions(page);
  expect(sent).toMatchObject({ task_id: taskId, status: 'submitted' });
  expect((await workerHistory(worker)).history).toContainEqual(
    expect.objectContaining({ task_id: taskId, status: 'submitted' }),
  );
});

test('selecting a row highlights its source text in the PDF', async ({ page }) => {
  // The PDF is extracted before the review starts: on a busy machine that can take 30 s.
  test.setTimeout(120_000);
  const tag = uniqueTag('ground');
  const worker = await createApprovedWorker();
  await seedPdfTasks(worker, await pdfsFor(page, 1), { tag });
  await openSignedIn(page, worker, '/worker/dashboard');
  await searchQueue(page, tag, 1);
  await page.getByRole('button', { name: 'Start Task' }).click();

  const pdf = page.getByRole('document', { name: `${tag}-1.pdf` });
  await expect(pdf.locator('.textLayer span').first()).toBeAttached();
  // The extraction anchors each value to its words: the box is drawn over the printed value, and
  // moves up a line from Gross margin to Total revenue (printed above it).
  const box = pdf.getByTestId('anchor-box');
  await page.getByRole('button', { name: /^Show source of Gross margin/ }).click();
  await expect(box).toBeVisible();
  await expect(page.getByText('Highlighted on page 1')).toBeVisible();
  const margin = await box.boundingBox();
  const value = await pdf.locator('.textLayer span').filter({ hasText: '42%' }).first().boundingBox();
  expect(margin && value).toBeTruthy();
  if (margin && value) {
    const cy = margin.y + margin.height / 2;
    expect(cy).toBeGreaterThanOrEqual(value.y - 2);
    expect(cy).toBeLessThanOrEqual(value.y + value.height + 2);
  }

  await page.getByRole('button', { name: /^Show source of Total revenue/ }).click();
  await expect
    .poll(async () => ((await box.boundingBox())?.y ?? Number.POSITIVE_INFINITY) < (margin?.y ?? 0) - 5)
    .toBe(true);
  await page.screenshot({ path: screenshotPath('reviewer-grounding') });
});

test('a reviewer awaiting approval sees the pending message instead of the queue', async ({ page }) => {
  const worker = await createUser('worker', 'pending');
  await openSignedIn(page, worker, '/worker/dashboard');
  await expect(
    page.getByText('Your reviewer account is pending approval. Please wait for admin approval.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Priority Queue' })).toHaveCount(0);
});
