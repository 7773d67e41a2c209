import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { InProcessQueue } from '../jobs/in-process-queue';
import type { JobQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { seedPlans } from '../modules/billing/plans';
import { type FileStorage, localFileStorage } from '../storage/file-storage';
import { createTestDatabase } from './database';

export const testLogger = createLogger('silent');

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  queue: JobQueue;
  storage: FileStorage;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    // API tests read the admin figures right after changing the data: no summary age.
    ADMIN_STATS_MAX_AGE_SECONDS: '0',
    QUEUE_COUNT_MAX_AGE_MS: '0',
    ...env,
  });
}

/** `createApp()` on a clean migrated database, as the API integration tests use it. */
export async function createTestApp(
  overrides: { database?: Database; queue?: JobQueue; env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = overrides.database ?? (await createTestDatabase());
  const queue = overrides.queue ?? new InProcessQueue(database.db, { concurrency: 2, logger: testLogger });
  const config = testConfig(overrides.env);
  await seedPlans(database.db, config.stripe.prices);
  const storage = localFileStorage(mkdtempSync(path.join(tmpdir(), 'sieve-files-')));
  const app = createApp({
    storage,
    config,
    database,
    queue,
    logger: testLogger,
  });
  return {
    app,
    database,
    queue,
    storage,
    close: async () => {
      await queue.close();
      await database.close();
    },
  };
}
