import { defineConfig } from '@playwright/test';
import { APPS, type AppUnderTest, appOrigin } from './support/apps';
import { CHROMIUM_PATH, IS_CI, serverPort } from './support/env';

const port = await serverPort();

export default defineConfig<{ app: AppUnderTest }>({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: IS_CI ? 1 : 0,
  forbidOnly: IS_CI,
  // Limits, not measurements: CI runs on a busy two-core machine, where a mocked queue of 240
  // tasks can take 20 s to render after a reload. A test that hangs still fails, later.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // The system Chromium: nothing is downloaded (STACK.md).
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: APPS.map((app) => ({ name: app.host, use: { app, baseURL: appOrigin(app, port) } })),
});
