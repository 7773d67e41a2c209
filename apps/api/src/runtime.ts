import { Redis } from 'ioredis';
import { type Config, ConfigError, loadConfig, resolveJwtSecret } from './config';
import { type Database, openDatabase } from './db/client';
import { applyMigrations } from './db/migrate';
import { createQueue } from './jobs/create-queue';
import { releaseOrphanedJobs } from './jobs/in-process-queue';
import type { JobQueue } from './jobs/queue';
import { createLogger, type Logger } from './logger';
import { seedPlans } from './modules/billing/plans';
import { createFileStorage, type FileStorage } from './storage/file-storage';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: Database;
  queue: JobQueue;
  redis?: Redis | undefined;
  storage: FileStorage;
}

/** Reads the config or exits with a message naming the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** What the API and the worker both start with: config, logs, the migrated database and the queue. */
export async function startRuntime(loaded: Config): Promise<Runtime> {
  const config = { ...loaded, jwtSecret: resolveJwtSecret(loaded) };
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: `${config.dataDir}/pg`,
    poolSize: config.dbPoolSize,
    logger,
  });
  await applyMigrations(database);
  await seedPlans(database.db, config.stripe.prices);
  const queue = createQueue(config, database.db, logger);
  // Embedded default: one process owns every in-process job, so a crash's leftovers are due now.
  if (queue.kind === 'in-process' && database.kind === 'pglite') await releaseOrphanedJobs(database.db);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis (shared state) error'));
  return { config, logger, database, queue, redis, storage: await createFileStorage(config) };
}
