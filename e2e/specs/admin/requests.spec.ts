import { AdminApi } from '../../support/admin-api';
import { openView, rowWith, searchFor, signInAsAdmin } from '../../support/admin-dashboard';
import { testWithOwnServer } from '../../support/own-server';
import { expect } from '../../support/test';

// Pausing the queue is global: these run on a server of their own.
const test = testWithOwnServer();
test.skip(({ app }) => app.host !== 'admin', 'the Admin app');

const AI_ONLY_PROMPT = {
  document_type: 'custom_prompt',
  metadata: { custom_prompt: 'List the parties', text: 'Total revenue: $5 million', ai_only_mode: true },
};

test('a request submitted while the queue is paused waits as pending and completes after resume', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const api = new AdminApi(ownServer.apiBase);
  await signInAsAdmin(page);

  // Overview's quick actions really pause the job runner (DESIGN §7)
  await page.getByRole('button', { name: 'Pause Queue' }).click();
  await expect(
    page.getByText('Queue paused. New requests wait as pending until it is resumed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause Queue' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Resume Queue' })).toBeEnabled();
  await expect(page.locator('.adm-sidebar__footer')).toContainText('Queue Paused');

  const { request_id: requestId } = await api.submitOnBehalf(AI_ONLY_PROMPT);
  await page.waitForTimeout(4_000);
  expect(await api.requestStatus(requestId)).toBe('pending');

  await openView(page, 'Requests');
  await searchFor(page, requestId);
  await expect(rowWith(page, requestId.slice(0, 8)).getByText('Pending', { exact: true })).toBeVisible();
  expect(await api.requestStatus(requestId)).toBe('pending');

  // Operations has the same controls
  await openView(page, 'Operations');
  await expect(page.getByRole('heading', { name: 'Operations flow' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume Queue' }).click();
  await expect(page.getByText('Queue resumed. Waiting requests are being processed.')).toBeVisible();

  await expect
    .poll(() => api.requestStatus(requestId), { timeout: 45_000, intervals: [500] })
    .toBe('completed');
  await openView(page, 'Requests');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(rowWith(page, requestId.slice(0, 8)).getByText('Completed', { exact: true })).toBeVisible();
});

test('an admin submits a request on behalf of a requester and lands on the Requests view', async ({
  page,
  ownServer,
}) => {
  const api = new AdminApi(ownServer.apiBase);
  const requester = await api.registerRequester('e2e-behalf', 'Rita Requester', 'Acme Corp');
  await signInAsAdmin(page);
  await openView(page, 'Submit Request');
  const form = page.getByRole('form', { name: 'Submit Request' });

  // spec 02 §5 validation
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Document type is required')).toBeVisible();
  await page.getByLabel('Document type').selectOption('pdf');
  await expect(page.getByLabel('Document URL')).toBeVisible();
  await expect(page.getByLabel('Data points')).toBeVisible();
  await page.getByLabel('Document URL').fill('not a url');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Invalid URL', { exact: true })).toBeVisible();
  await page.getByLabel('Document type').selectOption('sec');
  await expect(page.getByText('SEC filings of type 10-K, 10-Q and 8-K are supported.')).toBeVisible();
  await expect(page.getByLabel('Data points')).toBeHidden();

  await page.getByLabel('Document type').selectOption('custom_prompt');
  await expect(page.getByLabel('Document URL')).toBeHidden();
  await page.getByLabel('Requester email (optional)').fill(requester.email);
  await page.getByLabel('Document text').fill('Total revenue: $5 million');
  await page.getByLabel('Prompt').fill('List the parties');
  await page.getByLabel('Delete the data after (optional)').fill('2000-01-01');
  await page.getByRole('checkbox', { name: 'Process with AI only (skip human review)' }).check();
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('The expiration date cannot be earlier than today')).toBeVisible();
  await page.getByLabel('Delete the data after (optional)').fill('');

  // slow the call down enough to see the button's submitting state
  await page.route('**/api/v1/admin/requests', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();

  await expect(page.getByText('Request submitted successfully!')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Dashboard views' });
  await expect(nav.getByRole('button', { name: /^Requests\b/ })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/view=requests/);
  await expect(rowWith(page, requester.email)).toHaveCount(1);
  await expect(rowWith(page, requester.email).getByText('Custom Prompt', { exact: true })).toBeVisible();

  // the request is the requester's, and the AI-only box was sent (DESIGN §7)
  const session = await api.login(requester.email, requester.password);
  const own = await api.call<{ requests: { metadata: Record<string, unknown> }[] }>('GET', '/requests', {
    token: session.token,
  });
  expect(own.requests).toHaveLength(1);
  expect(own.requests[0]?.metadata).toMatchObject({ ai_only_mode: true, custom_prompt: 'List the parties' });

  // a requester email nobody has gives the server's message
  await openView(page, 'Submit Request');
  await page.getByLabel('Document type').selectOption('custom_prompt');
  await page.getByLabel('Requester email (optional)').fill('nobody-here@sieve-e2e.com');
  await page.getByLabel('Prompt').fill('List the parties');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No requester with this email address.' }),
  ).toBeVisible();
});
