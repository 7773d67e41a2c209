import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT } from '../../support/env';
import { testWithOwnServer } from '../../support/own-server';
import { screenshotPath } from '../../support/screens';
import { expect } from '../../support/test';

// Its own server, allowed to deliver webhooks to a receiver on this machine (ALLOW_PRIVATE_FETCH).
const test = testWithOwnServer({ ALLOW_PRIVATE_FETCH: '1' });
test.skip(({ app }) => app.host !== 'requester', 'the Requester app');

const PASSWORD = 'sieve-e2e-2024';
const CLI = path.join(REPO_ROOT, 'packages/client/dist/cli.js');

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A webhook receiver in the test process, answering 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sieve-hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs up in the Requester app, as a new user does, and opens Settings. */
async function signUpAndOpenSettings(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@sieve-e2e.com`;
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Ivan Integrator');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/requester\/dashboard$/);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

/** Creates a key in the Settings view; returns the secret as shown (once). */
async function createKeyInSettings(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  const reveal = page.getByRole('region', { name: `Secret of ${name}` });
  await expect(reveal).toBeVisible();
  const secret = (await reveal.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{40,}$/);
  return { reveal, secret };
}

async function makeReportPdf(browser: Browser, file: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html><body style="font: 14px Arial, sans-serif; padding: 40px">
    <h1>Annual Report 2023</h1>
    <p>Total revenue 2023: $1,234.5 million</p>
    <p>Net income 2023: $210.3 million</p>
  </body></html>`);
  await page.pdf({ path: file, format: 'Letter' });
  await context.close();
}

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('Settings: a key is shown once and copied, a webhook gets a test event, and the delivery shows in the log', async ({
  page,
  context,
  ownServer,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    await signUpAndOpenSettings(page, 'e2e-settings');
    await expect(page.getByText('No API keys yet')).toBeVisible();

    const { reveal, secret } = await createKeyInSettings(page, 'Accounts payable sync');
    await expect(reveal.getByText('shown only once')).toBeVisible();
    await reveal.getByRole('button', { name: 'Copy' }).click();
    await expect(reveal.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const keys = page.getByRole('table', { name: 'API keys' });
    await expect(keys.getByRole('row', { name: /Accounts payable sync/ })).toContainText(
      `${secret.slice(0, 14)}…`,
    );
    await expect(keys.getByRole('row', { name: /Accounts payable sync/ })).toContainText('Never');
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    // The key works against the API as its owner.
    const listed = await fetch(`${ownServer.apiBase}/requests`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(listed.status).toBe(200);

    const hooks = page.getByRole('form', { name: 'Add a webhook' });
    await hooks.getByLabel('Endpoint URL').fill(receiver.url);
    await hooks.getByRole('checkbox', { name: /task\.reviewed/ }).check();
    await hooks.getByRole('button', { name: 'Add webhook' }).click();
    const signing = page.getByRole('region', { name: `Signing secret of ${receiver.url}` });
    await expect(signing).toBeVisible();
    const signingSecret = (await signing.locator('code').textContent()) ?? '';
    expect(signingSecret).toMatch(/^whsec_/);
    await signing.getByRole('button', { name: 'Done' }).click();

    const endpoint = page
      .getByRole('list', { name: 'Webhook endpoints' })
      .getByRole('listitem')
      .filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('request.completed, request.failed, task.reviewed');
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(endpoint.getByText('Test event sent.')).toBeVisible();
    const log = endpoint.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    const delivery = log.getByRole('row', { name: /webhook\.test/ });
    await expect(delivery).toBeVisible();
    await expect(delivery.getByText('delivered')).toBeVisible({ timeout: 20_000 });
    await expect(delivery).toContainText('200');

    // What the receiver got: the signed event, verifiable with the secret shown at creation.
    expect(receiver.received).toHaveLength(1);
    const [event] = receiver.received;
    const signature = String(event?.headers['sieve-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac('sha256', signingSecret).update(`${t}.${event?.body}`).digest('hex'));
    expect(event?.headers['sieve-event-type']).toBe('webhook.test');
    expect(JSON.parse(event?.body ?? '{}')).toMatchObject({ type: 'webhook.test', data: { request: null } });

    // Redeliver sends the same event again.
    await delivery.getByRole('button', { name: /Redeliver/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1]?.headers['sieve-event-id']).toBe(event?.headers['sieve-event-id']);
    await expect(delivery).toContainText('200 → 200', { timeout: 20_000 });

    // WCAG 2.1 A/AA in both themes, with a key, a webhook and its log on screen (issue 15's bar).
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => {
        localStorage.setItem('sieve-ui-theme', value);
        document.documentElement.classList.remove('light', 'dark');
        document.documentElement.classList.add(value);
      }, theme);
      await page.waitForTimeout(300);
      const scan = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = scan.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      expect(serious).toEqual([]);
      await page.screenshot({ path: screenshotPath(`requester-settings-${theme}`), fullPage: true });
    }

    // Revoking asks first, then the key stops working at once.
    await keys.getByRole('button', { name: 'Revoke Accounts payable sync' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke Accounts payable sync?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(keys.getByRole('row', { name: /Accounts payable sync/ }).getByText('Revoked')).toBeVisible();
    const refused = await fetch(`${ownServer.apiBase}/requests`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(401);
  } finally {
    await receiver.close();
  }
});

test('the sieve CLI, with a key made in Settings, extracts a PDF and prints its values', async ({
  page,
  browser,
  ownServer,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpAndOpenSettings(page, 'e2e-cli');
  const { secret } = await createKeyInSettings(page, 'CLI');
  const pdf = testInfo.outputPath('annual-report.pdf');
  await makeReportPdf(browser, pdf);
  const env = { SIEVE_API_KEY: secret, SIEVE_BASE_URL: `http://127.0.0.1:${ownServer.port}` };

  // As the README shows it: AI only, so the answer does not wait for a reviewer.
  const json = await runCli(
    [
      'extract',
      pdf,
      '--field',
      'Total revenue 2023',
      '--field',
      'Net income 2023',
      '--ai-only',
      '--wait',
      '--json',
    ],
    env,
  );
  expect(json.stderr).toMatch(/completed/);
  expect(json.code).toBe(0);
  const printed = JSON.parse(json.stdout);
  expect(printed.status).toBe('completed');
  expect(printed.result['Total revenue 2023']).toMatchObject({ value: 1234500000 });
  expect(printed.result['Net income 2023']).toMatchObject({ value: 210300000 });

  const text = await runCli(['extract', pdf, '--field', 'Total revenue 2023', '--ai-only', '--wait'], env);
  expect(text.code).toBe(0);
  expect(text.stdout).toBe('Total revenue 2023: 1234500000\n');

  const list = await runCli(['requests', 'list'], env);
  expect(list.code).toBe(0);
  expect(list.stdout).toMatch(/completed\s+pdf\s+.*annual-report\.pdf/);
  expect(list.stdout).toContain('2 of 2');

  const refused = await runCli(['requests', 'list'], { ...env, SIEVE_API_KEY: 'sk_live_not-a-real-key' });
  // Exit code 3: the key was refused (README, "Exit codes").
  expect(refused.code).toBe(3);
  expect(refused.stderr).toContain('[UNAUTHORIZED]');
});
