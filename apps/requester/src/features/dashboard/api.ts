import { healthEndpoints } from '@sieve/contracts';

/** SWR keys of the dashboard: paths under /api/v1. */
export const DASHBOARD_KEYS = {
  health: healthEndpoints.health.path,
} as const;
