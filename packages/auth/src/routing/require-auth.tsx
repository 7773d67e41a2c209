import type { UserType } from '@sieve/contracts';
import { Spinner } from '@sieve/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../use-auth';
import { SignedInRedirect } from './signed-in-redirect';

export interface RequireAuthProps {
  /** The role this route belongs to. */
  userType?: UserType;
  children: ReactNode;
}

/**
 * spec 01 §2: a spinner while the session loads; anonymous users go to /login. A user of another
 * role is taken to their own app.
 */
export function RequireAuth({ userType, children }: RequireAuthProps) {
  const { status, user } = useAuth();
  if (status === 'loading') return <Spinner size="lg" isFullPage />;
  if (!user) return <Navigate to="/login" replace />;
  if (userType && user.userType !== userType) return <SignedInRedirect />;
  return children;
}
