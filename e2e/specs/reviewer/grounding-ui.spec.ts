import type { Page } from '@playwright/test';
import {
  type Box,
  boxCentreIn,
  expectInside,
  makeTableJpeg,
  makeTablePdf,
  reportHtml,
  TABLE_ROWS,
} from '../../support/grounding-documents';
import {
  type MockTask,
  makeTasks,
  mockWorkerApi,
  storeMockWorkerSession,
} from '../../support/reviewer-mock-api';
import { screenshotPath } from '../../support/screens';
import { expect, test } from '../../support/test';

/**
 * The review screen's previews and value-level grounding (issue 13) against a stand-in worker API:
 * tasks whose items carry anchors (DESIGN §11), each document served as the stored copy would be.
 * The same checks against the real extraction are in grounding.spec.ts.
 */
test.beforeEach(({ app }) => {
  test.skip(app.host !== 'reviewer', 'The Reviewer workspace lives in the reviewer app');
});

const FILE_ID = {
  pdf: '0a0a0a0a-0000-4000-8000-000000000001',
  jpeg: '0a0a0a0a-0000-4000-8000-000000000002',
  html: '0a0a0a0a-0000-4000-8000-000000000003',
  csv: '0a0a0a0a-0000-4000-8000-000000000004',
  xlsx: '0a0a0a0a-0000-4000-8000-000000000005',
};

function item(value: unknown, confidence: number, anchor: Record<string, unknown> | null, sourceText = '') {
  return {
    value,
    location: 'page 1',
    source_text: sourceText,
    source_url: null,
    confidence,
    ...(anchor ? { anchor } : {}),
  };
}

function task(
  base: MockTask,
  documentType: string,
  fileId: string,
  name: string,
  result: Record<string, unknown>,
): MockTask {
  return {
    ...base,
    document_type: documentType,
    priority: 3,
    metadata: {
      name,
      document_name: name,
      source_file_url: `/api/v1/files/${fileId}`,
      file_url: null,
    },
    ai_result: { result, confidence_score: -0.2, provider: 'heuristic' },
  };
}

/** Grows a box by a margin, as a provider's word box sits inside its cell. */
function inner(box: Box | undefined): Box {
  const [x0, y0, x1, y1] = box ?? [0, 0, 0, 0];
  const dx = (x1 - x0) * 0.2;
  const dy = (y1 - y0) * 0.2;
  return [x0 + dx, y0 + dy, x1 - dx, y1 - dy];
}

const GRID = {
  sheets: [
    {
      name: 'Sheet1',
      rows: [['Metric', 'FY2024', 'FY2023'], ...TABLE_ROWS.map((row) => [row.label, row.fy2024, row.fy2023])],
      truncated: false,
    },
  ],
};
const WORKBOOK = {
  sheets: [
    { name: 'Cover', rows: [['Acme Corp annual figures']], truncated: false },
    { ...GRID.sheets[0], name: 'Income' },
  ],
};

async function serveFiles(page: Page, files: { pdf: Buffer; jpeg: Buffer }) {
  await page.route(/\/api\/v1\/files\/([0-9a-f-]{36})(\/grid)?$/, async (route) => {
    const url = new URL(route.request().url());
    const [, id = '', grid] = /files\/([0-9a-f-]{36})(\/grid)?$/.exec(url.pathname) ?? [];
    if (id === FILE_ID.pdf) return route.fulfill({ contentType: 'application/pdf', body: files.pdf });
    if (id === FILE_ID.jpeg) return route.fulfill({ contentType: 'image/jpeg', body: files.jpeg });
    if (id === FILE_ID.html)
      return route.fulfill({ contentType: 'text/html', body: reportHtml('Acme Corp 10-K') });
    if (id === FILE_ID.csv)
      return grid
        ? route.fulfill({ contentType: 'application/json', body: JSON.stringify(GRID) })
        : route.fulfill({ contentType: 'text/csv', body: 'Metric,FY2024' });
    if (id === FILE_ID.xlsx)
      return grid
        ? route.fulfill({ contentType: 'application/json', body: JSON.stringify(WORKBOOK) })
        : route.fulfill({
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            body: 'PK',
          });
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"NOT_FOUND"}' });
  });
}

async function openTask(page: Page, name: string) {
  const search = page.getByLabel('Search tasks');
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await search.fill(name);
  await expect(page.locator('.sv-queue-row__name')).toHaveText([name]);
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(page.locator('#source-title')).toHaveText(name);
}

/** The review screen in both themes (switched in place: a reload would reopen the task). */
async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    await page.screenshot({ path: screenshotPath(`${name}-${theme}`) });
  }
}

async function selectRow(page: Page, field: string) {
  await page.getByRole('button', { name: new RegExp(`^Show source of ${field}`) }).click();
}

