import { ApiError } from '@sieve/auth';
import { describe, expect, it, vi } from 'vitest';
import { isRetriable, withRetry } from './retry';

const noSleep = () => Promise.resolve();

describe('retry with backoff', () => {
  it('retries network and server failures, then succeeds', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(ApiError.network())
      .mockRejectedValueOnce(new ApiError({ status: 503 }))
      .mockResolvedValue('ok');
    await expect(withRetry(send, { sleep: noSleep })).resolves.toBe('ok');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last delay and throws the last error', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError({ status: 500 }));
    await expect(withRetry(send, { sleep: noSleep, delays: [1, 1] })).rejects.toBeInstanceOf(ApiError);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not retry a final answer (4xx)', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError({ status: 410, code: 'TASK_EXPIRED' }));
    await expect(withRetry(send, { sleep: noSleep })).rejects.toMatchObject({ status: 410 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(isRetriable(new ApiError({ status: 429 }))).toBe(true);
    expect(isRetriable(new Error('x'))).toBe(false);
  });
});
