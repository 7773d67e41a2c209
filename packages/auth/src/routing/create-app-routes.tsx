import type { UserType } from '@sieve/contracts';
import { Spinner } from '@sieve/ui';
import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthScreen } from '../screens/auth-screen';
import { ForgotPasswordScreen } from '../screens/forgot-password-screen';
import { ResetPasswordScreen } from '../screens/reset-password-screen';
import { dashboardPathFor } from './dashboard-path';
import { RequireAuth } from './require-auth';

export interface AppRoutesOptions {
  /** Shown next to the logo, e.g. "Sieve Reviewer". */
  appName: string;
  /** The role whose area this app serves. */
  area: UserType;
  /** The area's dashboard; pass a `lazy()` component to keep it out of the first bundle. */
  Dashboard: ComponentType;
  /** Routes that only some builds have (the development-only /test-login). */
  extraRoutes?: RouteObject[];
}

/** spec 01 §2 route table, the same in every app. */
export function createAppRoutes({
  appName,
  area,
  Dashboard,
  extraRoutes = [],
}: AppRoutesOptions): RouteObject[] {
  const authScreen = <AuthScreen appName={appName} defaultUserType={area} />;
  const dashboardPath = dashboardPathFor(area);
  return [
    { path: '/', element: <Navigate to="/login" replace /> },
    { path: '/login', element: authScreen },
    { path: '/signup', element: authScreen },
    { path: '/register', element: authScreen },
    { path: '/forgot-password', element: <ForgotPasswordScreen appName={appName} /> },
    { path: '/reset-password', element: <ResetPasswordScreen appName={appName} /> },
    {
      path: dashboardPath,
      element: (
        <RequireAuth userType={area}>
          <Suspense fallback={<Spinner size="lg" isFullPage />}>
            <Dashboard />
          </Suspense>
        </RequireAuth>
      ),
    },
    // spec 01 §2: each area permits only its dashboard page.
    { path: `/${area}/*`, element: <Navigate to={dashboardPath} replace /> },
    ...extraRoutes,
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
