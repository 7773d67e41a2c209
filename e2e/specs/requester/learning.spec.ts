import type { Page } from '@playwright/test';
import { callApi, createUser, login, type TestUser } from '../../support/api';
import { createApprovedWorker, uniqueTag, waitForTasks } from '../../support/review-seed';
import { shootThemes } from '../../support/screens';
import { openSignedIn } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * DESIGN §14 (issue 44) in the browser: reviewers correct an amount the extractor missed on one
 * statement; the next statement of that bank is answered from what they taught. The requester
 * sees the learned hint with the review that taught it and deletes it; the reviewer sees
 * "learned from 1 review" beside the remembered answer.
 */
test.describe.configure({ mode: 'serial' });
// Two statements go through extraction and two reviews before anything is on screen.
test.setTimeout(180_000);

async function statementPdf(page: Page, issuer: string, number: string, payable: string) {
  const context = page.context();
  const printer = await context.newPage();
  try {
    await printer.setContent(`<!doctype html><html><body style="font: 14px Arial, sans-serif; padding: 40px">
      <h1>${issuer}</h1><p>Statement no: ${number}</p><p>Customer: Acme</p>
      <h2>Account summary</h2>
      <table style="border-collapse: collapse" cellpadding="6">
        <tr><th align="left">Item</th><th align="right">This period</th><th align="right">Last period</th></tr>
        <tr><td>Opening balance</td><td align="right">1,100.00</td><td align="right">77.00</td></tr>
        <tr><td>Balance payable</td><td align="right">${payable}</td><td align="right">1,100.00</td></tr>
      </table></body></html>`);
    return await printer.pdf({ format: 'Letter' });
  } finally {
    await printer.close();
  }
}

interface Seeded {
  requester: TestUser;
  tag: string;
  secondTaskId: string;
}

/** Two statements of one bank: reviewers teach on the first; the second is answered from memory. */
async function seedLearnedStatements(page: Page): Promise<Seeded> {
  const tag = uniqueTag('learn');
  const requester = await createUser('requester', `${tag}-req`);
  const session = await login(requester.email, requester.password);
  const reviewers = [await createApprovedWorker(`${tag}-a`), await createApprovedWorker(`${tag}-b`)];
  const submit = async (n: number, payable: string) => {
    const pdf = await statementPdf(page, 'Harbour Freight Co', `44${n}1`, payable);
    await callApi('POST', '/requests', {
      token: session.token,
      body: {
        document_type: 'pdf',
        metadata: {
          file_bytes: Buffer.from(pdf).toString('base64'),
          filename: `${tag}-statement-${n}.pdf`,
          data_points: ['Amount due'],
        },
      },
    });
    const [task] = await waitForTasks(reviewers[0] as TestUser, `${tag}-statement-${n}`, 1);
    if (!task) throw new Error('no task');
    return task.task_id;
  };
  const first = await submit(1, '2,345.10');
  for (const reviewer of reviewers) {
    const worker = await login(reviewer.email, reviewer.password);
    await callApi('POST', `/worker/tasks/${first}/review`, {
      token: worker.token,
      body: { response: { confidence_score: -0.1, result: { 'Amount due': { value: 2345.1 } } } },
    });
  }
  const secondTaskId = await submit(2, '8,765.40');
  return { requester, tag, secondTaskId };
}

test('the requester sees a learned hint with the review that taught it, and deletes it', async ({
  page,
  app,
}) => {
  test.skip(app.host !== 'requester', 'The learned hints live in the requester app');
  const { requester, tag } = await seedLearnedStatements(page);
  await openSignedIn(page, requester, '/requester/dashboard?view=learned');

  await expect(page.getByRole('heading', { name: 'Learned', level: 1 })).toBeVisible();
  const source = page.getByRole('region', { name: 'Harbour Freight Co', exact: true });
  await expect(source).toBeVisible();
  const row = source.getByRole('row', { name: /Amount due/ });
  await expect(row).toContainText('Balance payable');
  await row.getByText('learned from 1 review').click();
  await expect(row.getByText(`${tag}-statement-1.pdf`)).toBeVisible();
  await shootThemes(page, 'learned-hints');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootThemes(page, 'learned-hints-390', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByRole('button', { name: 'Delete the hint for Amount due' }).click();
  await page.getByRole('button', { name: 'Delete hint' }).click();
  await expect(page.getByText('Nothing learned yet')).toBeVisible();
});

test('the reviewer sees "learned from 1 review" beside a remembered answer', async ({ page, app }) => {
  test.skip(app.host !== 'reviewer', 'The review workspace lives in the reviewer app');
  const { secondTaskId, tag } = await seedLearnedStatements(page);
  const reviewer = await createApprovedWorker('learn-viewer');
  await openSignedIn(page, reviewer, '/worker/dashboard');
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await page.getByLabel('Search tasks').fill(`${tag}-statement-2`);
  await expect(page.getByText(/^1 of \d+ tasks$/)).toBeVisible();
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(page.locator('article.sv-review')).toHaveAttribute('data-task-id', secondTaskId);
  const row = page.locator('article.sv-review tbody tr', { hasText: 'Amount due' });
  await expect(row).toContainText('8765.4');
  await expect(row.getByText('learned from 1 review')).toBeVisible();
  await shootThemes(page, 'reviewer-learned-answer');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootThemes(page, 'reviewer-learned-answer-390', { fullPage: true });
});
