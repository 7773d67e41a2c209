import type { Locator } from '@playwright/test';
import {
  type MockTask,
  makeTasks,
  mockWorkerApi,
  storeMockWorkerSession,
} from '../../support/reviewer-mock-api';
import { shootThemes } from '../../support/screens';
import { expect, test } from '../../support/test';

/**
 * issue 40 in the review workspace: identifiers stay text ("004817", a typed "0042"), the value
 * column fits the longest value at the default layout, and at 390 px the review is one column with
 * tabs, without horizontal scroll, and can be completed by touch.
 */
test.beforeEach(({ app }) => {
  test.skip(app.host !== 'reviewer', 'The Reviewer workspace lives in the reviewer app');
});

function receiptTask(): MockTask {
  const [task] = makeTasks(1);
  if (!task) throw new Error('no task');
  return {
    ...task,
    document_type: 'pdf',
    metadata: { name: 'Acme annual report and receipt' },
    ai_result: {
      result: {
        'Net income 2022': {
          value: 501500000,
          location: 'page 4, line 12',
          source_text: 'Net income 501,500',
          source_url: null,
          confidence: 0.72,
        },
        'Receipt #': {
          value: '004817',
          location: 'line 2',
          source_text: 'Receipt #: 004817',
          source_url: null,
          confidence: 0.95,
        },
        card_last_four: {
          value: '4421',
          location: 'line 9',
          source_text: 'VISA **** 4421',
          source_url: null,
          confidence: 0.6,
        },
        Auditor: {
          value: 'Whitmore, Castellanos & Baptiste-Okonkwo Certified Public Accountants LLP',
          location: 'page 9, line 3',
          source_text: 'Report of Whitmore, Castellanos & Baptiste-Okonkwo',
          source_url: null,
          confidence: 0.9,
        },
        'Gross margin': {
          value: 0.42,
          location: 'line 5',
          source_text: '42%',
          source_url: null,
          confidence: 0.9,
        },
      },
      confidence_score: -0.33,
      provider: 'heuristic',
    },
  };
}

/**
 * The review table fits its panel: no sideways scroll, and its Field, Value and Source columns
 * (and the delete one) lie inside the panel's box.
 */
