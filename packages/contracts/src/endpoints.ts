import { authEndpoints } from './auth';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { requestEndpoints } from './requests';

/** Every endpoint of the API. The route guard test walks this table completely. */
export const ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(healthEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(requestEndpoints),
];
