import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { testWithOwnServer } from '../../support/own-server';
import { RequesterApi } from '../../support/requester-api';
import { screenshotPath } from '../../support/screens';
import { expect } from '../../support/test';

// Its own server: the spec holds the extraction queue to see the request while it is active.
const test = testWithOwnServer();
test.skip(({ app }) => app.host !== 'requester', 'the Requester app');

const PASSWORD = 'sieve-e2e-2024';
const DATA_POINTS = ['Total revenue', 'Gross margin', 'Report date'];

async function makeReportPdf(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html><body style="font: 14px Arial, sans-serif; padding: 40px">
    <h1>Quarterly Report</h1>
    <p>Total revenue: $1,234.5 million</p>
    <p>Gross margin: 45%</p>
    <p>Report date: March 5, 2024</p>
  </body></html>`);
  await page.pdf({ path, format: 'Letter' });
  await context.close();
}

async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('sieve-ui-theme', value);
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    // let the colour transitions finish
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath(`requester-${name}-${theme}`) });
  }
  await page.evaluate(() => {
    localStorage.setItem('sieve-ui-theme', 'light');
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
}

/** Refresh (Ctrl/Cmd+R) until the check passes: the dashboard itself polls only every 30 s. */
async function refreshUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await check();
  }).toPass({ timeout: 90_000, intervals: [500, 1_000, 2_000] });
}

test('a requester uploads a PDF, follows it from Active to History and downloads the result', async ({
  page,
  browser,
  ownServer,
}, testInfo) => {
  // The extraction runs while the page refreshes: on a busy machine it can take a minute.
  test.setTimeout(240_000);
  const api = new RequesterApi(ownServer.apiBase);
  const email = `e2e-pdf-${Date.now().toString(36)}@sieve-e2e.com`;

  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Rita Requester');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/requester\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByText('No recent requests')).toBeVisible();

  const pdfPath = testInfo.outputPath('quarterly-report.pdf');
  await makeReportPdf(browser, pdfPath);

  await api.pauseQueue();
  try {
    // The header's New Request button opens the form in a modal.
    await page.locator('button[aria-keyshortcuts^="Control+N"]').click();
    const form = page.getByRole('dialog', { name: 'New Request' });
    await expect(form.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
    await form.getByLabel('Document Type', { exact: true }).selectOption('pdf');
    await form.getByRole('tab', { name: 'Upload File' }).click();
    await form.getByLabel('File', { exact: true }).setInputFiles(pdfPath);
    await expect(form.getByText(/^quarterly-report\.pdf · /)).toBeVisible();
    const dataPoint = form.getByRole('textbox', { name: 'Data Points' });
    for (const name of DATA_POINTS) {
      await dataPoint.fill(name);
      await dataPoint.press('Enter');
    }
    await expect(form.getByRole('list', { name: 'Data Points added' }).getByRole('listitem')).toHaveText(
      DATA_POINTS,
    );
    await form.getByRole('checkbox', { name: 'AI only (faster, no human review)' }).check();
    await shoot(page, 'form');
    await form.getByRole('button', { name: 'Submit Request' }).click();

    // spec 02 §2: success switches to Active and shows the banner
    await expect(form).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Active', level: 1 })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'submitted' });
    await expect(banner).toBeVisible();
    const activeRow = page.getByRole('row', { name: /PDF Document.*quarterly-report\.pdf/ });
    await expect(activeRow.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('button', { name: /Active.*1 active request/ })).toBeVisible();
    // ... for 5 seconds
    await expect(banner).toBeHidden({ timeout: 8_000 });
  } finally {
    await api.resumeQueue();
  }

  await refreshUntil(page, () =>
    expect(page.getByText('No active requests')).toBeVisible({ timeout: 1_000 }),
  );

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: /PDF Document.*quarterly-report\.pdf/ });
  await refreshUntil(page, () => expect(row.getByText('Completed')).toBeVisible({ timeout: 1_000 }));

  // the header search (debounced) filters History on the server
  const search = page.getByRole('searchbox', { name: 'Search requests' });
  await page.keyboard.press('Control+k');
  await expect(search).toBeFocused();
  await search.fill('no-such-report');
  await expect(page.getByText('No matching requests')).toBeVisible();
  await search.fill('quarterly');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /View details/ }).click();
  const details = page.getByRole('dialog', { name: /PDF Document request/ });
  await expect(details.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Request Details' })).toBeVisible();
  const analysis = details.getByRole('region', { name: 'AI Analysis' });
  const expected = [
    // Numbers are grouped for reading (issue 13); the CSV below keeps them plain.
    ['Total revenue', '1,234,500,000', 'Total revenue: $1,234.5 million'],
    ['Gross margin', '0.45', 'Gross margin: 45%'],
    ['Report date', '20240305', 'Report date: March 5, 2024'],
  ] as const;
  for (const [name, value, source] of expected) {
    const item = analysis.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(item.getByRole('cell').nth(0)).toHaveText(value);
    await expect(item.getByRole('cell').nth(1)).toContainText(source);
    await expect(item.getByRole('cell').nth(2)).toHaveText(/page 1, line \d/);
  }
  await expect(details.getByRole('region', { name: 'Final Result' })).toBeVisible();
  await shoot(page, 'details');

  const csvDownload = page.waitForEvent('download');
  await details.getByRole('button', { name: 'Download CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^sieve-pdf-[0-9a-f]{8}\.csv$/);
  const csv = await readFile(await csvFile.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'data_point,value,location,source_text,source_url,page,box,confidence,corrected,ai_value,disputed',
  );
  expect(csv).toContain('Total revenue,1234500000,');
  expect(csv).toContain('Gross margin,0.45,');
  expect(csv).toContain('Report date,20240305,');
  expect(csv).toContain('"Total revenue: $1,234.5 million"');

  const jsonDownload = page.waitForEvent('download');
  await details.getByRole('button', { name: 'Download JSON' }).click();
  const json = JSON.parse(await readFile(await (await jsonDownload).path(), 'utf8'));
  expect(json.result['Gross margin'].value).toBe(0.45);

  await details.getByRole('button', { name: 'Close' }).first().click();
  await search.fill('');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Overview' }).click();
  await expect(page.locator('.sv-stat', { hasText: 'Success Rate' }).getByText('100%')).toBeVisible();
  await shoot(page, 'overview');
});
