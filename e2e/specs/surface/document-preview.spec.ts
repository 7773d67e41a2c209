import { openView, rowWith, searchFor, signInAsAdmin } from '../../support/admin-dashboard';
import { callApi, createUser, login } from '../../support/api';
import { serverPort } from '../../support/env';
import { boxCentreIn, expectInside, makeTablePdf } from '../../support/grounding-documents';
import { uniqueTag } from '../../support/review-seed';
import { screenshotPath } from '../../support/screens';
import { openSignedIn } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * Issue 15 (and issue 13's leftover): the document the AI read is previewed inline where a request
 * is looked at — the requester's details and the admin's request detail — with the picked value's
 * anchor box drawn inside its printed cell, as on the review screen.
 */

test.skip(({ app }) => app.host === 'reviewer', 'the requester and admin apps');

async function submitTablePdf(page: import('@playwright/test').Page) {
  const requester = await createUser('requester');
  const { token } = await login(requester.email, requester.password);
  const { pdf, cells } = await makeTablePdf(page);
  const tag = uniqueTag('preview');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${tag}.pdf`);
  form.append('document_type', 'pdf');
  const uploaded = await fetch(`http://127.0.0.1:${await serverPort()}/api/v1/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const file = (await uploaded.json()) as { file_id: string; file_url: string };
  const { request_id: id } = await callApi<{ request_id: string }>('POST', '/requests', {
    token,
    body: {
      document_type: 'pdf',
      metadata: {
        file_id: file.file_id,
        file_url: file.file_url,
        filename: `${tag}.pdf`,
        data_points: ['Total revenue'],
        ai_only_mode: true,
      },
    },
  });
  await expect
    .poll(async () => (await callApi<{ status: string }>('GET', `/requests/${id}`, { token })).status, {
      timeout: 60_000,
    })
    .toBe('completed');
  return { requester, id, cell: cells['Total revenue|FY2024'] };
}

test('the requester details show the source with the value boxed in its cell', async ({ page, app }) => {
  test.skip(app.host !== 'requester', 'the Requester app');
  test.setTimeout(120_000);
  const { requester, id, cell } = await submitTablePdf(page);
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
  const { id, cell } = await submitTablePdf(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  await openView(page, 'Requests');
  await searchFor(page, id);
  await rowWith(page, id.slice(0, 8)).getByText('PDF').first().click();
  const document = page.getByRole('region', { name: 'Document', exact: true });
  await expect(document.getByText('Pick a data point to see where the AI read it.')).toBeVisible();
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
