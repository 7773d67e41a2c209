import { createAppRouteObjects, testLoginRoutes } from '@sieve/auth';
import { loadTestLoginScreen } from '../env';
import { APP } from './app-config';

export const { routes, preloadSignedInArea } = createAppRouteObjects({
  app: APP,
  loadDashboard: () => import('../features/workspace/workspace-page'),
  loadLayout: () => import('./app-layout'),
  devOnlyRoutes: loadTestLoginScreen ? testLoginRoutes(APP, loadTestLoginScreen) : [],
});
