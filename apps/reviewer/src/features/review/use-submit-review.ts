import type { ReviewBody } from '@sieve/contracts';
import { useCallback, useRef, useState } from 'react';
import { callError, submitReview } from '../workspace/worker-api';
import { isRetriable, withRetry } from './retry';
import { recordAttempt, recordPending } from './submission-outbox';

export type SubmitState =
  | { status: 'idle' }
  | { status: 'sending'; attempt: number }
  /** Not acknowledged. `willRetry`: kept as pending and sent again in the background. */
  | { status: 'failed'; message: string; willRetry: boolean };

/** Submissions being sent right now, so the background sender never doubles one. */
export const sendingNow = new Set<string>();

/**
 * Sends a review the way DESIGN §4 asks: recorded locally first, retried with backoff, reported
 * done only once the server acknowledged it. `submit` resolves true only then.
 */
export function useSubmitReview(workerId: string, taskId: string) {
  const [state, setState] = useState<SubmitState>({ status: 'idle' });
  const isBusy = useRef(false);

  const submit = useCallback(
    async (body: ReviewBody): Promise<boolean> => {
      if (isBusy.current) return false;
      isBusy.current = true;
      sendingNow.add(taskId);
      recordPending(workerId, taskId, body);
      setState({ status: 'sending', attempt: 1 });
      try {
        await withRetry(() => submitReview(taskId, body), {
          onRetry: (_error, attempt) => setState({ status: 'sending', attempt: attempt + 1 }),
        });
        recordAttempt(workerId, taskId, { status: 'submitted' });
        setState({ status: 'idle' });
        return true;
      } catch (error) {
        const message = callError(error, 'review');
        const willRetry = isRetriable(error);
        recordAttempt(workerId, taskId, { status: willRetry ? 'pending' : 'failed', error: message });
        setState({ status: 'failed', message, willRetry });
        return false;
      } finally {
        sendingNow.delete(taskId);
        isBusy.current = false;
      }
    },
    [workerId, taskId],
  );

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);

  return { state, submit, dismiss };
}
