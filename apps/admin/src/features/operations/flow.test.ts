import { describe, expect, it } from 'vitest';
import { statsFixture } from '../dashboard/stats-fixture';
import { bottlenecks, flowStages } from './flow';

describe('flowStages', () => {
  it('counts every stage from the stats, with shares of all requests and none for tasks', () => {
    const stages = flowStages(
      statsFixture({
        total: 40,
        pending: 4,
        processing: 6,
        completed: 28,
        failed: 2,
        available: 5,
        claimed: 2,
      }),
    );
    expect(stages.map((s) => [s.id, s.count, s.share])).toEqual([
      ['submitted', 40, 1],
      ['queued', 4, 0.1],
      ['processing', 6, 0.15],
      ['review', 7, null],
      ['completed', 28, 0.7],
      ['failed', 2, 0.05],
    ]);
    expect(stages[3]?.detail).toBe('5 tasks open · 2 claims in progress');
  });

  it('has no shares when there are no requests, and says when the queue is paused', () => {
    const stages = flowStages(
      statsFixture({ total: 0, pending: 0, processing: 0, completed: 0, failed: 0, paused: true }),
    );
    expect(stages.every((s) => s.share === null)).toBe(true);
    expect(stages[1]?.detail).toBe('Waiting: the queue is paused');
  });
});

describe('bottlenecks (spec 02 §9)', () => {
  it('flags more than 100 pending as high and fewer than 10 active reviewers as medium, at their thresholds', () => {
    expect(bottlenecks(statsFixture({ pending: 100, activeWorkers: 10, failed: 0 }))).toEqual([]);
    const found = bottlenecks(statsFixture({ pending: 101, activeWorkers: 9, failed: 0 }));
    expect(found.map((b) => [b.id, b.severity])).toEqual([
      ['queue', 'high'],
      ['reviewers', 'medium'],
    ]);
  });

  it('points at what an intervention can fix: expired claims and failed requests', () => {
    const found = bottlenecks(statsFixture({ activeWorkers: 12, expiredClaims: 3, failed: 1 }));
    expect(found.map((b) => b.id)).toEqual(['expired', 'failed']);
    expect(found[0]?.message).toBe('3 claims passed its lease and still holds a review slot.');
  });
});
