import { ApiError } from '@sieve/auth';

/** Waits between attempts: short at first, so a blip costs the reviewer well under ten seconds. */
export const RETRY_DELAYS_MS = [400, 1_200, 3_000] as const;

/**
 * Worth sending again: the server was unreachable, busy or failed (review is idempotent per task
 * and reviewer, DESIGN §4, so a resend never counts twice). A 4xx answer is final.
 */
export function isRetriable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export interface RetryOptions {
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Told of each failed attempt that will be retried. */
  onRetry?: (error: unknown, attempt: number) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `send`, retrying retriable failures after each delay; throws the last error. */
export async function withRetry<T>(send: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { delays = RETRY_DELAYS_MS, sleep = defaultSleep, onRetry } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetriable(error)) throw error;
      onRetry?.(error, attempt + 1);
      await sleep(delay);
    }
  }
}
