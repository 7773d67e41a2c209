import { createUser } from '../../support/api';
import { expectDashboard, expectSignInScreen, screenshotPath } from '../../support/screens';
import { openSignedIn, storedSession } from '../../support/session';
import { expect, test } from '../../support/test';

// spec 01 §9: the limits can be overridden from browser storage. Warning after 2 s, end after 6 s.
const SHORT_TIMEOUTS = { inactivityTimeout: '6000', warningPeriod: '4000' };

test('the warning counts down, Continue Session keeps the user in, and the timeout logs out', async ({
  page,
  app,
}) => {
  test.setTimeout(60_000);
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/dashboard`, SHORT_TIMEOUTS);
  await expectDashboard(page, app);

  const dialog = page.getByRole('alertdialog', { name: 'Session Timeout Warning' });
  const timer = dialog.getByRole('timer');
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await expect(timer).toHaveText(/^00:0[34]$/);
  await expect(timer).toHaveText('00:02', { timeout: 3_000 });
  await expect(dialog.getByRole('button', { name: 'Continue Session' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await page.screenshot({ path: screenshotPath(`${app.host}-session-timeout-dialog`) });

  // Only its two buttons close it: not Escape, not a click outside, and Tab stays inside.
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 400);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
  await expect(dialog).toBeVisible();
  const focusInside = await page.evaluate(() =>
    Boolean(document.activeElement?.closest('[role="alertdialog"]')),
  );
  expect(focusInside).toBe(true);

  await dialog.getByRole('button', { name: 'Continue Session' }).click();
  await expect(dialog).toBeHidden();
  await expectDashboard(page, app);

  // Left alone again: the warning returns and, unanswered, the session ends and the user goes home.
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await expectSignInScreen(page);
  await expect(
    page.getByText('You were signed out after a period of inactivity. Please sign in again.'),
  ).toBeVisible();
  expect((await storedSession(page)).local).toEqual([null, null, null, null]);
});

test('Log Out in the warning ends the session at once', async ({ page, app }) => {
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/dashboard`, SHORT_TIMEOUTS);
  const dialog = page.getByRole('alertdialog', { name: 'Session Timeout Warning' });
  await dialog.getByRole('button', { name: 'Log Out' }).click();
  await expectSignInScreen(page);
  expect((await storedSession(page)).local).toEqual([null, null, null, null]);
});

test('activity keeps the warning away', async ({ page, app }) => {
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/dashboard`, SHORT_TIMEOUTS);
  await expectDashboard(page, app);
  const dialog = page.getByRole('alertdialog', { name: 'Session Timeout Warning' });
  // a key press or a mouse press every second for 5 s: never 2 s idle
  for (let i = 0; i < 5; i += 1) {
    await page.waitForTimeout(1_000);
    if (i % 2) await page.keyboard.press('Shift');
    else await page.mouse.down().then(() => page.mouse.up());
    await expect(dialog).toBeHidden();
  }
});

test('a session older than maxSessionDuration ends when the timers start', async ({ page, app }) => {
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/dashboard`, { maxSessionDuration: '1' });
  await expectSignInScreen(page);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
});

test('tabs share the session: activity in one keeps the other in, logout in one ends both', async ({
  page,
  app,
}) => {
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/dashboard`, SHORT_TIMEOUTS);
  const idle = await page.context().newPage();
  await idle.goto(`/${app.area}/dashboard`);
  await expectDashboard(idle, app);
  await page.bringToFront();
  // 5 s of typing in the first tab: the idle tab (2 s to its warning) never warns
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Shift');
    await page.waitForTimeout(500);
    await expect(idle.getByRole('alertdialog')).toBeHidden();
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectSignInScreen(page);
  await expectSignInScreen(idle);
  await expect(idle.getByText('You were signed out in another tab.')).toBeVisible();
});