test('every kind shows its stored document and draws the selected value where it is printed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { pdf, cells } = await makeTablePdf(page);
  const { jpeg, cells: imageCells } = await makeTableJpeg(page);
  const [base] = makeTasks(1);
  if (!base) throw new Error('no task');
  const revenueBox = inner(cells['Total revenue|FY2024']);
  const tasks = [
    task(
      { ...base, task_id: '11111111-1111-4111-8111-111111111111' },
      'pdf',
      FILE_ID.pdf,
      'acme-report.pdf',
      {
        'Total revenue': item(1234500000, 0.97, {
          page: 1,
          box: revenueBox,
          row_label: 'Total revenue',
          column_label: 'FY2024',
        }),
        'Gross margin': item(0.41, 0.9, {
          page: 1,
          box: inner(cells['Gross margin|FY2023']),
          row_label: 'Gross margin',
          column_label: 'FY2023',
        }),
      },
    ),
    task({ ...base, task_id: '22222222-2222-4222-8222-222222222222' }, 'image', FILE_ID.jpeg, 'scan.jpg', {
      'Operating income': item(310200000, 0.9, {
        page: 1,
        box: inner(imageCells['Operating income|FY2024']),
      }),
    }),
    task({ ...base, task_id: '33333333-3333-4333-8333-333333333333' }, 'sec', FILE_ID.html, 'acme-10k.htm', {
      'Gross margin': item(0.41, 0.9, {
        page: 1,
        box: [0, 0, 0, 0],
        row_label: 'Gross margin',
        column_label: 'FY2023',
      }),
    }),
    task({ ...base, task_id: '44444444-4444-4444-8444-444444444444' }, 'csv', FILE_ID.csv, 'figures.csv', {
      'Operating income': item(280900000, 0.9, {
        page: 1,
        box: [0, 0, 0, 0],
        row: 4,
        column: 'C',
        row_label: 'Operating income',
      }),
    }),
    task(
      { ...base, task_id: '55555555-5555-4555-8555-555555555555' },
      'excel',
      FILE_ID.xlsx,
      'figures.xlsx',
      {
        'Gross margin': item(0.45, 0.99, {
          page: 1,
          box: [0, 0, 0, 0],
          sheet: 'Income',
          row: 3,
          column: 'B',
          row_label: 'Gross margin',
          column_label: 'FY2024',
        }),
      },
    ),
  ];
  await mockWorkerApi(page, { tasks });
  await serveFiles(page, { pdf, jpeg });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');
  await expect(page.getByRole('heading', { name: 'Priority Queue' })).toBeVisible();

  // PDF: the header names the file; the box sits in the value's cell, fit-width by default.
  await openTask(page, 'acme-report.pdf');
  await expect(page.locator('#source-title')).toHaveText('acme-report.pdf');
  await selectRow(page, 'Total revenue');
  const pdfPage = page.locator('.sv-pdf__page[data-page="1"]');
  expectInside(
    await boxCentreIn(page.getByTestId('anchor-box'), pdfPage),
    cells['Total revenue|FY2024'],
    'PDF Total revenue',
  );
  const pageWidth = (await pdfPage.boundingBox())?.width ?? 0;
  expect(pageWidth, 'a letter page drawn fit-width, readable without zoom').toBeGreaterThan(650);
  await expect(page.locator('.sv-pdf .textLayer .sv-pdf-label').first()).toBeVisible();
  // The source panel takes at least half of a 1440 px screen; the workspace fits the window.
  expect((await page.locator('.sv-source').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(720);
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeLessThanOrEqual(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    await page.screenshot({ path: screenshotPath(`grounding-pdf-${theme}`) });
  }
  // Zoom to 200 %: the page grows and scrolls; the box stays on its cell.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByRole('button', { name: /^Zoom 200%/ })).toBeVisible();
  await expect.poll(async () => (await pdfPage.boundingBox())?.width ?? 0).toBeGreaterThan(pageWidth * 1.9);
  expectInside(
    await boxCentreIn(page.getByTestId('anchor-box'), pdfPage),
    cells['Total revenue|FY2024'],
    'PDF at 200 %',
  );
  await page.getByRole('button', { name: 'Back to Queue' }).click();

  // JPEG: the image fit to the panel, the box on the cell.
  await openTask(page, 'scan.jpg');
  await selectRow(page, 'Operating income');
  expectInside(
    await boxCentreIn(page.getByTestId('anchor-box'), page.locator('.sv-image__frame')),
    imageCells['Operating income|FY2024'],
    'JPEG Operating income',
  );
  await shoot(page, 'grounding-jpeg');
  await page.getByRole('button', { name: 'Back to Queue' }).click();

  // SEC / web snapshot: the cell in the labelled row and column is outlined inside the frame.
  await openTask(page, 'acme-10k.htm');
  await selectRow(page, 'Gross margin');
  const frame = page.frameLocator('iframe.sv-html');
  await expect(frame.locator('.sv-hit')).toHaveAttribute('data-cell', 'Gross margin|FY2023');
  await expect(frame.locator('.sv-label').first()).toBeVisible();
  await shoot(page, 'grounding-html');
  await page.getByRole('button', { name: 'Back to Queue' }).click();

  // CSV: the anchor's cell in the grid.
  await openTask(page, 'figures.csv');
  await selectRow(page, 'Operating income');
  await expect(page.getByTestId('anchor-cell')).toHaveAttribute('data-cell', 'C4');
  await expect(page.getByTestId('anchor-cell')).toHaveText('280.9');
  await shoot(page, 'grounding-csv');
  // While the value is edited, a click on a cell puts its value there, normalised.
  await page.getByRole('button', { name: /^Edit Value of Operating income/ }).click();
  const valueField = page.getByRole('textbox', { name: 'Value of Operating income' });
  await expect(valueField).toBeFocused();
  await page.locator('[data-cell="B3"]').click();
  await expect(valueField).toHaveValue('0.45');
  await expect(valueField).toBeFocused();
  await page.locator('[data-cell="C2"]').click();
  await expect(valueField).toHaveValue('1000');
  await valueField.press('Escape');
  await page.getByRole('button', { name: 'Back to Queue' }).click();

  // XLSX: the anchor's sheet tab opens and its cell is outlined.
  await openTask(page, 'figures.xlsx');
  await selectRow(page, 'Gross margin');
  await expect(page.getByRole('tab', { name: 'Income' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('anchor-cell')).toHaveAttribute('data-cell', 'B3');
  await expect(page.getByTestId('anchor-cell')).toHaveText('45%');
  await shoot(page, 'grounding-xlsx');
});

test('keyboard only: c visits exactly the uncertain fields; a reload keeps the edits and the open task', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const [base] = makeTasks(1);
  if (!base) throw new Error('no task');
  const uncertain = new Set(['Field 03', 'Field 08', 'Field 12']);
  const result = Object.fromEntries(
    Array.from({ length: 14 }, (_, index) => {
      const name = index === 13 ? 'Report date' : `Field ${String(index + 1).padStart(2, '0')}`;
      const value = index === 13 ? '20240301' : 100 + index;
      return [name, item(value, uncertain.has(name) ? 0.8 : 0.99, null, `${name}: ${value}`)];
    }),
  );
  const fourteen = task(
    { ...base, task_id: '66666666-6666-4666-8666-666666666666' },
    'pdf',
    FILE_ID.pdf,
    'fourteen.pdf',
    result,
  );
  const { pdf } = await makeTablePdf(page);
  const api = await mockWorkerApi(page, { tasks: [fourteen] });
  await serveFiles(page, { pdf, jpeg: Buffer.from('') });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');
  await openTask(page, 'fourteen.pdf');
  await expect(page.getByText('3 of 14 need a look')).toBeVisible();

  const current = () => page.locator('tr[aria-current="true"] th').first();
  await expect(current()).toContainText('Field 01');
  const visited: string[] = [];
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('c');
    visited.push(((await current().textContent()) ?? '').replace(/^.*?(Field \d+).*$/s, '$1'));
  }
  expect(visited).toEqual(['Field 03', 'Field 08', 'Field 12', 'Field 03']);

  // Edit values by keyboard, then reload: the task reopens with the edits and the rows marked.
  await page.keyboard.press('Enter');
  await page.keyboard.type('about twelve');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Fix before submitting: Field 03 \(not a number\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Edited Response' })).toBeDisabled();
  await page.keyboard.press('Enter');
  await page.keyboard.type('260.20');
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('2024-03-14');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Edit Value of Report date/ })).toContainText('2024-03-14');
  await page.reload();
  await expect(page.locator('article.sv-review')).toHaveAttribute('data-task-id', fourteen.task_id);
  await expect(page.getByRole('button', { name: /^Edit Value of Field 03/ })).toContainText('260.20');
  await expect(page.getByRole('button', { name: /^Edit Value of Report date/ })).toContainText('2024-03-14');
  await expect(page.locator('tr[data-edited="true"]')).toHaveCount(2);
  await page.screenshot({ path: screenshotPath('grounding-edited-rows') });

  // Submitted in the guidelines' form: the date as YYYYMMDD, the amount as a plain number.
  await page.getByRole('button', { name: 'Submit Edited Response' }).click();
  await expect.poll(() => api.reviews.length).toBe(1);
  // spec 01 §5: an item with only a value goes as the bare value.
  const body = api.reviews[0]?.body as { response: { result: Record<string, unknown> } };
  expect(body.response.result['Report date']).toBe('20240314');
  expect(body.response.result['Field 03']).toBe(260.2);
  expect(body.response.result['Field 01']).toBe(100);
});
