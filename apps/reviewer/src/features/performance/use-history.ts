import { ApiError } from '@sieve/auth';
import { REVIEWER } from '@sieve/contracts';
import useSWR from 'swr';
import { CALL_FALLBACK, type History, historyPath } from '../workspace/worker-api';

/** spec 01 §8: a non-401 failure of the history call reads "Authentication failed: {status}: {detail}". */
export function historyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 401 && error.status !== 0) {
    return `Authentication failed: ${error.status}: ${error.detail ?? error.message}`;
  }
  return CALL_FALLBACK.history;
}

/** The reviewer's latest tasks: page 1 of 20 (spec 01 §9 history page size). */
export function useWorkerHistory(isEnabled: boolean) {
  return useSWR<History>(isEnabled ? historyPath(1, REVIEWER.historyPageSize) : null, {
    shouldRetryOnError: false,
  });
}
