import { createApprovedWorker, seedPdfTasks, uniqueTag, workerHistory } from '../../support/review-seed';
import { openSignedIn } from '../../support/session';
import { expect, test } from '../../support/test';
import { makeFinancialPdf } from '../../support/test-documents';

/**
 * Issue 8: the network cut during a submission. The answers are kept, nothing is shown as done
 * before the server stored it, and the submission goes out by itself once the network is back.
 */
test.beforeEach(({ app }) => {
  test.skip(app.host !== 'reviewer', 'The Reviewer workspace lives in the reviewer app');
});

test('a submission made offline is kept and sent when the network returns', async ({ page, context }) => {
  // Two PDFs are extracted before the review starts: on a busy machine that alone can take 30 s.
  test.setTimeout(120_000);
  const tag = uniqueTag('offline');
  const worker = await createApprovedWorker();
  const pdfs = [
    await makeFinancialPdf(page, { company: 'Acme Corp', revenue: '$1,234.5 million' }),
    await makeFinancialPdf(page, { company: 'Globex', revenue: '$987.6 million' }),
  ];
  await seedPdfTasks(worker, pdfs, { tag });
  await openSignedIn(page, worker, '/worker/dashboard');
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await page.getByLabel('Search tasks').fill(tag);
  await expect(page.getByText(/^2 of \d+ tasks$/)).toBeVisible();
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  const review = page.locator('article.sv-review');
  const taskId = await review.getAttribute('data-task-id');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Accept AI Result' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit review.' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(review).toHaveAttribute('data-task-id', taskId ?? '');
  await expect(page.getByTestId('completed-count')).toHaveText('0');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('test_submissions') ?? '[]'));
  expect(kept).toContainEqual(expect.objectContaining({ task_id: taskId, status: 'pending' }));
  expect((await workerHistory(worker)).history.map((h) => h.task_id)).not.toContain(taskId);

  // Back online: no click needed, the kept submission goes out and is stored exactly once.
  await context.setOffline(false);
  await expect(page.getByTestId('completed-count')).toHaveText('1', { timeout: 40_000 });
  const history = (await workerHistory(worker)).history.filter((h) => h.task_id === taskId);
  expect(history).toEqual([expect.objectContaining({ task_id: taskId, status: 'submitted' })]);
});
