import { USER_TYPES, type UserType } from '@sieve/contracts';

/** The signed-in user as the apps know it (spec 01 §3 "Current user"). */
export interface SessionUser {
  uid: string;
  email: string;
  userType: UserType;
  isApproved: boolean;
  createdAt?: string;
}

export interface Session {
  token: string;
  user: SessionUser;
}

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** How each user type is named in the interface: the worker role is shown as Reviewer. */
export const USER_TYPE_LABEL: Record<UserType, string> = {
  requester: 'Requester',
  worker: 'Reviewer',
  admin: 'Admin',
};

/** The development test login's fake tokens start with this (spec 01 §2 /test-login). */
export const TEST_TOKEN_PREFIX = 'test-token-';

/** A fake token of the test login: the server never accepted it, so nothing is sent about it. */
export function isTestToken(token: string): boolean {
  return token.startsWith(TEST_TOKEN_PREFIX);
}
