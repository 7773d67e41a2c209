import { ApiError } from '@sieve/auth';
import { useEffect, useState } from 'react';
import { acceptTask, callError } from '../workspace/worker-api';

/** How often an open task's claim is renewed: well inside the 30-minute lease (DESIGN §4). */
export const LEASE_RENEW_MS = 5 * 60_000;

export type LeaseState =
  | { status: 'claiming' }
  | { status: 'held'; expiresAt: string }
  | { status: 'lost'; message: string; code: string | null };

/**
 * Claims the task when it opens and renews the claim while it stays open, so a task abandoned
 * with its tab frees up soon after (DESIGN §4). A 409 means another reviewer took the last slot.
 */
export function useLease(taskId: string): LeaseState {
  const [state, setState] = useState<LeaseState>({ status: 'claiming' });
  useEffect(() => {
    let isCurrent = true;
    const claim = async () => {
      try {
        const accepted = await acceptTask(taskId);
        if (isCurrent) setState({ status: 'held', expiresAt: accepted.lease_expires_at });
      } catch (error) {
        if (!isCurrent) return;
        // A blip while renewing keeps the claim we have; a refusal is shown.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setState({ status: 'lost', message: callError(error, 'accept'), code: error.code });
        } else {
          setState((current) =>
            current.status === 'held'
              ? current
              : { status: 'lost', message: callError(error, 'accept'), code: null },
          );
        }
      }
    };
    void claim();
    const timer = setInterval(() => void claim(), LEASE_RENEW_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [taskId]);
  return state;
}
