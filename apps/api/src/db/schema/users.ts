import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull().default(''),
    organization: text('organization'),
    userType: text('user_type', { enum: ['requester', 'worker', 'admin'] }).notNull(),
    isApproved: boolean('is_approved').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Tokens issued before this instant are void (set by a password reset). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Emails are stored lower-cased; one live account per address.
    uniqueIndex('users_email_live_uq').on(t.email).where(sql`${t.deletedAt} is null`),
    // The admin lists' pages in their default order (newest first, then id): read from the top,
    // never sorting a role's accounts (migration 0012).
    index('users_type_created_idx').on(t.userType, t.createdAt, t.id),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
