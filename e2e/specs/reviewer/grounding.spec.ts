import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { callApi, createUser, login, type TestUser } from '../../support/api';
import {
  boxCentreIn,
  expectInside,
  makeBarChartPng,
  makeTableJpeg,
  makeTablePdf,
  makeTableXlsx,
  reportHtml,
  TABLE_CSV,
} from '../../support/grounding-documents';
import { testWithOwnServer } from '../../support/own-server';
import { createApprovedWorker, uniqueTag, waitForTasks } from '../../support/review-seed';
import { screenshotPath } from '../../support/screens';
import { openSignedIn } from '../../support/session';
import { expect } from '../../support/test';
import { makeFinancialPdf } from '../../support/test-documents';

/**
 * Issue 13 "Must show", against the real extraction: for each kind of document the review screen
 * shows the copy the AI read, and selecting a table value draws a box whose centre lies inside the
 * value's printed cell (positions known from the generated documents). The fetched documents come
 * from a local site and a local EDGAR, so the spec runs a server of its own that may fetch them.
 *
 * The PDF and JPEG boxes come from the extraction's anchors (DESIGN §11, the layout model); the
 * web page, SEC, CSV and Excel cells are found from the value and the anchor's labels.
 */

const DOC_PORT = 40_000 + (process.pid % 9_000);
const DOC_BASE = `http://127.0.0.1:${DOC_PORT}`;
const test = testWithOwnServer({ ALLOW_PRIVATE_FETCH: 'true', SEC_BASE_URL: DOC_BASE });
test.skip(({ app }) => app.host !== 'reviewer', 'The Reviewer workspace lives in the reviewer app');

const routes = new Map<string, { type: string; body: string | Buffer }>();
let site: Server;
let worker: TestUser;
let requester: { token: string };
let previousPort: string | undefined;

const CIK = 7654321;
const ACCESSION = '0007654321-24-000010';
function edgar() {
  routes.set('/files/company_tickers.json', {
    type: 'application/json',
    body: JSON.stringify({ 0: { cik_str: CIK, ticker: 'ACMG', title: 'Acme Grounding Corp' } }),
  });
  routes.set(`/submissions/CIK${String(CIK).padStart(10, '0')}.json`, {
    type: 'application/json',
    body: JSON.stringify({
      cik: String(CIK),
      name: 'ACME GROUNDING CORP',
      fiscalYearEnd: '1231',
      filings: {
        recent: {
          accessionNumber: [ACCESSION],
          filingDate: ['2025-03-05'],
          reportDate: ['2024-12-31'],
          form: ['10-K'],
          primaryDocument: ['acmg-20241231.htm'],
          primaryDocDescription: ['10-K'],
        },
        files: [],
      },
    }),
  });
  routes.set(`/Archives/edgar/data/${CIK}/${ACCESSION.replace(/-/g, '')}/acmg-20241231.htm`, {
    type: 'text/html',
    body: reportHtml('Acme Grounding Corp 10-K'),
  });
}

test.beforeAll(async ({ ownServer }) => {
  // The shared API helpers talk to this spec's own server while it runs.
  previousPort = process.env.SIEVE_E2E_PORT;
  process.env.SIEVE_E2E_PORT = String(ownServer.port);
  site = createServer((req, res) => {
    const route = routes.get((req.url ?? '/').split('?')[0] ?? '/');
    if (!route) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('content-type', route.type);
    res.end(route.body);
  });
  await new Promise<void>((resolve) => site.listen(DOC_PORT, '127.0.0.1', resolve));
  edgar();
  worker = await createApprovedWorker('grounding');
  const account = await createUser('requester', 'grounding-req');
  requester = await login(account.email, account.password);
});

