import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tasks } from './requests';
import { users } from './users';

/**
 * What reviews taught (DESIGN §14): for one requester and layout fingerprint, where a field's
 * value sits, in terms that carry over to the next document of that layout. Never shared across
 * requesters.
 */
export const hints = pgTable(
  'hints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    fingerprint: text('fingerprint').notNull(),
    /** The issuer as read on the document that taught it, for people to recognise the source. */
    source: text('source'),
    field: text('field').notNull(),
    /** `{kind: 'cell', table_title?, row_label, column_header?, column_rank}` or `{kind: 'label', label, offset}`. */
    place: jsonb('place').$type<Record<string, unknown>>().notNull(),
    /** The place's identity (extraction's placeKey): one hint per requester, layout, field and place. */
    placeKey: text('place_key').notNull(),
    scale: text('scale'),
    type: text('type'),
    /** The tasks whose consensus taught or confirmed it. */
    taughtBy: jsonb('taught_by').$type<string[]>().notNull(),
    /** Answers it gave that reviews confirmed. */
    uses: integer('uses').notNull().default(0),
    /** Its answers corrected in a row since it was last confirmed: two drop it. */
    corrections: integer('corrections').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hints_place_uq').on(t.requesterId, t.fingerprint, t.field, t.placeKey),
    index('hints_requester_idx').on(t.requesterId, t.createdAt),
  ],
);

/**
 * The places of a task's document and what they held (DESIGN §14), kept from extraction until
 * the task's consensus teaches from them; only for requests that learn.
 */
export const taskPlaces = pgTable('task_places', {
  taskId: uuid('task_id')
    .primaryKey()
    .references(() => tasks.id),
  requesterId: uuid('requester_id')
    .notNull()
    .references(() => users.id),
  fingerprint: text('fingerprint').notNull(),
  source: text('source'),
  readings: jsonb('readings').$type<unknown[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
