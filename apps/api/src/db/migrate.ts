import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The committed drizzle-kit migrations: next to this file in src, copied beside the bundle in dist. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, '../src/db/migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Applies every pending migration; safe to call from several processes at once. */
export async function applyMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  await database.withStartupLock(async () => {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, {
        migrationsFolder: migrationsFolderPath,
      });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
    }
  });
}
