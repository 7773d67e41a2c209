import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { type Database, hotStatement, preparedRows, queryRows } from './client';

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

describe('hotStatement', () => {
  // Two shapes (with and without a label filter); values bound by name, one used twice.
  const numbers = hotStatement<
    { labelled: boolean },
    { from: number; to: number; label: string | null },
    { n: number }
  >(
    (shape) => String(shape.labelled),
    (shape, bind) =>
      sql`select g::int as n from generate_series(${bind.from}::int, ${bind.to}::int) g
        where g >= ${bind.from}::int ${shape.labelled ? sql`and ('x' || g) = ${bind.label}` : sql``}
        order by g`,
  );

  it('binds each call its own values, in every shape (nothing frozen into the text)', async () => {
    const run = async (labelled: boolean, from: number, to: number, label: string | null) =>
      (await numbers(database.db, { labelled }, { from, to, label })).map((r) => Number(r.n));
    await database.db.transaction(async (tx) => {
      // One connection: the second call of a shape binds the statement the first prepared.
      const inTx = async (from: number, to: number) =>
        (await numbers(tx, { labelled: false }, { from, to, label: null })).map((r) => Number(r.n));
      expect(await inTx(1, 3)).toEqual([1, 2, 3]);
      expect(await inTx(7, 8)).toEqual([7, 8]);
    });
    expect(await run(false, 2, 4, null)).toEqual([2, 3, 4]);
    expect(await run(true, 1, 9, 'x5')).toEqual([5]);
    expect(await run(true, 1, 9, 'x7')).toEqual([7]);
    expect(await run(false, 5, 6, null)).toEqual([5, 6]);
  });

  it('refuses a call that leaves a bound value out', async () => {
    await expect(
      numbers(database.db, { labelled: true }, { from: 1, to: 2 } as unknown as {
        from: number;
        to: number;
        label: string | null;
      }),
    ).rejects.toThrow();
  });
});

function isPostgres() {
  return Boolean(process.env.DATABASE_URL);
}
