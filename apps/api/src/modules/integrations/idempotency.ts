import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_MS } from '@sieve/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Request, Response } from 'express';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../http/app-error';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A stable hash of a JSON body: key order does not matter. */
export function hashJson(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The `Idempotency-Key` header of a call, checked; undefined when the caller sent none. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('INVALID_INPUT', 'Idempotency-Key must be 1–255 visible ASCII characters.', {
      [IDEMPOTENCY_HEADER]: 'Invalid key',
    });
  }
  return key;
}

export interface IdempotentCall<T> {
  db: Db;
  req: Request;
  res: Response;
  userId: string;
  /** The endpoint id: one key may be used once per endpoint. */
  endpoint: string;
  bodyHash: string;
  status: number;
  run: () => Promise<T>;
}

/**
 * Runs `run` once per (caller, endpoint, Idempotency-Key) within 24 h (DESIGN §12). The key's row
 * is inserted before the work, so a concurrent retry finds it (409 IDEMPOTENCY_KEY_IN_PROGRESS)
 * instead of doing the work twice; a later retry with the same body gets the first response
 * replayed; another body is 409 IDEMPOTENCY_KEY_REUSED. A call that fails frees its key.
 * Returns the result to send, or undefined when a replay was sent already.
 */
export async function idempotent<T>(call: IdempotentCall<T>): Promise<T | undefined> {
  const key = idempotencyKeyOf(call.req);
  if (!key) return call.run();
  const { db, userId, endpoint } = call;
  const where = and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.endpoint, endpoint),
    eq(idempotencyKeys.key, key),
  );
  // A key older than 24 h is free again.
  await db
    .delete(idempotencyKeys)
    .where(and(where, lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, endpoint, key, bodyHash: call.bodyHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const existing = await db.query.idempotencyKeys.findFirst({ where });
    if (!existing) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
    if (existing.bodyHash !== call.bodyHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.responseStatus === null) throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
    call.res.setHeader('Idempotent-Replayed', 'true');
    call.res.status(existing.responseStatus).json(existing.responseBody);
    return undefined;
  }
  let result: T;
  try {
    result = await call.run();
  } catch (error) {
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: call.status, responseBody: sql`${JSON.stringify(result)}::jsonb` })
    .where(where);
  return result;
}
