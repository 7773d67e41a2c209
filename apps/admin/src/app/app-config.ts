import type { UserType } from '@sieve/contracts';

/** Who this app is for: the admin role (spec 02). */
export const APP = {
  name: 'Sieve Admin',
  area: 'admin',
} as const satisfies { name: string; area: UserType };
