import { Spinner } from '@sieve/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessageFor } from '../api/api-error';
import { USER_TYPE_LABEL } from '../session/session-user';
import { useAuth } from '../use-auth';
import { leaveApp } from './leave-app';

/**
 * A session of another role in this app (restored from storage): it moves to its own app through
 * a hand-off code, and ends here. If the hand-off fails, the user signs in again.
 */
export function CrossAppRedirect() {
  const { user, handOffSession, logout } = useAuth();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const label = user ? `Opening the ${USER_TYPE_LABEL[user.userType]} app` : 'Signing you out';

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    handOffSession().then(leaveApp, (error: unknown) => {
      logout({ error: errorMessageFor(error, 'Failed to login') });
      navigate('/login', { replace: true });
    });
  }, [handOffSession, logout, navigate]);

  return <Spinner size="lg" label={label} isFullPage />;
}