async function expectWholeTable(table: Locator) {
  const wrap = table.locator('xpath=..');
  expect(await wrap.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const wrapBox = await wrap.boundingBox();
  if (!wrapBox) throw new Error('no table box');
  for (const name of ['Field', 'Value', 'Source', 'Actions']) {
    const box = await table.getByRole('columnheader', { name, exact: true }).boundingBox();
    if (!box) throw new Error(`no ${name} column`);
    expect(box.x, `${name} column starts inside the table`).toBeGreaterThanOrEqual(wrapBox.x);
    expect(box.x + box.width, `${name} column ends inside the table`).toBeLessThanOrEqual(
      wrapBox.x + wrapBox.width + 0.5,
    );
  }
}

test('at 1440 × 900 the value column shows 501500000 whole, and a typed 0042 goes out as "0042"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const state = await mockWorkerApi(page, { tasks: [receiptTask()] });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  const table = page.getByRole('table', { name: 'Review & Edit Data' });
  await expect(table).toBeVisible();

  const value = table.getByRole('button', { name: 'Edit Value of Net income 2022' });
  await expect(value).toContainText('501500000');
  const text = value.locator('.sv-cell__text');
  const [textBox, cellBox] = await Promise.all([text.boundingBox(), value.locator('xpath=..').boundingBox()]);
  if (!textBox || !cellBox) throw new Error('no boxes');
  expect(textBox.x).toBeGreaterThanOrEqual(cellBox.x);
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width + 0.5);
  // Not cut by an ellipsis either: the text's own box holds all of it.
  expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // Its box inside the Value column's box, not only inside its cell.
  const valueHeader = table.getByRole('columnheader', { name: 'Value', exact: true });
  const headerBox = await valueHeader.boundingBox();
  if (!headerBox) throw new Error('no header box');
  expect(textBox.x).toBeGreaterThanOrEqual(headerBox.x);
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(headerBox.x + headerBox.width + 0.5);
  await expect(table.getByRole('button', { name: 'Edit Value of Receipt #' })).toContainText('004817');
  await expectWholeTable(table);
  // A column of dashes gives way: Other fields shows when the reviewer asks for it.
  await expect(table.getByRole('columnheader', { name: 'Other fields' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Other Fields' }).click();
  await expect(table.getByRole('columnheader', { name: 'Other fields' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide Other Fields' }).click();
  await expect(table.getByRole('columnheader', { name: 'Other fields' })).toHaveCount(0);
  await shootThemes(page, 'reviewer-review-1440');

  await table.getByRole('button', { name: 'Edit Value of card_last_four' }).click();
  const input = table.getByRole('textbox', { name: 'Value of card_last_four' });
  await input.fill('0042');
  await input.press('Enter');
  await expect(table.getByRole('button', { name: 'Edit Value of card_last_four' })).toContainText('0042');
  // The corrected value shows its own provenance: marked Corrected, none of the AI's source.
  const cardRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Edit Value of card_last_four' }) });
  await expect(cardRow).toContainText('Corrected');
  await expect(cardRow).not.toContainText('line 9');
  await expect(cardRow.getByRole('button', { name: /Show source of/ })).toHaveCount(0);
  await expect(page.locator('.sv-source')).not.toContainText('VISA **** 4421');
  await expect(page.getByRole('region', { name: 'Source of card_last_four' })).toContainText('Corrected');
  // With Corrected in the Source column the table still fits: Field, Value and Source all in view.
  await expectWholeTable(table);
  await expect(cardRow.getByText('Corrected')).toBeInViewport({ ratio: 1 });
  await shootThemes(page, 'reviewer-corrected-1440');
  await page.getByRole('button', { name: /^Submit/ }).click();
  await expect.poll(() => state.reviews.length).toBe(1);
  const body = state.reviews[0]?.body as { response: { result: Record<string, unknown> } };
  const result = body.response.result;
  const plainValue = (item: unknown) =>
    item && typeof item === 'object' ? (item as { value: unknown }).value : item;
  expect(plainValue(result.card_last_four)).toBe('0042');
  expect(plainValue(result['Receipt #'])).toBe('004817');
  expect(plainValue(result['Net income 2022'])).toBe(501500000);
  // The corrected card ending goes without the AI's source text and location.
  const card = result.card_last_four;
  expect(card && typeof card === 'object' ? (card as { source_text?: unknown }).source_text : '').not.toBe(
    'VISA **** 4421',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the review is one column with tabs, no horizontal scroll, and completes by touch', async ({
    page,
  }) => {
    const state = await mockWorkerApi(page, { tasks: [receiptTask()] });
    await storeMockWorkerSession(page);
    await page.goto('/worker/dashboard');
    await shootThemes(page, 'reviewer-queue-390');
    await page.getByRole('button', { name: 'Start Task' }).first().tap();
    const fieldsTab = page.getByRole('tab', { name: 'Fields' });
    await expect(fieldsTab).toHaveAttribute('aria-selected', 'true');
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);
    await shootThemes(page, 'reviewer-review-390');

    await page.getByRole('tab', { name: 'Document' }).tap();
    await expect(page.getByRole('tab', { name: 'Document' })).toHaveAttribute('aria-selected', 'true');
    expect(await noSideScroll()).toBe(true);
    await shootThemes(page, 'reviewer-document-390');
    await fieldsTab.tap();

    const table = page.getByRole('table', { name: 'Review & Edit Data' });
    await table.getByRole('button', { name: 'Edit Value of Net income 2022' }).tap();
    const input = table.getByRole('textbox', { name: 'Value of Net income 2022' });
    await input.fill('501600000');
    await input.press('Enter');
    expect(await noSideScroll()).toBe(true);
    await shootThemes(page, 'reviewer-corrected-390');
    await page.getByRole('button', { name: /^Submit/ }).tap();
    await expect.poll(() => state.reviews.length).toBe(1);
    const body = state.reviews[0]?.body as { response: { result: Record<string, unknown> } };
    const item = body.response.result['Net income 2022'];
    expect(item && typeof item === 'object' ? (item as { value: unknown }).value : item).toBe(501600000);
  });
});

test('n means one thing: the shortcuts dialog, the task footer and the key all open the next task', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const [first, second] = makeTasks(2);
  if (!first || !second) throw new Error('no tasks');
  const uncertain = {
    ...first,
    ai_result: {
      ...first.ai_result,
      result: {
        ...first.ai_result.result,
        gross_margin: {
          value: 0.42,
          location: 'page 1, line 4',
          source_text: 'Gross margin: 42%',
          confidence: 0.5,
        },
      },
    },
  };
  await mockWorkerApi(page, { tasks: [uncertain, second] });
  await storeMockWorkerSession(page);
  await page.goto('/worker/dashboard');
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  const review = page.locator('article.sv-review');
  const opened = await review.getAttribute('data-task-id');
  await expect(review.locator('.sv-review__actions')).toContainText('n next task');
  await expect(review.locator('.sv-review__actions')).toContainText('c next field to check');

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await shootThemes(page, 'reviewer-shortcuts-1440');
  const keyOf = (action: string) =>
    dialog.getByRole('row').filter({ hasText: action }).getByRole('rowheader');
  await expect(keyOf('Open the next task')).toHaveText('n');
  await expect(keyOf('Next field to check')).toHaveText('c');
  await page.keyboard.press('Escape');

  // In the table, c goes to the next field to check; n there still opens the next task.
  const table = page.getByRole('table', { name: 'Review & Edit Data' });
  await table.locator('tbody tr[tabindex="0"]').first().focus();
  await page.keyboard.press('c');
  await expect(table.locator('tr[aria-current="true"] th').first()).toContainText(/gross.margin/i);
  await page.keyboard.press('n');
  await expect(review).not.toHaveAttribute('data-task-id', opened ?? '');
});
