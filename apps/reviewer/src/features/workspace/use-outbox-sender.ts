import { REVIEWER } from '@sieve/contracts';
import { useEffect, useRef } from 'react';
import { isRetriable } from '../review/retry';
import { pendingSubmissions, recordAttempt } from '../review/submission-outbox';
import { sendingNow } from '../review/use-submit-review';
import { callError, submitReview } from './worker-api';

/**
 * Sends again what this reviewer submitted but the server never acknowledged (DESIGN §4): at
 * start (a reload after a failure), every 30 seconds, and when the browser comes back online.
 * The review call is idempotent, so a copy that did arrive is not counted twice.
 */
export function useOutboxSender(workerId: string, onSubmitted: (taskId: string) => void): void {
  const onSubmittedRef = useRef(onSubmitted);
  onSubmittedRef.current = onSubmitted;

  useEffect(() => {
    if (!workerId) return;
    let isRunning = false;
    let isCurrent = true;
    const flush = async () => {
      if (isRunning) return;
      isRunning = true;
      try {
        for (const entry of pendingSubmissions(workerId)) {
          if (!isCurrent) return;
          if (sendingNow.has(entry.task_id)) continue;
          sendingNow.add(entry.task_id);
          try {
            await submitReview(entry.task_id, entry.submission);
            recordAttempt(workerId, entry.task_id, { status: 'submitted' });
            if (isCurrent) onSubmittedRef.current(entry.task_id);
          } catch (error) {
            recordAttempt(workerId, entry.task_id, {
              status: isRetriable(error) ? 'pending' : 'failed',
              error: callError(error, 'review'),
            });
            // Still unreachable: the rest would fail the same way; try again next round.
            if (isRetriable(error)) return;
          } finally {
            sendingNow.delete(entry.task_id);
          }
        }
      } finally {
        isRunning = false;
      }
    };
    void flush();
    const timer = setInterval(() => void flush(), REVIEWER.queueRefreshMs);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [workerId]);
}
