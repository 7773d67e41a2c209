import { createAppRoutes } from '@sieve/auth';
import { Spinner } from '@sieve/ui';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadTestLoginScreen } from '../env';
import { APP } from './app-config';

const DashboardPage = lazy(() => import('../features/workspace/workspace-page'));
const AppLayout = lazy(() => import('./app-layout'));

function devOnlyRoutes(): RouteObject[] {
  if (!loadTestLoginScreen) return [];
  const TestLoginScreen = lazy(loadTestLoginScreen);
  return [
    {
      path: '/test-login',
      element: (
        <Suspense fallback={<Spinner size="lg" isFullPage />}>
          <TestLoginScreen appName={APP.name} userTypes={[APP.area]} />
        </Suspense>
      ),
    },
  ];
}

export const routes = createAppRoutes({
  appName: APP.name,
  area: APP.area,
  Dashboard: DashboardPage,
  Layout: AppLayout,
  extraRoutes: devOnlyRoutes(),
});
