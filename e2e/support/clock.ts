import type { Page } from '@playwright/test';

/**
 * Stops the page's (fake) clock where it is: app timers then fire only on `runFor`. The pause is
 * set a little ahead, since the clock runs until the call lands; on a busy machine the call can
 * land after that moment and the clock goes on running, so check that it stands still and, if
 * not, pause again further ahead.
 */
export async function stopTime(page: Page) {
  for (const ahead of [1_000, 3_000, 6_000]) {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + ahead).catch(() => undefined);
    const before = await page.evaluate(() => Date.now());
    await page.waitForTimeout(50); // real time passes; a stopped clock does not move
    if ((await page.evaluate(() => Date.now())) === before) return;
  }
  throw new Error('The page clock would not stop');
}
