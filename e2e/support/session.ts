import type { Page } from '@playwright/test';
import { login, type TestUser } from './api';

/**
 * Signs the user in through the API and puts the session where the app keeps a remembered one
 * (spec 01 §3 keys in localStorage), plus any extra storage values (timeouts), then opens `path`.
 */
export async function openSignedIn(
  page: Page,
  user: TestUser,
  path: string,
  extraStorage: Record<string, string> = {},
): Promise<void> {
  const session = await login(user.email, user.password);
  await page.goto('/login');
  await page.evaluate(
    ({ values }) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    {
      values: {
        authToken: session.token,
        userType: session.user_type,
        userId: session.user_id,
        userEmail: user.email,
        ...extraStorage,
      },
    },
  );
  await page.goto(path);
}

export const SESSION_KEYS = ['authToken', 'userType', 'userId', 'userEmail'] as const;

/** The four session keys in localStorage and sessionStorage. */
export function storedSession(page: Page) {
  return page.evaluate(
    (keys) => ({
      local: keys.map((key) => localStorage.getItem(key)),
      session: keys.map((key) => sessionStorage.getItem(key)),
    }),
    [...SESSION_KEYS],
  );
}
