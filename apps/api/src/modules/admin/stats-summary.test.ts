import type { AdminStats } from '@sieve/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStatsSummary } from './stats-summary';

const figures = (total: number) =>
  ({ operationsData: { requests: { total }, paused: false } }) as unknown as AdminStats;

afterEach(() => vi.useRealTimers());

describe('the admin stats summary', () => {
  it('serves the summary, refreshing it in the background once it is older than its max age', async () => {
    vi.useFakeTimers();
    let computed = 0;
    const summary = createStatsSummary(async () => figures(++computed), {
      maxAgeMs: 15_000,
      isPaused: async () => false,
    });
    const reads = await Promise.all(Array.from({ length: 50 }, () => summary.read()));
    expect(computed).toBe(1);
    expect(reads.every((r) => r.operationsData.requests.total === 1)).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect((await summary.read()).operationsData.requests.total).toBe(1);
    vi.advanceTimersByTime(6_000);
    // Too old: served once more while the new summary is computed, then the new one.
    expect((await summary.read()).operationsData.requests.total).toBe(1);
    expect((await summary.read()).operationsData.requests.total).toBe(2);
    // The schedule's refresh keeps it current without a reader paying for it.
    await summary.refresh();
    expect((await summary.read()).operationsData.requests.total).toBe(3);
  });

  it('refreshes on the schedule only while read, and waits for a new summary after a quiet spell', async () => {
    vi.useFakeTimers();
    let computed = 0;
    const summary = createStatsSummary(async () => figures(++computed), {
      maxAgeMs: 15_000,
      isPaused: async () => false,
    });
    await summary.refreshIfRead(65_000);
    expect(computed).toBe(0);
    expect((await summary.read()).operationsData.requests.total).toBe(1);
    vi.advanceTimersByTime(30_000);
    await summary.refreshIfRead(65_000);
    expect(computed).toBe(2);
    vi.advanceTimersByTime(70_000);
    await summary.refreshIfRead(65_000);
    expect(computed).toBe(2);
    // Four max ages old: the reader gets a fresh summary, not the old one.
    expect((await summary.read()).operationsData.requests.total).toBe(3);
  });

  it('reads the pause flag live, never from the summary', async () => {
    let paused = false;
    const summary = createStatsSummary(async () => figures(1), {
      maxAgeMs: 60_000,
      isPaused: async () => paused,
    });
    expect((await summary.read()).operationsData.paused).toBe(false);
    paused = true;
    expect((await summary.read()).operationsData.paused).toBe(true);
  });
});
