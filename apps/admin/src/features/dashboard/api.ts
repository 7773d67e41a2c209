import type { healthEndpoints } from '@sieve/contracts';

/**
 * SWR keys of the dashboard: paths under /api/v1, checked against the contract by type (a value
 * import of the endpoint table would bring its zod schemas into the bundle).
 */
export const DASHBOARD_KEYS = {
  health: '/health',
} as const satisfies { health: (typeof healthEndpoints)['health']['path'] };
