import type { UserType } from '@sieve/contracts';

/** spec 01 §2: each role's dashboard. */
export function dashboardPathFor(userType: UserType): string {
  return `/${userType}/dashboard`;
}
