import {
  callApi,
  createInvite,
  createUser,
  login,
  ROLE_LABEL,
  type Role,
  uniqueEmail,
} from '../../support/api';
import { appOfRole, appOrigin } from '../../support/apps';
import { serverPort } from '../../support/env';
import { expectDashboard, expectSignInScreen, signInWithForm } from '../../support/screens';
import { openSignedIn, storedSession } from '../../support/session';
import { expect, test } from '../../support/test';

const ROLES: readonly Role[] = ['worker', 'requester', 'admin'];

test.describe('each role lands on its own dashboard', () => {
  for (const role of ROLES) {
    test(`a ${ROLE_LABEL[role]} signing in here`, async ({ page, app }) => {
      const user = await createUser(role);
      const home = appOfRole(role);
      const origin = appOrigin(home, await serverPort());
      await page.goto('/login');
      await signInWithForm(page, user);
      if (home.host === app.host) {
        await expectDashboard(page, home);
      } else {
        // DESIGN §5: a hand-off code takes the user to their own app, signed in there
        await expectDashboard(page, home, origin);
        await expect(page.locator('.sv-app-header').getByText(user.email)).toBeVisible();
        // nothing of the session stays on the app where the form was sent
        const other = await page.context().newPage();
        await other.goto(`/${app.area}/dashboard`);
        await expectSignInScreen(other);
      }
      // Remember me was not checked: the session lives in this tab only
      const stored = await storedSession(page);
      expect(stored.local).toEqual([null, null, null, null]);
      expect(stored.session[0]).toBeTruthy();
      expect(stored.session[1]).toBe(role);
      expect(stored.session[3]).toBe(user.email);
    });
  }
});

test('a requester who signs in on the Reviewer app is handed to the Requester app, remembered', async ({
  page,
  app,
}) => {
  test.skip(app.host !== 'reviewer', 'one app is enough for this journey');
  const user = await createUser('requester');
  const port = await serverPort();
  await page.goto('/login');
  await signInWithForm(page, { ...user, remember: true });
  await expectDashboard(page, appOfRole('requester'), appOrigin(appOfRole('requester'), port));
  const stored = await storedSession(page);
  expect(stored.local.slice(1)).toEqual(['requester', expect.any(String), user.email]);
  // remembered: a new tab of the Requester app is signed in too
  const second = await page.context().newPage();
  await second.goto(`${appOrigin(appOfRole('requester'), port)}/requester/dashboard`);
  await expectDashboard(second, appOfRole('requester'));
});

test('a used hand-off link asks to sign in again', async ({ page, app }) => {
  const user = await createUser(app.area);
  const session = await login(user.email, user.password);
  const handoff = await callApi<{ code: string }>('POST', '/auth/handoff', {
    token: session.token,
    body: { target: app.host },
  });
  await page.goto(`/login?handoff=${handoff.code}`);
  await expectDashboard(page, app);
  const fresh = await page
    .context()
    .browser()!
    .newContext({ baseURL: appOrigin(app, await serverPort()) });
  const again = await fresh.newPage();
  await again.goto(`/login?handoff=${handoff.code}`);
  await expect(again.getByRole('alert')).toHaveText(
    'This sign-in link is invalid or has expired. Please sign in.',
  );
  await expectSignInScreen(again);
  await fresh.close();
});

test('signed in, any other page of the area goes to the dashboard; /login too', async ({ page, app }) => {
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/anything/at/all`);
  await expectDashboard(page, app);
  await page.goto(`/${app.area}/settings`);
  await expectDashboard(page, app);
  await page.goto('/login');
  await expectDashboard(page, app);
  await page.goto('/');
  await expectDashboard(page, app);
});

test('logout revokes the token, clears the four keys and returns home', async ({ page, app }) => {
  const user = await createUser(app.area);
  await openSignedIn(page, user, `/${app.area}/dashboard`);
  await expectDashboard(page, app);
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectSignInScreen(page);
  const stored = await storedSession(page);
  expect(stored).toEqual({ local: [null, null, null, null], session: [null, null, null, null] });
  await expect
    .poll(() =>
      callApi('GET', '/auth/me', { token: token ?? '' }).then(
        () => 200,
        (error) => error.status,
      ),
    )
    .toBe(401);
  await page.goto(`/${app.area}/dashboard`);
  await expectSignInScreen(page);
});

test('a new account of the app signs up and lands on its dashboard', async ({ page, app }) => {
  const email = uniqueEmail(`e2e-signup-${app.host}`);
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(`New ${ROLE_LABEL[app.area]}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await expect(page.getByLabel('Account Type')).toHaveValue(app.area);
  if (app.area !== 'requester') {
    await page.getByLabel('Invite Code').fill(await createInvite(app.area));
  }
  await page.getByLabel('Password', { exact: true }).fill('sieve-e2e-2024');
  await page.getByLabel('Confirm Password', { exact: true }).fill('sieve-e2e-2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // a Reviewer lands here too while pending approval
  await expectDashboard(page, app);
  await expect(page.locator('.sv-app-header').getByText(email)).toBeVisible();
});

test('a used invite code is refused in the red banner', async ({ page, app }) => {
  test.skip(app.area === 'requester', 'requesters need no invite');
  const invite = await createInvite(app.area === 'admin' ? 'admin' : 'worker');
  await callApi('POST', '/auth/register', {
    body: {
      email: uniqueEmail('e2e-first'),
      password: 'sieve-e2e-2024',
      full_name: 'First',
      user_type: app.area,
      invite_code: invite,
    },
  });
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Second');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('e2e-second'));
  await page.getByLabel('Invite Code').fill(invite);
  await page.getByLabel('Password', { exact: true }).fill('sieve-e2e-2024');
  await page.getByLabel('Confirm Password', { exact: true }).fill('sieve-e2e-2024');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The invite code is invalid or has expired. Please request a new one.',
  );
});

test('a session of another role found in this app moves to its own app', async ({ page, app }) => {
  const role = ROLES.find((candidate) => candidate !== app.area) as Role;
  const user = await createUser(role);
  await openSignedIn(page, user, `/${app.area}/dashboard`);
  const home = appOfRole(role);
  await expectDashboard(page, home, appOrigin(home, await serverPort()));
});
