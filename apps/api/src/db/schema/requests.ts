import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Uploaded documents; the bytes live in file storage under `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

/** A requester's extraction request: the row is the truth of its lifecycle (DESIGN §3). */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    /** The admin who submitted on the requester's behalf, if any. */
    submittedBy: uuid('submitted_by').references(() => users.id),
    documentType: text('document_type').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    aiOnly: boolean('ai_only').notNull().default(false),
    aiResult: jsonb('ai_result').$type<Record<string, unknown>>(),
    consensusResult: jsonb('consensus_result').$type<Record<string, unknown>>(),
    finalResult: jsonb('final_result').$type<Record<string, unknown>>(),
    /** DESIGN §13: the checks run on the final result, with reviewers' reasons for failed ones. */
    finalChecks: jsonb('final_checks').$type<unknown[]>(),
    /** DESIGN §14: the layout fingerprint of its (first) document. */
    fingerprint: text('fingerprint'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    dataExpiration: date('data_expiration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('requests_requester_idx').on(t.requesterId, t.createdAt),
    index('requests_status_idx').on(t.status, t.createdAt),
    index('requests_unfinished_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'processing')`),
    // A reviewer opening a document finds its request by the stored file id.
    index('requests_file_id_idx')
      .on(sql`(${t.metadata}->>'file_id')`)
      .where(sql`(${t.metadata}->>'file_id') is not null`),
    // Keyset pages of the requests export, and the admin list's default order.
    index('requests_created_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // Admin figures over finished requests (turnaround, completions per day).
    index('requests_completed_idx').on(t.completedAt).where(sql`${t.completedAt} is not null`),
  ],
);

/** One review task per document (per page for a website crawl), DESIGN §3–§4. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    part: integer('part').notNull().default(0),
    documentType: text('document_type').notNull(),
    status: text('status', { enum: ['available', 'claimed', 'completed', 'rejected'] })
      .notNull()
      .default('available'),
    priority: integer('priority').notNull().default(1),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    aiResult: jsonb('ai_result').$type<Record<string, unknown>>().notNull(),
    // What a list shows of the AI result, kept by Postgres with it (migration 0011): lists read
    // these, never the result itself (a real document's is kilobytes, stored compressed).
    aiConfidenceScore: doublePrecision('ai_confidence_score')
      .notNull()
      .generatedAlwaysAs(
        sql`case when jsonb_typeof(ai_result->'confidence_score') = 'number' then (ai_result->>'confidence_score')::float8 else 0 end`,
      ),
    aiFieldCount: integer('ai_field_count')
      .notNull()
      .generatedAlwaysAs(sql`sieve_jsonb_key_count(ai_result->'result')`),
    // Each data point's value and confidence (migration 0016): the worker list read and
    // decompressed the whole result of every listed task to build this, 3 of its 3.3 ms in Postgres.
    aiListedResult: jsonb('ai_listed_result')
      .$type<Record<string, { value: unknown; confidence: number | null }>>()
      .notNull()
      .generatedAlwaysAs(sql`sieve_listed_ai_values(ai_result->'result')`),
    requiredReviews: integer('required_reviews').notNull().default(2),
    finalResult: jsonb('final_result').$type<Record<string, unknown>>(),
    /** DESIGN §13: the checks run on the final result, with reviewers' reasons for failed ones. */
    finalChecks: jsonb('final_checks').$type<unknown[]>(),
    /** DESIGN §14: the layout fingerprint of the task's document. */
    fingerprint: text('fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tasks_request_part_uq').on(t.requestId, t.part),
    index('tasks_queue_idx').on(t.priority, t.createdAt).where(sql`${t.status} in ('available', 'claimed')`),
    // The head of the queue in its order: the worker list and the next-task claim read it from the top.
    index('tasks_available_idx')
      .on(t.priority.desc().nullsFirst(), t.createdAt, t.id)
      .where(sql`${t.status} = 'available'`),
    // Is this task (one of a reviewer's) still queued? The worker list's total subtracts the queued
    // tasks a reviewer already touched: an index-only probe per task instead of a row read.
    index('tasks_available_id_idx').on(t.id).where(sql`${t.status} = 'available'`),
    // A stored source's tasks (the copy the AI read, DESIGN §11): reviewers' file reads look it up.
    index('tasks_source_file_idx')
      .on(sql`(${t.metadata}->>'source_file_id')`)
      .where(sql`(${t.metadata}->>'source_file_id') is not null`),
  ],
);

/**
 * The number of available tasks per document type, kept by triggers on tasks (migrations 0005, 0007) in
 * the same transaction as each status change, so the reviewer queue's total is exact without
 * counting the queue on every poll. Each connection adds to its own shard (backend pid mod 64),
 * so concurrent claims do not queue on one row; a reader sums the shards.
 */
export const queueCounts = pgTable(
  'queue_counts',
  {
    documentType: text('document_type').notNull(),
    shard: smallint('shard').notNull(),
    available: bigint('available', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.documentType, t.shard] })],
);

/** A worker's part in a task: a leased claim that ends submitted, skipped, rejected or expired (DESIGN §4). */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['claimed', 'submitted', 'skipped', 'rejected', 'expired'] })
      .notNull()
      .default('claimed'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    response: jsonb('response').$type<Record<string, unknown>>(),
    confidence: numeric('confidence', { precision: 4, scale: 3, mode: 'number' }),
    rejectionReason: text('rejection_reason'),
    timeSpentSeconds: integer('time_spent_seconds'),
    /** Set when the task reaches consensus: how many of this review's items matched it. */
    itemsTotal: integer('items_total'),
    itemsMatched: integer('items_matched'),
    /**
     * Whether the task is still open (not completed or rejected), kept by triggers (migration 0010):
     * a reviewer's queue total subtracts their assignments on available tasks, and reads only the
     * open ones (a handful) instead of probing a year of history on every poll.
     */
    taskOpen: boolean('task_open').notNull().default(true),
  },
  (t) => [
    uniqueIndex('assignments_task_worker_uq').on(t.taskId, t.workerId),
    index('assignments_worker_idx').on(t.workerId, t.finishedAt),
    // A reviewer's tasks, read from the index alone: the worker list leaves them out of the queue.
    index('assignments_worker_task_idx').on(t.workerId, t.taskId),
    // A reviewer's assignments on open tasks (the worker list's total).
    index('assignments_open_task_idx').on(t.workerId, t.taskId).where(sql`${t.taskOpen}`),
    index('assignments_live_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'claimed'`),
    // Reviews by when they were submitted: the weekly leaderboard and the admin's throughput.
    index('assignments_submitted_idx').on(t.finishedAt).where(sql`${t.status} = 'submitted'`),
    // The other finished claims (skipped, rejected, expired) by when: the admin's efficiency counts
    // a week of them, which was a scan of every assignment (280 ms at 980,000).
    index('assignments_unsubmitted_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} not in ('claimed', 'submitted')`),
  ],
);
