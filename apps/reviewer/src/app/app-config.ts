import type { UserType } from '@sieve/contracts';

/** Who this app is for: the worker role, shown as Reviewer (spec 01 §1). */
export const APP = {
  name: 'Sieve Reviewer',
  area: 'worker',
} as const satisfies { name: string; area: UserType };
