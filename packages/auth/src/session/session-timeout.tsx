import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../use-auth';
import { SessionTimeoutDialog } from './session-timeout-dialog';
import type { SessionEndReason } from './session-timer';
import { useSessionTimeout } from './use-session-timeout';

const END_NOTICE: Record<SessionEndReason | 'logout', string | undefined> = {
  inactivity: 'You were signed out after a period of inactivity. Please sign in again.',
  'max-duration': 'Your session has expired. Please sign in again.',
  logout: undefined,
};

/**
 * spec 01 §4: the session timers and their warning dialog, for the signed-in pages. When the
 * session ends — timeout, maximum duration or "Log Out" — the user is logged out and sent home.
 */
export default function SessionTimeout() {
  const { token, sessionStartedAt, logout } = useAuth();
  const navigate = useNavigate();

  const end = useCallback(
    (reason: SessionEndReason | 'logout') => {
      const notice = END_NOTICE[reason];
      logout(notice ? { notice } : undefined);
      navigate('/', { replace: true });
    },
    [logout, navigate],
  );

  const { warningDeadline, continueSession } = useSessionTimeout({ token, sessionStartedAt, onEnd: end });

  return (
    <SessionTimeoutDialog
      deadline={warningDeadline}
      onContinue={continueSession}
      onLogout={() => end('logout')}
    />
  );
}
