import type { AREA_OF_ROLE, DASHBOARD_OF_ROLE } from '@sieve/contracts';

// The contract's maps, checked by type against it. A value import of them would bring the zod
// schemas of contracts' auth module (which declares them) into every app's first bundle.

/** The app each role works in (spec 01 §2). */
export const APP_OF_ROLE = {
  worker: 'reviewer',
  requester: 'requester',
  admin: 'admin',
} as const satisfies typeof AREA_OF_ROLE;

/** spec 01 §2: each role's dashboard. */
export const DASHBOARD_PATH_OF_ROLE = {
  worker: '/worker/dashboard',
  requester: '/requester/dashboard',
  admin: '/admin/dashboard',
} as const satisfies typeof DASHBOARD_OF_ROLE;
