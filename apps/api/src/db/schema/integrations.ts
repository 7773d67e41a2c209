import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { requests } from './requests';
import { users } from './users';

/** A requester's API keys (DESIGN §12): only the SHA-256 of the secret is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** The first characters of the secret (`sk_live_a1b2c3`), to tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash), index('api_keys_user_idx').on(t.userId)],
);

/**
 * One row per `Idempotency-Key` of a caller and endpoint (24 h): inserted before the work (the
 * unique key makes concurrent retries wait or fail), completed with the response to replay.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** Null while the first call is still running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.endpoint, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Where a requester wants events POSTed. Removal is soft: the delivery log keeps its endpoint. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The signing secret (`whsec_…`); kept in the clear because every delivery is signed with it. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId).where(sql`${t.deletedAt} is null`)],
);

/**
 * An event, written in the transaction of the state change it reports (an outbox): its payload
 * is frozen when it is dispatched, so every retry and redelivery sends the same body.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    requestId: uuid('request_id').references(() => requests.id),
    /** The body (`{id, type, created_at, data}`), set when dispatched. */
    payload: jsonb('payload'),
    /** Only this endpoint (test events and redeliveries); null: every subscribed endpoint. */
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [index('webhook_events_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`)],
);

/** One event to one endpoint: retried with backoff until delivered or 24 h have passed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Retries stop after this instant (created_at + 24 h; reset by a redelivery). */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_uq').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The delivery log: every POST with the receiver's answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);
