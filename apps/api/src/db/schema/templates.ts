import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A requester's saved template (DESIGN §13): document type, typed fields and checks. */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    fields: jsonb('fields').$type<unknown[]>().notNull(),
    checks: jsonb('checks').$type<unknown[]>().notNull(),
    learning: boolean('learning').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('templates_requester_idx').on(t.requesterId, t.createdAt)],
);
