import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The durable queue of the in-process job back end (no REDIS_URL). A job's id is its entity id,
 * so enqueueing the same work twice stores it once; a job left `active` by a crash is picked up
 * again at the next start.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['waiting', 'active', 'completed', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_ready_idx').on(t.runAt).where(sql`${t.status} = 'waiting'`)],
);

/**
 * Whether a job queue is paused (Pause/Resume Queue, DESIGN §7): a row, so every API and worker
 * process and both job back ends honour it, and it survives restarts.
 */
export const queueState = pgTable('queue_state', {
  name: text('name').primaryKey(),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
