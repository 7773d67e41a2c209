import { readFile } from 'node:fs/promises';
import { AdminApi } from '../../support/admin-api';
import { openView, rowWith, searchFor, signInAsAdmin } from '../../support/admin-dashboard';
import { testWithOwnServer } from '../../support/own-server';
import { expect } from '../../support/test';

const test = testWithOwnServer();
test.skip(({ app }) => app.host !== 'admin', 'the Admin app');

// spec 02 §3: the reviewers export's columns
const REVIEWER_COLUMNS = [
  'worker_id',
  'email',
  'is_active',
  'tasks_completed',
  'accuracy',
  'avg_time_per_task',
  'last_activity',
  'created_at',
  'total_earnings',
];

test('an admin approves a pending reviewer, who can then load tasks', async ({ page, ownServer }) => {
  const api = new AdminApi(ownServer.apiBase);
  const reviewer = await api.registerReviewer('e2e-pending', 'Penny Pending');
  const session = await api.login(reviewer.email, reviewer.password);
  // DESIGN §4: not approved yet, so every /worker call is refused
  const before = await api.raw('GET', '/worker/tasks', { token: session.token });
  expect(before.status).toBe(403);
  expect(before.body).toMatchObject({ code: 'WORKER_NOT_APPROVED' });

  await signInAsAdmin(page);
  await openView(page, 'Reviewers');
  await searchFor(page, reviewer.email);
  const row = rowWith(page, reviewer.email);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Pending approval')).toBeVisible();

  await row.getByRole('button', { name: 'Approve Penny Pending' }).click();
  await expect(page.getByText('Approved Penny Pending.')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  const after = await api.raw('GET', '/worker/tasks', { token: session.token });
  expect(after.status).toBe(200);
  expect(after.body).toMatchObject({ tasks: expect.any(Array) });
});

test('an admin bulk-deactivates two reviewers after confirming', async ({ page, ownServer }) => {
  const api = new AdminApi(ownServer.apiBase);
  const tag = `bulk${Date.now().toString(36)}`;
  const first = await api.registerReviewer(`e2e-${tag}-a`, 'Bulk Reviewer A');
  const second = await api.registerReviewer(`e2e-${tag}-b`, 'Bulk Reviewer B');
  await api.setWorkerActive(first.id, true);
  await api.setWorkerActive(second.id, true);

  await signInAsAdmin(page);
  await openView(page, 'Reviewers');
  await searchFor(page, tag);
  // the server has answered the search: only these two are listed
  await expect(page.getByText(`Showing reviewers matching “${tag}”.`)).toBeVisible();
  await expect(page.getByText('Page 1 of 1 · 2 reviewers')).toBeVisible();

  await page.getByRole('checkbox', { name: `Select ${first.email}` }).check();
  await page.getByRole('checkbox', { name: `Select ${second.email}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Bulk actions on selected reviewers' })
    .getByRole('button', { name: 'Deactivate' })
    .click();

  const dialog = page.getByRole('alertdialog', { name: 'Deactivate 2 reviewers?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(first.email)).toBeVisible();
  await expect(dialog.getByText(second.email)).toBeVisible();
  // Cancel first: nothing changes
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.workers(tag)).map((w) => w.status)).toEqual(['active', 'active']);

  await page
    .getByRole('toolbar', { name: 'Bulk actions on selected reviewers' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Deactivated 2 reviewers.')).toBeVisible();
  await expect(rowWith(page, first.email).getByText('Inactive')).toBeVisible();
  await expect(rowWith(page, second.email).getByText('Inactive')).toBeVisible();
  expect((await api.workers(tag)).map((w) => w.status)).toEqual(['inactive', 'inactive']);
});

test('an admin generates an invite code and copies it', async ({ page, context, ownServer }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = new AdminApi(ownServer.apiBase);
  await signInAsAdmin(page);
  await openView(page, 'Invites');

  await expect(page.getByLabel('Role')).toHaveValue('worker');
  await expect(page.getByLabel('Expires after')).toHaveValue('7');
  await expect(page.getByLabel('Expires after').locator('option')).toHaveText([
    '1 day',
    '7 days',
    '30 days',
    '90 days',
    '365 days',
  ]);
  await page.getByLabel('Expires after').selectOption('30');
  await page.getByRole('button', { name: 'Generate Invite Code' }).click();

  const code = page.getByTestId('invite-code');
  await expect(code).toHaveText(/^REV-[0-9A-F]+$/);
  const inviteCode = (await code.textContent()) ?? '';
  await expect(page.getByText(/Reviewer invite · expires/)).toBeVisible();

  await page.getByRole('button', { name: 'Copy invite code' }).click();
  await expect(page.getByRole('button', { name: 'Copied! invite code' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteCode);

  // it shows among the recent invites, and a reviewer can sign up with it
  await expect(rowWith(page, inviteCode)).toBeVisible();
  const signUp = await api.raw('POST', '/auth/register', {
    body: {
      email: `e2e-invited-${Date.now().toString(36)}@sieve-e2e.com`,
      password: 'e2e-Reviewer-2024',
      full_name: 'Ivy Invited',
      user_type: 'worker',
      invite_code: inviteCode,
    },
  });
  expect(signUp.status).toBeLessThan(300);

  // a code of one's own that breaks the rule is refused before sending
  await page.getByLabel('Custom code (optional)').fill('no spaces allowed');
  await page.getByRole('button', { name: 'Generate Invite Code' }).click();
  await expect(page.getByText('Use 4 to 64 letters, digits, dashes or underscores').last()).toBeVisible();
});

test('an admin exports the reviewers CSV with the columns of spec 02 §3', async ({ page, ownServer }) => {
  const api = new AdminApi(ownServer.apiBase);
  await api.registerReviewer('e2e-export', 'Exported Reviewer');
  await signInAsAdmin(page);
  await openView(page, 'Reviewers');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sieve-workers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  expect(header?.split(',')).toEqual(REVIEWER_COLUMNS);
  expect(rows.some((row) => row.includes('e2e-export-'))).toBe(true);
  await expect(page.getByText(/^Reviewers exported as sieve-workers-/)).toBeVisible();

  // Team Pulse has the same export
  await openView(page, 'Team Pulse');
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Reviewers CSV' }).click();
  expect((await again).suggestedFilename()).toMatch(/^sieve-workers-/);
});
