import type { UserType } from '@sieve/contracts';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { issueSessionToken } from '../modules/auth/tokens';
import { TEST_JWT_SECRET } from './app';

export const TEST_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** A user straight in the database, and a session token for it. */
export async function createUser(
  db: Db,
  userType: UserType,
  options: { approved?: boolean; active?: boolean; email?: string } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `${userType}${counter}-${Date.now()}@sieve-tests.io`,
      passwordHash: await passwordHash,
      fullName: `${userType} ${counter}`,
      userType,
      isApproved: options.approved ?? true,
      isActive: options.active ?? true,
    })
    .returning();
  if (!user) throw new Error('could not create user');
  const { token } = issueSessionToken(user, TEST_JWT_SECRET);
  return { ...user, token, auth: `Bearer ${token}` };
}
