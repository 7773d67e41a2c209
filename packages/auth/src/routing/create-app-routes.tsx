import type { UserType } from '@sieve/contracts';
import { Spinner } from '@sieve/ui';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { dashboardPathFor } from './dashboard-path';
import { HomeRedirect } from './home-redirect';
import { SignedInArea } from './signed-in-area';

// The screens load on demand: the first bundle holds the providers and the routing only.
const AuthScreen = lazy(() => import('../screens/auth-screen'));
const ForgotPasswordScreen = lazy(() => import('../screens/forgot-password-screen'));
const ResetPasswordScreen = lazy(() => import('../screens/reset-password-screen'));

export interface AppRoutesOptions {
  /** Shown next to the logo, e.g. "Sieve Reviewer". */
  appName: string;
  /** The role whose area this app serves. */
  area: UserType;
  /** The area's dashboard; pass a `lazy()` component to keep it out of the first bundle. */
  Dashboard: ComponentType;
  /** The frame of the signed-in pages (header, theme controls, Logout); may be `lazy()` too. */
  Layout?: ComponentType<{ children: ReactNode }>;
  /** Routes that only some builds have (the development-only /test-login). */
  extraRoutes?: RouteObject[];
}

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner size="lg" isFullPage />}>{children}</Suspense>;
}

/** spec 01 §2 route table, the same in every app. */
export function createAppRoutes({
  appName,
  area,
  Dashboard,
  Layout,
  extraRoutes = [],
}: AppRoutesOptions): RouteObject[] {
  const authScreen = (
    <Screen>
      <AuthScreen appName={appName} defaultUserType={area} />
    </Screen>
  );
  const dashboardPath = dashboardPathFor(area);
  return [
    { path: '/', element: <HomeRedirect /> },
    { path: '/login', element: authScreen },
    { path: '/signup', element: authScreen },
    { path: '/register', element: authScreen },
    {
      path: '/forgot-password',
      element: (
        <Screen>
          <ForgotPasswordScreen appName={appName} />
        </Screen>
      ),
    },
    {
      path: '/reset-password',
      element: (
        <Screen>
          <ResetPasswordScreen appName={appName} />
        </Screen>
      ),
    },
    {
      element: <SignedInArea area={area} {...(Layout ? { Layout } : {})} />,
      children: [
        { path: dashboardPath, element: <Dashboard /> },
        // spec 01 §2: each area permits only its dashboard page.
        { path: `/${area}/*`, element: <Navigate to={dashboardPath} replace /> },
      ],
    },
    ...extraRoutes,
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
