import type { Page } from '@playwright/test';
import { openView, rowWith, searchFor, signInAsAdmin } from '../../support/admin-dashboard';
import { createUser, login } from '../../support/api';
import { boxCentreIn, expectInside } from '../../support/grounding-documents';
import { screenshotPath } from '../../support/screens';
import { openSignedIn } from '../../support/session';
import { submitTablePdf } from '../../support/table-pdf-request';
import { expect, test } from '../../support/test';

/**
 * Issue 15 (and issue 13's leftover): the document the AI read is previewed inline where a request
 * is looked at — the requester's details and the admin's request detail — with the picked value's
 * anchor box drawn inside its printed cell, as on the review screen.
 */

test.skip(({ app }) => app.host === 'reviewer', 'the requester and admin apps');

async function seed(page: Page) {
  const requester = await createUser('requester');
  const { token } = await login(requester.email, requester.password);
  return { requester, ...(await submitTablePdf(page, token)) };
}

test('the requester details show the source with the value boxed in its cell', async ({ page, app }) => {
  test.skip(app.host !== 'requester', 'the Requester app');
  test.setTimeout(120_000);
  const { requester, id, cell } = await seed(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, requester, '/requester/dashboard?view=history');
  await page.getByRole('button', { name: new RegExp(`^View details of .*${id.slice(0, 8)}`) }).click();
  const dialog = page.getByRole('dialog');
  const source = dialog.getByRole('region', { name: 'Source', exact: true });
  await source.scrollIntoViewIfNeeded();
  await expect(source.getByText('Total revenue: Highlighted on page 1')).toBeVisible({ timeout: 20_000 });
  const centre = await boxCentreIn(
    source.getByTestId('anchor-box'),
    source.locator('.sv-pdf__page[data-page="1"]'),
  );
  expectInside(centre, cell, 'requester details');
  // the value in the table is the one picked
  await expect(dialog.getByRole('button', { name: 'Total revenue' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: screenshotPath('surface-requester-details-source') });
});

test('the admin request detail shows the document and boxes a picked value', async ({ page, app }) => {
  test.skip(app.host !== 'admin', 'the Admin app');
  test.setTimeout(120_000);
  const { id, cell } = await seed(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  await openView(page, 'Requests');
  await searchFor(page, id);
  await rowWith(page, id.slice(0, 8)).getByText('PDF').first().click();
  const document = page.getByRole('region', { name: 'Document', exact: true });
  // The detail loads the request and its document: under a loaded machine that takes a while.
  await expect(document.getByText('Pick a data point to see where the AI read it.')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Total revenue' }).click();
  await expect(document.getByText('Total revenue: Highlighted on page 1')).toBeVisible({ timeout: 20_000 });
  const centre = await boxCentreIn(
    document.getByTestId('anchor-box'),
    document.locator('.sv-pdf__page[data-page="1"]'),
  );
  expectInside(centre, cell, 'admin request detail');
  await document.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('surface-admin-request-document') });
});
