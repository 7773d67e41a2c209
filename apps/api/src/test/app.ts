import { createApp } from '../app';
import type { Database } from '../db/client';
import { InProcessQueue } from '../jobs/in-process-queue';
import type { JobQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { createTestDatabase } from './database';

export const testLogger = createLogger('silent');

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  queue: JobQueue;
  close(): Promise<void>;
}

/** `createApp()` on a clean migrated database, as the API integration tests use it. */
export async function createTestApp(
  overrides: { database?: Database; queue?: JobQueue } = {},
): Promise<TestContext> {
  const database = overrides.database ?? (await createTestDatabase());
  const queue = overrides.queue ?? new InProcessQueue(database.db, { concurrency: 2, logger: testLogger });
  const app = createApp({
    config: { appDomain: 'localhost', bodyLimit: '1mb', webDistDir: undefined },
    database,
    queue,
    logger: testLogger,
  });
  return {
    app,
    database,
    queue,
    close: async () => {
      await queue.close();
      await database.close();
    },
  };
}
