import { Navigate } from 'react-router-dom';
import { useAuth } from '../use-auth';
import { CrossAppRedirect } from './cross-app-redirect';
import { destinationFor } from './dashboard-path';
import { APP_OF_ROLE } from './role-apps';

/** Where a signed-in user belongs: this app's dashboard, or their own role's app. */
export function SignedInRedirect() {
  const { user, area } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  if (area && APP_OF_ROLE[user.userType] !== APP_OF_ROLE[area]) return <CrossAppRedirect />;
  return <Navigate to={destinationFor(user.userType)} replace />;
}
