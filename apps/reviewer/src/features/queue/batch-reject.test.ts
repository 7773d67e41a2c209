import { ApiError } from '@sieve/auth';
import { describe, expect, it, vi } from 'vitest';
import { batchRejectMessage, rejectInOrder } from './batch-reject';

describe('batch reject (spec 01 §7, §8)', () => {
  it('rejects one task at a time, in order', async () => {
    const order: string[] = [];
    let running = 0;
    const reject = vi.fn(async (id: string) => {
      running += 1;
      expect(running).toBe(1);
      order.push(id);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
    });
    const result = await rejectInOrder(['a', 'b', 'c'], reject, { hasToken: true });
    expect(order).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ successful: ['a', 'b', 'c'], failed: [] });
    expect(batchRejectMessage(result)).toEqual({ text: 'Successfully rejected 3 tasks.', tone: 'success' });
  });

  it('stops on a 401 or 403 and counts the rest as failed', async () => {
    for (const status of [401, 403]) {
      const reject = vi.fn(async (id: string) => {
        if (id === 'b') throw new ApiError({ status, code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' });
      });
      const result = await rejectInOrder(['a', 'b', 'c', 'd'], reject, { hasToken: true });
      expect(reject).toHaveBeenCalledTimes(2);
      expect(result).toEqual({ successful: ['a'], failed: ['b', 'c', 'd'] });
      expect(batchRejectMessage(result).text).toBe(
        'Rejected 1 tasks successfully. 3 tasks failed to reject.',
      );
    }
  });

  it('carries on past other failures', async () => {
    const reject = vi.fn(async (id: string) => {
      if (id === 'b') throw new ApiError({ status: 409, code: 'TASK_ALREADY_CLAIMED' });
    });
    const result = await rejectInOrder(['a', 'b', 'c'], reject, { hasToken: true });
    expect(result).toEqual({ successful: ['a', 'c'], failed: ['b'] });
  });

  it('fails every task without a token, and says so', async () => {
    const reject = vi.fn();
    const result = await rejectInOrder(['a', 'b'], reject, { hasToken: false });
    expect(reject).not.toHaveBeenCalled();
    expect(result).toEqual({ successful: [], failed: ['a', 'b'] });
    expect(batchRejectMessage(result)).toEqual({
      text: 'Failed to reject tasks. Please try again.',
      tone: 'error',
    });
  });
});
