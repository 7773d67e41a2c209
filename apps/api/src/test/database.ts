import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';

export const postgresUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL;

/**
 * A clean, migrated database for one test file: a fresh database on the Postgres server when
 * DATABASE_URL is set (dropped afterwards), else an in-memory PGlite.
 */
export async function createTestDatabase(
  kind: 'default' | 'pglite' = 'default',
): Promise<Database & { url?: string | undefined }> {
  if (kind === 'pglite' || !postgresUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await applyMigrations(database);
    return database;
  }
  const name = `sieve_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  await applyMigrations(database);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
