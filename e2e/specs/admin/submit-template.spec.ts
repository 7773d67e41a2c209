import { openView, signInAsAdmin } from '../../support/admin-dashboard';
import { callApi, createUser, login } from '../../support/api';
import { screenshotPath } from '../../support/screens';
import { expect, test } from '../../support/test';

test.skip(({ app }) => app.host !== 'admin', 'the Admin app');

const FIELDS = [
  { name: 'Invoice number', type: 'identifier' },
  { name: 'Subtotal', type: 'money' },
  {
    name: 'Items',
    type: 'line_items',
    columns: [
      { name: 'description', type: 'text' },
      { name: 'amount', type: 'money' },
    ],
  },
];

test("an admin submits on a requester's behalf with one of that requester's templates", async ({ page }) => {
  const requester = await createUser('requester', 'tpl-owner');
  const session = await login(requester.email, requester.password);
  const name = `Supplier invoices ${Date.now().toString(36)}`;
  const template = await callApi<{ template_id: string }>('POST', '/templates', {
    token: session.token,
    body: {
      name,
      document_type: 'pdf',
      fields: FIELDS,
      checks: [{ kind: 'sum', name: 'items add up', of: ['Items.amount'], equals: 'Subtotal' }],
    },
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const form = page.getByRole('form', { name: 'Submit Request' });
  const picker = form.getByLabel('Template');

  // The form in each theme as the app sets it (stored choice, then a reload), filled the same way.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('sieve-ui-theme', value), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(theme);
    await openView(page, 'Submit Request');
    await form.getByLabel('Document type').selectOption('pdf');

    // Without a requester only the built-ins are offered.
    await expect(picker.getByRole('option', { name: 'Invoice (built-in)' })).toBeAttached();
    await expect(picker.getByRole('option', { name })).toHaveCount(0);
    await expect(form.getByText('Built-in templates (no requester named).')).toBeVisible();

    // Naming the requester offers their own templates too.
    await form.getByLabel('Requester email (optional)').fill(requester.email);
    await expect(form.getByText(`${requester.email}’s templates and the built-in ones.`)).toBeVisible();
    await picker.selectOption({ label: name });
    await expect(
      form.getByText('Extracts Invoice number, Subtotal, Items (line items); 1 check.'),
    ).toBeVisible();
    await form.getByLabel('Document URL').fill('https://acme-corp.example/invoice-0042.pdf');
    await form.getByRole('checkbox', { name: 'Process with AI only (skip human review)' }).check();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: screenshotPath(`admin-submit-template-${theme}`), fullPage: true });
  }

  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request submitted successfully!')).toBeVisible();

  // The request is the requester's and carries the template, its fields put in.
  const own = await callApi<{ requests: { request_id: string }[] }>('GET', '/requests', {
    token: session.token,
  });
  expect(own.requests).toHaveLength(1);
  const detail = await callApi<{ metadata: { template_id?: string; fields?: { name: string }[] } }>(
    'GET',
    `/requests/${own.requests[0]?.request_id}`,
    { token: session.token },
  );
  expect(detail.metadata.template_id).toBe(template.template_id);
  expect(detail.metadata.fields?.map((f) => f.name)).toEqual(['Invoice number', 'Subtotal', 'Items']);
});
