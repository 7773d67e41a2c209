import { createUser } from '../../support/api';
import { expectSignInScreen, screenshotPath, signInWithForm } from '../../support/screens';
import { expect, test } from '../../support/test';

test.describe('signed out', () => {
  test('/ goes to /login, with every text of sign-in mode', async ({ page, app }) => {
    await page.goto('/');
    await expectSignInScreen(page);
    await expect(page).toHaveTitle(app.title);
    await expect(page.getByText(app.title)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByText("Don't have an account?")).toBeVisible();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectSignInScreen(page);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret123');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('/signup and /register open in create-account mode with every field', async ({ page, app }) => {
    for (const route of ['/signup', '/register']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
      for (const label of ['Full Name', 'Email', 'Account Type', 'Password', 'Confirm Password']) {
        await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
      await expect(page.getByLabel('Account Type').locator('option')).toHaveText([
        'Requester',
        'Reviewer',
        'Admin',
      ]);
      // each app starts on its own role
      await expect(page.getByLabel('Account Type')).toHaveValue(app.area);
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
      await expect(page.getByText('Already have an account?')).toBeVisible();
    }
  });

  test('the invite code is asked for Reviewer and Admin only', async ({ page }) => {
    await page.goto('/signup');
    const accountType = page.getByLabel('Account Type');
    await accountType.selectOption({ label: 'Requester' });
    await expect(page.getByLabel('Invite Code')).toHaveCount(0);
    await accountType.selectOption({ label: 'Reviewer' });
    await expect(page.getByLabel('Invite Code')).toBeVisible();
    await accountType.selectOption({ label: 'Admin' });
    await expect(page.getByLabel('Invite Code')).toBeVisible();
    await accountType.selectOption({ label: 'Requester' });
    await expect(page.getByLabel('Invite Code')).toHaveCount(0);
  });

  test('mismatched passwords show the red hint and disable Create Account', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret12');
    const hint = page.getByText('Passwords do not match', { exact: true });
    await expect(hint).toBeVisible();
    await expect(hint).toHaveCSS('color', /rgb\((18\d|25\d), \d+, \d+\)/);
    await expect(page.getByRole('img', { name: 'Passwords do not match' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret123');
    await expect(hint).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Passwords match' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  test('a disposable address shows the live warning', async ({ page }) => {
    await page.goto('/signup');
    const email = page.getByLabel('Email', { exact: true });
    await email.pressSequentially('someone@mailinator.com');
    await expect(page.getByText(/personal or work email address/)).toBeVisible();
    await email.fill('someone@company.io');
    await expect(page.getByText(/personal or work email address/)).toHaveCount(0);
  });

  test('the form says what is missing before calling the server', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Account Type').selectOption({ label: 'Admin' });
    await page.getByLabel('Email', { exact: true }).fill('someone@printer.local');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email domain')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(page.getByText('Invite code is required for Reviewer and Admin accounts')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a wrong password shows the friendly message in the red banner', async ({ page, app }) => {
    const user = await createUser(app.area, 'wrong-password');
    await page.goto('/login');
    await signInWithForm(page, { email: user.email, password: 'not-the-password-1' });
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText('The email or password you entered is incorrect. Please try again.');
    await expect(banner).toHaveClass(/sv-banner--error/);
    await expect(banner).toHaveCSS('color', /rgb\((18\d|25\d), \d+, \d+\)/);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.screenshot({ path: screenshotPath(`${app.host}-login-error`) });
  });

  test('an unknown page of the area ends on /login', async ({ page, app }) => {
    await page.goto(`/${app.area}/whatever`);
    await expectSignInScreen(page);
  });

  test('the dashboard needs a session', async ({ page, app }) => {
    await page.goto(`/${app.area}/dashboard`);
    await expectSignInScreen(page);
  });

  test('/test-login is not part of the production build', async ({ page }) => {
    await page.goto('/test-login');
    await expectSignInScreen(page);
    await expect(page.getByRole('button', { name: /continue as test/i })).toHaveCount(0);
  });
});

test.describe('screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`sign-in and create-account screens, ${theme}`, async ({ page, app }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((value) => localStorage.setItem('sieve-ui-theme', value), theme);
      await page.goto('/login');
      await expectSignInScreen(page);
      await expect(page.locator('html')).toHaveClass(theme);
      await page.screenshot({ path: screenshotPath(`${app.host}-login-${theme}`), fullPage: true });
      // keyboard focus: the theme controls first, then the email field, each with a visible ring
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: /^Theme:/ })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Customize theme' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
      await page.waitForTimeout(300); // let the 120 ms focus transition finish
      await page.screenshot({ path: screenshotPath(`${app.host}-login-focus-${theme}`) });
      await page.goto('/signup');
      await page.getByLabel('Full Name').fill('Rae Viewer');
      await page.getByLabel('Email', { exact: true }).fill('rae@mailinator.com');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password', { exact: true }).fill('secret12');
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await page.screenshot({ path: screenshotPath(`${app.host}-signup-${theme}`), fullPage: true });
    });
  }
});
