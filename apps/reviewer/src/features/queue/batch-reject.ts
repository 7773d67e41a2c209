import { ApiError } from '@sieve/auth';

/** spec 01 §3 "Batch reject result": the task ids that were rejected and those that were not. */
export interface BatchRejectResult {
  successful: string[];
  failed: string[];
}

/**
 * spec 01 §7: one reject call at a time, in order. A 401 or 403 stops the run and every remaining
 * task counts as failed (the next calls would fail the same way); without a token all fail.
 */
export async function rejectInOrder(
  taskIds: readonly string[],
  reject: (taskId: string) => Promise<unknown>,
  { hasToken }: { hasToken: boolean },
): Promise<BatchRejectResult> {
  if (!hasToken) return { successful: [], failed: [...taskIds] };
  const successful: string[] = [];
  const failed: string[] = [];
  for (const [index, taskId] of taskIds.entries()) {
    try {
      await reject(taskId);
      successful.push(taskId);
    } catch (error) {
      failed.push(taskId);
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        failed.push(...taskIds.slice(index + 1));
        break;
      }
    }
  }
  return { successful, failed };
}

/** spec 01 §8: the three batch rejection alerts. */
export function batchRejectMessage({ successful, failed }: BatchRejectResult): {
  text: string;
  tone: 'success' | 'error';
} {
  if (failed.length === 0)
    return { text: `Successfully rejected ${successful.length} tasks.`, tone: 'success' };
  if (successful.length === 0) return { text: 'Failed to reject tasks. Please try again.', tone: 'error' };
  return {
    text: `Rejected ${successful.length} tasks successfully. ${failed.length} tasks failed to reject.`,
    tone: 'error',
  };
}

/** spec 01 §8: a single rejection failure. */
export const REJECT_FAILED_MESSAGE = 'Failed to reject task. Please try again.';
