import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedAdmin } from '../modules/auth/seed-admin';
import { createTestDatabase, postgresUrl } from '../test/database';
import { type Database, openDatabase, queryRows } from './client';
import { applyMigrations } from './migrate';

async function tableNames(database: Database) {
  const rows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

describe.each([
  ['pglite', 'pglite' as const],
  ['postgres', 'default' as const],
])('migrations on %s', (label, kind) => {
  it.skipIf(label === 'postgres' && !postgresUrl)(
    'creates the schema, and a second run changes nothing',
    async () => {
      const database = await createTestDatabase(kind);
      try {
        expect(database.kind).toBe(label);
        expect(await tableNames(database)).toEqual(expect.arrayContaining(['jobs', 'users']));
        await applyMigrations(database);
        const applied = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied[0]?.n).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    },
  );
});

describe('the embedded database', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sieve-data-')), 'pg');
    const first = await openDatabase({ dataDir });
    await applyMigrations(first);
    const seeded = await seedAdmin(first.db, null);
    await first.close();

    const second = await openDatabase({ dataDir });
    await applyMigrations(second);
    expect(await seedAdmin(second.db, null)).toEqual({ outcome: 'kept' });
    const admins = await queryRows<{ email: string }>(
      second.db,
      sql`select email from users where user_type = 'admin'`,
    );
    expect(admins.map((a) => a.email)).toEqual([seeded.outcome === 'created' ? seeded.email : '']);
    await second.close();
  });
});
