import { adminEndpoints } from './admin';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { integrationEndpoints } from './integrations';
import { learningEndpoints } from './learning';
import { requestEndpoints } from './requests';
import { templateEndpoints } from './templates';
import { workerEndpoints } from './worker';

/** Every endpoint of the API. The route guard test walks this table completely. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(healthEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(requestEndpoints),
  ...Object.values(integrationEndpoints),
  ...Object.values(templateEndpoints),
  ...Object.values(learningEndpoints),
  ...Object.values(workerEndpoints),
  ...Object.values(adminEndpoints),
  ...Object.values(billingEndpoints),
];
