import { test as base } from '@playwright/test';
import { APPS, type AppUnderTest } from './apps';

/** Playwright's test with the app of the current project (reviewer, requester or admin). */
export const test = base.extend<{ app: AppUnderTest }>({
  app: [APPS[0] as AppUnderTest, { option: true }],
});

export { expect } from '@playwright/test';
