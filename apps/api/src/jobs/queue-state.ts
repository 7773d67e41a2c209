import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queueState } from '../db/schema';

/** The one queue Sieve runs (extraction and its sweeps). */
export const QUEUE_NAME = 'sieve';

/** Pause/Resume Queue as a row: the truth for every process and both back ends. */
export async function writeQueuePaused(db: Db, paused: boolean, name = QUEUE_NAME) {
  await db
    .insert(queueState)
    .values({ name, paused })
    .onConflictDoUpdate({ target: queueState.name, set: { paused, updatedAt: new Date() } });
}

export async function readQueuePaused(db: Db, name = QUEUE_NAME): Promise<boolean> {
  const [row] = await db
    .select({ paused: queueState.paused })
    .from(queueState)
    .where(eq(queueState.name, name));
  return row?.paused ?? false;
}

/** A condition for a claim statement: true while the queue is not paused. */
export function queueNotPaused(name = QUEUE_NAME) {
  return sql`not exists (select 1 from ${queueState} where ${queueState.name} = ${name} and ${queueState.paused})`;
}
