import type { Page } from '@playwright/test';
import { openView, searchFor } from '../../support/admin-dashboard';
import { callApi, login, type TestUser, uniqueEmail } from '../../support/api';
import { E2E_ADMIN, serverPort } from '../../support/env';
import { createApprovedWorker } from '../../support/review-seed';
import { openSignedIn } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * Stored XSS (issue 8): names, data-point values and metadata carrying script and HTML payloads
 * render as inert text in all three apps.
 */
const PAYLOAD = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const PASSWORD = 'sieve-e2e-2024';

async function upload(token: string, name: string, body: string, documentType: string) {
  const form = new FormData();
  form.append('document_type', documentType);
  form.append('file', new Blob([body], { type: 'text/csv' }), name);
  const port = await serverPort();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { file_url: string }).file_url;
}

/** A requester whose name, documents and extracted values all carry payloads. */
async function seedHostileData() {
  const requester: TestUser = {
    email: uniqueEmail('xss'),
    password: PASSWORD,
    fullName: `${PAYLOAD} Mallory`,
    role: 'requester',
  };
  const session = await callApi<{ token: string }>('POST', '/auth/register', {
    body: {
      email: requester.email,
      password: PASSWORD,
      full_name: requester.fullName,
      user_type: 'requester',
      organization: SCRIPT,
    },
  });
  const csv = `Label,Value\nTotal revenue,${PAYLOAD}\nNotes,${SCRIPT}\n`;
  for (const aiOnly of [true, false]) {
    const fileUrl = await upload(session.token, `${PAYLOAD}.csv`, csv, 'csv');
    await callApi('POST', '/requests', {
      token: session.token,
      body: {
        document_type: 'csv',
        metadata: { file_url: fileUrl, data_points: ['Total revenue', 'Notes'], ai_only_mode: aiOnly },
      },
    });
  }
  return requester;
}

function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    async assertInert() {
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
    },
  };
}

test.describe.configure({ mode: 'serial' });
let requester: TestUser;
test.beforeAll(async () => {
  requester = await seedHostileData();
});

test('the Requester app shows payloads in names, history and details as text', async ({ page, app }) => {
  test.skip(app.host !== 'requester', 'the Requester app');
  const guard = watchForScript(page);
  await openSignedIn(page, requester, '/requester/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'History' }).click();
  const row = page.getByRole('row', { name: /CSV File/ }).first();
  await expect(row).toBeVisible();
  await expect(page.getByText(`${PAYLOAD}.csv`).first()).toBeVisible();
  // Wait until the ai-only request is completed, then open it: values and source text carry payloads.
  const done = page.getByRole('row', { name: /CSV File.*Completed/ }).first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await expect(done).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await done.getByRole('button', { name: /View details/ }).click();
  const details = page.getByRole('dialog').first();
  await expect(details.getByText(PAYLOAD).first()).toBeVisible();
  await guard.assertInert();
});

test('the Admin app shows the hostile requester and requests as text', async ({ page, app }) => {
  test.skip(app.host !== 'admin', 'the Admin app');
  const guard = watchForScript(page);
  const admin: TestUser = { ...E2E_ADMIN, fullName: 'Admin', role: 'admin' };
  await openSignedIn(page, admin, '/admin/dashboard');
  await openView(page, 'Requesters');
  await searchFor(page, requester.email);
  await expect(page.getByText(`${PAYLOAD} Mallory`).first()).toBeVisible();
  await expect(page.getByText(SCRIPT).first()).toBeVisible();
  await openView(page, 'Requests');
  await expect(page.getByText(requester.email).first()).toBeVisible();
  await guard.assertInert();
});

test('the Reviewer workspace shows hostile values and names as text', async ({ page, app }) => {
  test.skip(app.host !== 'reviewer', 'the Reviewer app');
  const worker = await createApprovedWorker('xss-reviewer');
  await login(worker.email, worker.password);
  const guard = watchForScript(page);
  await openSignedIn(page, worker, '/worker/dashboard');
  await page.getByRole('button', { name: 'Search, Filter & Sort' }).click();
  await page.getByRole('searchbox').first().fill('onerror');
  await expect(page.getByText(`${PAYLOAD}.csv`).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start Task' }).first().click();
  await expect(page.getByText(PAYLOAD).first()).toBeVisible();
  await guard.assertInert();
});
