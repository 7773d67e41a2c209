import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, preparedRows, type Tx } from '../../db/client';
import { inviteCodes, oneTimeTokens, revokedTokens, users } from '../../db/schema';

export function findLiveUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: and(eq(users.email, email), isNull(users.deletedAt)) });
}

export function findLiveUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: and(eq(users.id, id), isNull(users.deletedAt)) });
}

/** Consumes an unused, unexpired invite of the role atomically: at most one caller gets the row. */
export async function consumeInvite(tx: Tx, code: string, role: 'worker' | 'admin', userId: string) {
  const rows = await tx
    .update(inviteCodes)
    .set({ usedBy: userId, usedAt: new Date() })
    .where(
      and(
        eq(inviteCodes.code, code),
        eq(inviteCodes.role, role),
        isNull(inviteCodes.usedAt),
        gt(inviteCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ code: inviteCodes.code });
  return rows.length === 1;
}

export async function revokeToken(db: Db, jti: string, expiresAt: Date) {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

/** Marks a one-time secret used and returns its user, if it was valid, unused and unexpired. */
export async function useOneTimeToken(db: Db | Tx, hash: string, purpose: 'password_reset' | 'handoff') {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return rows[0]?.userId;
}

export interface SessionUser {
  id: string;
  email: string;
  userType: 'requester' | 'worker' | 'admin';
  isApproved: boolean;
  isActive: boolean;
  sessionsValidAfter: Date | null;
  revoked: boolean;
}

/** The signed-in user and whether this token was revoked, in one round trip (every request runs it). */
export async function sessionUser(db: Db, userId: string, jti: string): Promise<SessionUser | undefined> {
  const [row] = await preparedRows<{
    id: string;
    email: string;
    user_type: SessionUser['userType'];
    is_approved: boolean;
    is_active: boolean;
    sessions_valid_after: string | Date | null;
    revoked: boolean;
  }>(
    db,
    sql`select u.id, u.email, u.user_type, u.is_approved, u.is_active, u.sessions_valid_after,
      exists (select 1 from ${revokedTokens} r where r.jti = ${jti}) as revoked
    from ${users} u where u.id = ${userId} and u.deleted_at is null`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    userType: row.user_type,
    isApproved: row.is_approved,
    isActive: row.is_active,
    sessionsValidAfter: row.sessions_valid_after ? new Date(row.sessions_valid_after) : null,
    revoked: row.revoked,
  };
}
