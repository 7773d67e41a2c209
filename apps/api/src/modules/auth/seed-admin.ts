import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from './password';

export const DEFAULT_ADMIN_EMAIL = 'admin@sieve.localhost';

export type SeedResult =
  | { outcome: 'created'; email: string; password: string; generated: boolean }
  | { outcome: 'updated'; email: string }
  | { outcome: 'kept' };

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create or update that admin (approved, active). Without them, a
 * database with no admin gets one with a generated password, which the caller prints once.
 */
export async function seedAdmin(
  db: Db,
  admin: { email: string; password: string } | null,
): Promise<SeedResult> {
  if (admin) {
    const email = admin.email.toLowerCase();
    const passwordHash = await hashPassword(admin.password);
    const updated = await db
      .update(users)
      .set({ passwordHash, userType: 'admin', isApproved: true, isActive: true, updatedAt: new Date() })
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (updated.length > 0) return { outcome: 'updated', email };
    await db.insert(users).values({
      email,
      passwordHash,
      fullName: 'Administrator',
      userType: 'admin',
      isApproved: true,
      emailVerified: true,
    });
    return { outcome: 'created', email, password: admin.password, generated: false };
  }
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  if (existing.length > 0) return { outcome: 'kept' };
  const password = `${randomBytes(9).toString('base64url')}9a`;
  await db.insert(users).values({
    email: DEFAULT_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    fullName: 'Administrator',
    userType: 'admin',
    isApproved: true,
    emailVerified: true,
  });
  return { outcome: 'created', email: DEFAULT_ADMIN_EMAIL, password, generated: true };
}
