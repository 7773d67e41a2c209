import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either back end: the PGlite and node-postgres drizzle databases share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Runs `fn` while holding a cluster-wide lock (migrations at start-up from several processes). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  logger?: Pick<Logger, 'error'>;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir ?? 'memory://');
}

/** Settings of every connection to Postgres (see openPostgres). */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c jit=off';

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Short OLTP statements, many at once: no parallel plan per request (its worker processes are
    // what the other requests need: a list statement ran 62 ms in parallel against 3 ms serial at
    // 1,000,000 tasks), and prepared statements planned for their values each time: Postgres's
    // generic plans after five runs halved the review cycle (38 against 104 reviews/s, same load);
    // named statements still save the parse on every call. No JIT: it compiles per execution,
    // and the admin summary's day-by-day statements (estimated at millions for their
    // generate_series) spent 430 of 460 ms compiling what ran in 30 ms.
    options: `${SESSION_SETTINGS} -c plan_cache_mode=force_custom_plan`,
  });
  // A dropped connection must not crash the process: the pool replaces it and callers see errors.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'postgres pool error'));
  // Read statements whose best plan does not depend on their values (see preparedRows'
  // reusePlan) run on connections that keep Postgres's plan cache: planning the worker list cost
  // more than running it (4-8 ms against 1.3 ms at 1,000,000 tasks).
  const planned = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: `${SESSION_SETTINGS} -c plan_cache_mode=force_generic_plan`,
  });
  planned.on('error', (error) => options.logger?.error({ err: error }, 'postgres pool error'));
  plannedPools.set(pool, planned);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    withStartupLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), planned.end()]);
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // PGlite is one connection in one process: nothing else can race the migration.
    withStartupLock: (fn) => fn(),
    close: () => client.close(),
  };
}

/** What a search matches with `ilike`: the text anywhere, its `%`, `_` and backslash taken literally. */
export function searchPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Rows of a raw SQL query: both drivers answer `{rows}`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** Date and interval types come back as text, as drizzle's `execute` returns them (callers parse). */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115,
  1182,
  1185,
  1187,
  1231,
]);
const rawTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format),
};

/** The node-postgres pool or pooled client behind a drizzle database or transaction, if any. */
function postgresClientOf(db: Db | Tx): pg.Pool | pg.Client | null {
  // drizzle keeps the driver client on its session (not in its typings): the pool for `db`, the
  // checked-out client inside a transaction; PGlite's client is not a pg one.
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

/** Each main pool's companion whose connections plan a prepared statement once (generic plans). */
const plannedPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * Rows of a hot statement, prepared: on Postgres a named statement (parsed once per connection,
 * then only bound and executed; planned for its values each time), named by a hash of its text so
 * each shape of a dynamic statement (sort, filter) gets its own; on PGlite (one in-process
 * connection, no round trip to save) the same statement through drizzle. `reusePlan` (outside a
 * transaction) plans it once per connection (a generic plan), for a read whose best plan is the same
 * for every value it is given.
 */
export async function preparedRows<T>(db: Db | Tx, query: SQL, options: PrepareOptions = {}): Promise<T[]> {
  const found = postgresClientOf(db);
  if (!found) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runNamed<T>(connectionFor(found, options), statementName(text), text, params);
}

interface PrepareOptions {
  reusePlan?: boolean;
}

/** What `build` binds a hot statement's values to: placeholders (Postgres) or the values (PGlite). */
export type Binds<V> = { readonly [K in keyof V]: unknown };

/**
 * A hot statement whose text depends only on its shape (a sort, which filters are set), as
 * preparedRows runs it, but on Postgres built into text once per shape (`keyOf`) with placeholders
 * where its values go, then only bound on each call: drizzle's walk over a statement of a few
 * hundred chunks was an eighth of the worker list's CPU. On PGlite it is built with its values on
 * each call. `build` must take every value from `bind`: anything else it reads is frozen into the
 * shape's text.
 */
export function hotStatement<S, V extends Record<string, unknown>, T>(
  keyOf: (shape: S) => string,
  build: (shape: S, bind: Binds<V>) => SQL,
  options: PrepareOptions = {},
): (db: Db | Tx, shape: S, values: V) => Promise<T[]> {
  const placeholders = new Proxy({} as Binds<V>, {
    get: (_target, name) => sql.placeholder(String(name)),
  });
  const shapes = new Map<string, { name: string; text: string; params: unknown[] }>();
  return async (db, shape, values) => {
    const found = postgresClientOf(db);
    if (!found) return queryRows<T>(db, build(shape, values));
    const key = keyOf(shape);
    let built = shapes.get(key);
    if (!built) {
      const { sql: text, params } = dialect.sqlToQuery(build(shape, placeholders));
      built = { name: statementName(text), text, params };
      shapes.set(key, built);
    }
    const params = built.params.map((param) => {
      if (!(param instanceof Placeholder)) return param;
      const value = values[param.name];
      if (value === undefined) throw new Error(`no value for ${param.name} in ${built.name}`);
      return value;
    });
    return runNamed<T>(connectionFor(found, options), built.name, built.text, params);
  };
}

function connectionFor(found: pg.Pool | pg.Client, options: PrepareOptions): pg.Pool | pg.Client {
  return options.reusePlan && found instanceof pg.Pool ? (plannedPools.get(found) ?? found) : found;
}

function statementName(text: string): string {
  return `sv_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

async function runNamed<T>(client: pg.Pool | pg.Client, name: string, text: string, values: unknown[]) {
  const result = await client.query({ name, text, values, types: rawTypes });
  return result.rows as T[];
}

/**
 * Inside a transaction of short statements by key (lock a row by id, update it, count its
 * children), lets Postgres keep each statement's plan (plan_cache_mode auto: a generic plan once
 * it is as good) instead of planning every statement on every run, as the pool's connections do.
 * Ends with the transaction. A no-op on PGlite.
 */
export async function reusePlansInTransaction(tx: Tx): Promise<void> {
  if (!postgresClientOf(tx)) return;
  await tx.execute(sql`select set_config('plan_cache_mode', 'auto', true)`);
}
