import { expectSignInScreen, screenshotPath } from '../../support/screens';
import { expect, test } from '../../support/test';

test.describe('signed out', () => {
  test('/ lands on the sign-in screen', async ({ page, app }) => {
    await page.goto('/');
    await expectSignInScreen(page);
    await expect(page).toHaveTitle(app.title);
    await expect(page.getByText(app.title)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
    await expect(page.getByRole('link', { name: /forgot password/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
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

  test('/signup and /register open in create-account mode', async ({ page }) => {
    for (const route of ['/signup', '/register']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
      for (const label of ['Full Name', 'Email', 'Account Type', 'Password', 'Confirm Password']) {
        await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    }
    await page.getByLabel('Account Type').selectOption({ label: 'Requester' });
    await expect(page.getByLabel('Invite Code')).toHaveCount(0);
    await page.getByLabel('Account Type').selectOption({ label: 'Reviewer' });
    await expect(page.getByLabel('Invite Code')).toBeVisible();
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

  test('a failed sign-in shows the error in an alert banner', async ({ page, app }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('nobody@example-company.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'The email or password you entered is incorrect. Please try again.',
    );
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: screenshotPath(`${app.host}-login-error`) });
  });

  test('the theme control cycles light, dark, system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('sieve-ui-theme', 'light');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/login');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: /^Theme:/ });
    await expect(html).toHaveClass('light');
    await toggle.click();
    await expect(html).toHaveClass('dark');
    await toggle.click();
    // system follows the (emulated) dark preference, live
    await expect(html).toHaveClass('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveClass('light');
    await toggle.click();
    await expect(html).toHaveClass('light');
    expect(await page.evaluate(() => localStorage.getItem('sieve-ui-theme'))).toBe('light');
    await page.reload();
    await expect(html).toHaveClass('light');
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
      // keyboard focus: the theme control first, then the email field, each with a visible ring
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: /^Theme:/ })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
      await page.waitForTimeout(300); // let the 120 ms focus transition finish
      await page.screenshot({ path: screenshotPath(`${app.host}-login-focus-${theme}`) });
      await page.goto('/signup');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password', { exact: true }).fill('secret12');
      await page.screenshot({ path: screenshotPath(`${app.host}-signup-${theme}`), fullPage: true });
    });
  }
});
