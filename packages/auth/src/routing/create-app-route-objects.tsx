import type { UserType } from '@sieve/contracts';
import { Spinner } from '@sieve/ui';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { TestLoginScreenProps } from '../test-login/test-login-screen';
import { createAppRoutes } from './create-app-routes';
import { lazyWithPreload } from './lazy-with-preload';

type ModuleLoader<P> = () => Promise<{ default: ComponentType<P> }>;

export interface AppRouteObjectsOptions {
  /** Who the app is for: its name next to the logo and the role whose area it serves. */
  app: { readonly name: string; readonly area: UserType };
  /** `() => import('…')` of the area's dashboard page: it stays a chunk of its own. */
  loadDashboard: ModuleLoader<Record<string, never>>;
  /** `() => import('./app-layout')`: the frame of the signed-in pages. */
  loadLayout: ModuleLoader<{ children: ReactNode }>;
  /**
   * Routes that only some builds have: `loadTestLoginScreen ? testLoginRoutes(APP, loadTestLoginScreen) : []`,
   * written in the app so that its production build, where the loader is null, drops them.
   */
  devOnlyRoutes?: RouteObject[];
}

/**
 * DESIGN §5: the development-only /test-login route. `loadTestLoginScreen` is the app's own
 * `src/env.ts` loader, null in production builds, where this function is not reached and neither
 * the route nor the screen's module is emitted (the dynamic import stays beside its
 * `import.meta.env.DEV` literal in the app).
 */
export function testLoginRoutes(
  app: AppRouteObjectsOptions['app'],
  loadTestLoginScreen: ModuleLoader<TestLoginScreenProps>,
): RouteObject[] {
  const TestLoginScreen = lazy(loadTestLoginScreen);
  return [
    {
      path: '/test-login',
      element: (
        <Suspense fallback={<Spinner size="lg" isFullPage />}>
          <TestLoginScreen appName={app.name} userTypes={[app.area]} />
        </Suspense>
      ),
    },
  ];
}

export interface AppRouteObjects {
  routes: RouteObject[];
  /**
   * Loads the signed-in area's layout and dashboard. Awaited before the first render when the
   * page opens on the dashboard with a session, it renders them at once (issue 42: see
   * lazyWithPreload); elsewhere they still load on demand.
   */
  preloadSignedInArea: () => Promise<void>;
}

/** An app's whole route table (spec 01 §2) from its config and its lazily loaded pages. */
export function createAppRouteObjects({
  app,
  loadDashboard,
  loadLayout,
  devOnlyRoutes = [],
}: AppRouteObjectsOptions): AppRouteObjects {
  const Dashboard = lazyWithPreload(loadDashboard);
  const Layout = lazyWithPreload(loadLayout);
  return {
    routes: createAppRoutes({
      appName: app.name,
      area: app.area,
      Dashboard,
      Layout,
      extraRoutes: devOnlyRoutes,
    }),
    preloadSignedInArea: async () => {
      await Promise.all([Layout.preload(), Dashboard.preload()]);
    },
  };
}
