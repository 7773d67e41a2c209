import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthOutcome } from '../auth-context';
import { destinationFor } from './dashboard-path';
import { leaveApp } from './leave-app';

/** Goes where a sign-in, sign-up or hand-off leads: this app's dashboard, or the user's own app. */
export function useFollowAuthOutcome(): (outcome: AuthOutcome) => void {
  const navigate = useNavigate();
  return useCallback(
    (outcome: AuthOutcome) => {
      if (outcome.kind === 'handoff') leaveApp(outcome.url);
      else navigate(destinationFor(outcome.user.userType), { replace: true });
    },
    [navigate],
  );
}
