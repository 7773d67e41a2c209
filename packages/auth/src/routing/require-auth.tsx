import type { UserType } from '@sieve/contracts';
import { Spinner } from '@sieve/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../use-auth';
import { WrongAccountNotice } from './wrong-account-notice';

export interface RequireAuthProps {
  /** The role this route belongs to. */
  userType?: UserType;
  children: ReactNode;
}

/** spec 01 §2: a spinner while the session loads; anonymous users go to /login. */
export function RequireAuth({ userType, children }: RequireAuthProps) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner size="lg" isFullPage />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (userType && user.userType !== userType) {
    return <WrongAccountNotice expected={userType} actual={user.userType} />;
  }
  return children;
}
