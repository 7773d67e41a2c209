import { ApiError } from '@sieve/auth';
import { describe, expect, it } from 'vitest';
import { historyErrorMessage } from './use-history';

describe('history errors (spec 01 §8)', () => {
  it('reads "Authentication failed: {status}: {detail}" for a non-401 failure', () => {
    expect(
      historyErrorMessage(new ApiError({ status: 500, code: 'INTERNAL_SERVER_ERROR', detail: 'Boom' })),
    ).toBe('Authentication failed: 500: Boom');
  });

  it('falls back to "Failed to fetch task history"', () => {
    expect(historyErrorMessage(new ApiError({ status: 401, code: 'UNAUTHORIZED' }))).toBe(
      'Failed to fetch task history',
    );
    expect(historyErrorMessage(ApiError.network())).toBe('Failed to fetch task history');
  });
});
