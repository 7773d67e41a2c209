import type { UserType } from '@sieve/contracts';
import { DASHBOARD_PATH_OF_ROLE as DASHBOARD_OF_ROLE } from './role-apps';

/** spec 01 §2: each role's dashboard. */
export function dashboardPathFor(userType: UserType): string {
  return DASHBOARD_OF_ROLE[userType];
}

/** spec 01 §2: after sign-in or registration, the dashboard of the user type; an unknown type goes home. */
export function destinationFor(userType: string): string {
  return Object.hasOwn(DASHBOARD_OF_ROLE, userType) ? DASHBOARD_OF_ROLE[userType as UserType] : '/';
}
