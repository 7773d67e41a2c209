import { describe, expect, it } from 'vitest';
import { statsFixture } from '../dashboard/stats-fixture';
import { summarise } from './analytics-summary';

describe('summarise', () => {
  it('totals the series and averages only the days that have figures', () => {
    expect(summarise(statsFixture().analytics)).toEqual({
      submitted: 8,
      completed: 6,
      averageTurnaroundHours: 1.5,
      reviewsLast24h: 8,
      busiestHour: { hour: '2025-03-02T11:00:00.000Z', reviews: 6 },
      averageAccuracy: 0.8,
    });
  });

  it("weighs each day's turnaround by the requests it completed (7 minutes stays 7 minutes)", () => {
    const summary = summarise({
      ...statsFixture().analytics,
      turnaroundHours: [
        { date: 'a', hours: 7 / 60, requests: 3 },
        { date: 'b', hours: 1, requests: 1 },
        { date: 'c', hours: null, requests: 0 },
      ],
    });
    expect(summary.averageTurnaroundHours).toBeCloseTo((3 * (7 / 60) + 1) / 4, 6);
  });

  it('has no averages and no busiest hour without data', () => {
    const summary = summarise({
      requestsPerDay: [],
      turnaroundHours: [{ date: 'd', hours: null, requests: 0 }],
      throughputPerHour: [{ hour: 'h', reviews: 0 }],
      reviewerAccuracy: [],
      documentTypes: [],
    });
    expect(summary.averageTurnaroundHours).toBeNull();
    expect(summary.busiestHour).toBeNull();
    expect(summary.averageAccuracy).toBeNull();
  });
});
