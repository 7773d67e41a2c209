import {
  bigint,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Each reviewer's running figures for the admin list, kept by a trigger on assignments (migration
 * 0006) in the same transaction as each review, skip or rejection: a page of the list reads its
 * rows instead of aggregating every assignment of its reviewers.
 */
export const workerFigures = pgTable('worker_figures', {
  // No foreign key: the trigger's upsert runs on every review, and users are never deleted (soft).
  workerId: uuid('worker_id').primaryKey(),
  completed: integer('completed').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  confidenceSum: doublePrecision('confidence_sum').notNull().default(0),
  confidenceCount: integer('confidence_count').notNull().default(0),
  timeSum: doublePrecision('time_sum').notNull().default(0),
  timeCount: integer('time_count').notNull().default(0),
  itemsTotal: bigint('items_total', { mode: 'number' }).notNull().default(0),
  itemsMatched: bigint('items_matched', { mode: 'number' }).notNull().default(0),
  pdfTotal: bigint('pdf_total', { mode: 'number' }).notNull().default(0),
  pdfMatched: bigint('pdf_matched', { mode: 'number' }).notNull().default(0),
  secTotal: bigint('sec_total', { mode: 'number' }).notNull().default(0),
  secMatched: bigint('sec_matched', { mode: 'number' }).notNull().default(0),
  creditCardTotal: bigint('credit_card_total', { mode: 'number' }).notNull().default(0),
  creditCardMatched: bigint('credit_card_matched', { mode: 'number' }).notNull().default(0),
  lastFinished: timestamp('last_finished', { withTimezone: true }),
});

/**
 * Each requester's running request counts for the admin list, kept by a trigger on requests. A
 * requester's figures are spread over 64 shards (the writing connection's, as queue_counts): one
 * customer's requests settled by many reviewers at once would otherwise all wait on one row
 * (migration 0007). A reader sums a requester's shards.
 */
export const requesterFigures = pgTable(
  'requester_figures',
  {
    requesterId: uuid('requester_id').notNull(),
    shard: smallint('shard').notNull().default(0),
    submitted: integer('submitted').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    active: integer('active').notNull().default(0),
    lastRequest: timestamp('last_request', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.requesterId, t.shard] })],
);

/**
 * How many accounts there are of each kind and state (a reviewer is pending, active or inactive; a
 * requester or admin active or inactive), kept by a trigger on users (migration 0013) in the same
 * transaction as each sign-up, approval, deactivation or deletion. The admin overview's team
 * counts and the people lists' totals both read these rows: one source, current at commit.
 */
export const peopleCounts = pgTable(
  'people_counts',
  {
    userType: text('user_type').notNull(),
    state: text('state').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userType, t.state] })],
);
