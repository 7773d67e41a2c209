import { createAppRouteObjects, testLoginRoutes } from '@sieve/auth';
import { loadTestLoginScreen } from '../env';
import { APP } from './app-config';

export const { routes } = createAppRouteObjects({
  app: APP,
  loadDashboard: () => import('../features/dashboard/dashboard-page'),
  loadLayout: () => import('./app-layout'),
  devOnlyRoutes: loadTestLoginScreen ? testLoginRoutes(APP, loadTestLoginScreen) : [],
});
