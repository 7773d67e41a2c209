import type { UserType } from '@sieve/contracts';
import { Spinner } from '@sieve/ui';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RequireAuth } from './require-auth';

export interface SignedInAreaProps {
  area: UserType;
  /** The app's frame around its pages (header with the theme controls and Logout). */
  Layout?: ComponentType<{ children: ReactNode }>;
}

// Signed-in pages only: loaded with them, not with the sign-in screen.
const SessionTimeout = lazy(() => import('../session/session-timeout'));

function Bare({ children }: { children: ReactNode }) {
  return children;
}

/** The layout route of an app's area: guarded, timed out after inactivity, framed by the app's layout. */
export function SignedInArea({ area, Layout = Bare }: SignedInAreaProps) {
  return (
    <RequireAuth userType={area}>
      <Suspense fallback={null}>
        <SessionTimeout />
      </Suspense>
      <Suspense fallback={<Spinner size="lg" isFullPage />}>
        <Layout>
          <Suspense fallback={<Spinner size="lg" />}>
            <Outlet />
          </Suspense>
        </Layout>
      </Suspense>
    </RequireAuth>
  );
}
