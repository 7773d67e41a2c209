import type { UserType } from '@sieve/contracts';

/** Who this app is for: the requester role (spec 02). */
export const APP = {
  name: 'Sieve Requester',
  area: 'requester',
} as const satisfies { name: string; area: UserType };
