import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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

export async function isRevoked(db: Db, jti: string) {
  const row = await db.query.revokedTokens.findFirst({
    where: eq(revokedTokens.jti, jti),
    columns: { jti: true },
  });
  return Boolean(row);
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
