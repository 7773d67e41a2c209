import { AREA_OF_ROLE, DASHBOARD_OF_ROLE } from '@sieve/contracts';

/** The app each role works in (spec 01 §2); from contracts' constants, which carry no zod. */
export const APP_OF_ROLE = AREA_OF_ROLE;

/** spec 01 §2: each role's dashboard. */
export const DASHBOARD_PATH_OF_ROLE = DASHBOARD_OF_ROLE;