test.afterAll(async () => {
  if (previousPort === undefined) delete process.env.SIEVE_E2E_PORT;
  else process.env.SIEVE_E2E_PORT = previousPort;
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

async function upload(bytes: Buffer, filename: string, type: string, documentType: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  form.append('document_type', documentType);
  const response = await fetch(`http://127.0.0.1:${process.env.SIEVE_E2E_PORT}/api/v1/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${requester.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { file_id: string; file_url: string };
}

async function submit(documentType: string, metadata: Record<string, unknown>) {
  await callApi('POST', '/requests', {
    token: requester.token,
    body: { document_type: documentType, metadata: { data_points: ['Total revenue'], ...metadata } },
  });
}

/** Opens the one task whose name holds `search`, and selects its `dataPoint` row. */
async function openAndSelect(page: Page, search: string, dataPoint = 'Total revenue', waitMs = 60_000) {
  await waitForTasks(worker, search, 1, waitMs);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, worker, '/worker/dashboard');
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await page.getByLabel('Search tasks').fill(search);
  await expect(page.locator('.sv-queue-row__name')).toHaveCount(1);
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(page.locator('article.sv-review')).toBeVisible();
  await expect(page.locator('#source-title')).not.toHaveText(/about:blank/);
  await page.getByRole('button', { name: new RegExp(`^Show source of ${dataPoint}`) }).click();
}

test('uploaded PDF: the box of Total revenue lies in its printed cell', async ({ page }) => {
  const { pdf, cells } = await makeTablePdf(page);
  const tag = uniqueTag('gpdf');
  const stored = await upload(pdf, `${tag}.pdf`, 'application/pdf', 'pdf');
  await submit('pdf', { file_id: stored.file_id, file_url: stored.file_url, filename: `${tag}.pdf` });
  await openAndSelect(page, tag);
  await expect(page.locator('#source-title')).toHaveText(`${tag}.pdf`);
  const centre = await boxCentreIn(
    page.getByTestId('anchor-box'),
    page.locator('.sv-pdf__page[data-page="1"]'),
  );
  expectInside(centre, cells['Total revenue|FY2024'], 'uploaded PDF');
  await page.screenshot({ path: screenshotPath('grounding-live-pdf') });
});

test('PDF by URL: named by its file, shows the stored copy after the URL changed, box in the cell', async ({
  page,
}) => {
  const { pdf, cells } = await makeTablePdf(page);
  const tag = uniqueTag('gurl');
  routes.set(`/${tag}/annual-report.pdf`, { type: 'application/pdf', body: pdf });
  await submit('pdf', { url: `${DOC_BASE}/${tag}/annual-report.pdf` });
  await waitForTasks(worker, tag, 1, 60_000);
  // The site changes after extraction: the review screen still shows what the AI read.
  routes.set(`/${tag}/annual-report.pdf`, {
    type: 'application/pdf',
    body: await makeFinancialPdf(page, { company: 'Globex Replacement' }),
  });
  await openAndSelect(page, tag);
  await expect(page.locator('#source-title')).toHaveText('annual-report.pdf');
  await expect(page.locator('.sv-pdf .textLayer').first()).toContainText('Acme Corp Annual Report');
  await expect(page.locator('.sv-pdf')).not.toContainText('Globex Replacement');
  const centre = await boxCentreIn(
    page.getByTestId('anchor-box'),
    page.locator('.sv-pdf__page[data-page="1"]'),
  );
  expectInside(centre, cells['Total revenue|FY2024'], 'PDF by URL');
});

test('website page: the stored snapshot, the value cell outlined', async ({ page }) => {
  const tag = uniqueTag('gweb');
  routes.set(`/${tag}/`, { type: 'text/html', body: reportHtml(`Acme ${tag} investors`) });
  await submit('website', { url: `${DOC_BASE}/${tag}/`, max_pages: 1 });
  await openAndSelect(page, tag);
  const frame = page.frameLocator('iframe.sv-html');
  await expect(frame.locator('h1')).toHaveText(`Acme ${tag} investors`);
  await expect(frame.locator('.sv-hit')).toHaveAttribute('data-cell', 'Total revenue|FY2024');
  await page.screenshot({ path: screenshotPath('grounding-live-website') });
});

test('SEC filing from the local EDGAR: the stored filing, the value cell outlined', async ({ page }) => {
  await submit('sec', { ticker: 'ACMG', filing_type: '10-K' });
  await openAndSelect(page, 'ACMG');
  const frame = page.frameLocator('iframe.sv-html');
  await expect(frame.locator('h1')).toHaveText('Acme Grounding Corp 10-K');
  await expect(frame.locator('.sv-hit')).toHaveAttribute('data-cell', 'Total revenue|FY2024');
  await page.screenshot({ path: screenshotPath('grounding-live-sec') });
});

test('CSV: the grid shows the file and outlines the value cell', async ({ page }) => {
  const tag = uniqueTag('gcsv');
  const stored = await upload(Buffer.from(TABLE_CSV), `${tag}.csv`, 'text/csv', 'csv');
  await submit('csv', { file_id: stored.file_id, file_url: stored.file_url, filename: `${tag}.csv` });
  await openAndSelect(page, tag);
  await expect(page.getByTestId('anchor-cell')).toHaveAttribute('data-cell', 'B2');
  await expect(page.getByTestId('anchor-cell')).toHaveText('1,234.5');
});

test('XLSX: the sheet with the value opens and its cell is outlined', async ({ page }) => {
  const tag = uniqueTag('gxlsx');
  const stored = await upload(
    await makeTableXlsx(),
    `${tag}.xlsx`,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'excel',
  );
  await submit('excel', { file_id: stored.file_id, file_url: stored.file_url, filename: `${tag}.xlsx` });
  await openAndSelect(page, tag);
  await expect(page.getByRole('tab', { name: 'Income' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('anchor-cell')).toHaveAttribute('data-cell', 'B2');
});

test('JPEG: the image shows and the box of Total revenue lies in its printed cell', async ({ page }) => {
  const { jpeg, cells } = await makeTableJpeg(page);
  const tag = uniqueTag('gjpg');
  const stored = await upload(jpeg, `${tag}.jpg`, 'image/jpeg', 'receipt_mapping');
  await submit('receipt_mapping', {
    file_id: stored.file_id,
    file_url: stored.file_url,
    filename: `${tag}.jpg`,
  });
  await openAndSelect(page, tag);
  await expect(page.locator('.sv-image__frame img')).toBeVisible();
  const centre = await boxCentreIn(page.getByTestId('anchor-box'), page.locator('.sv-image__frame'));
  expectInside(centre, cells['Total revenue|FY2024'], 'JPEG');
});

test("chart image: the box of a bar's value lies on its bar (issue 45)", async ({ page }) => {
  // The chart is read by OCR twice (the page, then its texts alone): minutes on a busy machine.
  test.setTimeout(240_000);
  const { png, bars } = await makeBarChartPng(page);
  const tag = uniqueTag('gchart');
  const stored = await upload(png, `${tag}.png`, 'image/png', 'chart_data_extraction');
  await submit('chart_data_extraction', {
    file_id: stored.file_id,
    file_url: stored.file_url,
    filename: `${tag}.png`,
    data_points: ['Revenue 2022', 'Revenue 2024'],
  });
  await openAndSelect(page, tag, 'Revenue 2022', 200_000);
  await expect(page.locator('.sv-image__frame img')).toBeVisible();
  const centre = await boxCentreIn(page.getByTestId('anchor-box'), page.locator('.sv-image__frame'));
  expectInside(centre, bars['Revenue|2022'], 'chart bar 2022');
  await page.screenshot({ path: screenshotPath('grounding-live-chart') });
});
