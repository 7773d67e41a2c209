import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { type Database, preparedRows, queryRows } from './client';

/**
 * Hot statements run prepared: on Postgres (DATABASE_URL) each is a named statement, parsed once
 * per connection; on PGlite the same call answers the same rows.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const statement = (n: number) =>
  sql`select ${n}::int + 1 as next, now() as at, 'x' || ${String(n)} as label from generate_series(1, 2) g`;

describe('preparedRows', () => {
  it('answers what drizzle execute answers, timestamps as text', async () => {
    const prepared = await preparedRows<{ next: number; at: string; label: string }>(
      database.db,
      statement(41),
    );
    const plain = await queryRows<{ next: number; at: string; label: string }>(database.db, statement(41));
    expect(prepared.map((r) => [r.next, r.label])).toEqual([
      [42, 'x41'],
      [42, 'x41'],
    ]);
    expect(prepared.map((r) => [r.next, r.label])).toEqual(plain.map((r) => [r.next, r.label]));
    expect(typeof prepared[0]?.at).toBe(typeof plain[0]?.at);
  });

  it.runIf(isPostgres())('names the statement on Postgres and reuses it with new values', async () => {
    await database.db.transaction(async (tx) => {
      // One connection (the transaction's): the second call binds the statement the first prepared.
      const first = await preparedRows<{ next: number }>(tx, statement(1));
      const second = await preparedRows<{ next: number }>(tx, statement(9));
      expect([first[0]?.next, second[0]?.next]).toEqual([2, 10]);
      const named = await queryRows<{ name: string; n: number }>(
        tx,
        sql`select name, count(*) over ()::int as n from pg_prepared_statements where name like 'sv\\_%'`,
      );
      expect(named).toHaveLength(1);
      expect(named[0]?.name).toMatch(/^sv_/);
    });
  });

  it.runIf(isPostgres())(
    'runs statements without parallel workers (a generic plan must stay serial)',
    async () => {
      const [row] = await queryRows<{ max_parallel_workers_per_gather: string }>(
        database.db,
        sql`show max_parallel_workers_per_gather`,
      );
      expect(row?.max_parallel_workers_per_gather).toBe('0');
    },
  );

  it.runIf(isPostgres())(
    'runs statements without JIT, on both pools (it compiles on every run)',
    async () => {
      const plain = await queryRows<{ jit: string }>(database.db, sql`show jit`);
      const reused = await preparedRows<{ jit: string }>(
        database.db,
        sql`select current_setting('jit') as jit`,
        {
          reusePlan: true,
        },
      );
      expect([plain[0]?.jit, reused[0]?.jit]).toEqual(['off', 'off']);
    },
  );
});

function isPostgres() {
  return Boolean(process.env.DATABASE_URL);
}
