import { ApiError } from '@sieve/auth';
import { describe, expect, it, vi } from 'vitest';
import { describeOutcome, runForEach } from './bulk-run';

describe('runForEach', () => {
  it('makes one call per item, in order, and carries on past a failure', async () => {
    const calls: string[] = [];
    const call = vi.fn(async (id: string) => {
      calls.push(id);
      if (id === 'b') throw new ApiError({ status: 404, code: 'USER_NOT_FOUND', detail: 'No such reviewer' });
    });
    const outcome = await runForEach(['a', 'b', 'c'], call, 'Failed to update worker status');
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(outcome.succeeded).toEqual(['a', 'c']);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0]?.id).toBe('b');
  });

  it("uses the call's fallback when the server says nothing useful", async () => {
    const outcome = await runForEach(
      ['a'],
      async () => Promise.reject(new Error('boom')),
      'Failed to delete worker',
    );
    expect(outcome.failed[0]?.message).toBe('Failed to delete worker');
  });
});

describe('describeOutcome', () => {
  const noun = { one: 'reviewer', many: 'reviewers' };

  it('reports a clean run', () => {
    expect(describeOutcome({ succeeded: ['a', 'b'], failed: [] }, 'Deactivated', noun)).toEqual({
      message: 'Deactivated 2 reviewers.',
      tone: 'success',
    });
    expect(describeOutcome({ succeeded: ['a'], failed: [] }, 'Deleted', noun).message).toBe(
      'Deleted 1 reviewer.',
    );
  });

  it('reports partial and complete failures with their reasons, once each', () => {
    const failed = [
      { id: 'b', message: 'Failed to delete worker' },
      { id: 'c', message: 'Failed to delete worker' },
    ];
    expect(describeOutcome({ succeeded: ['a'], failed }, 'Deleted', noun)).toEqual({
      message: 'Deleted 1 of 3 reviewers. 2 failed: Failed to delete worker',
      tone: 'error',
    });
    expect(describeOutcome({ succeeded: [], failed }, 'Deleted', noun).message).toBe(
      'Deleted none of 2 reviewers. 2 failed: Failed to delete worker',
    );
  });
});
