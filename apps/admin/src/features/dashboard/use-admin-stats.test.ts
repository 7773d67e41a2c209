import { describe, expect, it } from 'vitest';
import { statsFixture } from './stats-fixture';
import { withLiveFigures } from './use-admin-stats';

describe('withLiveFigures', () => {
  it("puts the last second's counts, health, alerts and pause over the summary, and keeps the rest", () => {
    const stats = statsFixture();
    const alert = {
      id: 'backlog',
      severity: 'critical' as const,
      title: 'Queue backlog',
      message: '9 waiting',
    };
    const shown = withLiveFigures(stats, {
      systemHealth: { status: 'critical' },
      teamMetrics: { activeWorkers: 7, totalWorkers: 9, pendingWorkers: 2, totalRequesters: 31 },
      alerts: [alert],
      paused: true,
    });
    expect(shown.teamMetrics).toMatchObject({
      activeWorkers: 7,
      totalWorkers: 9,
      pendingWorkers: 2,
      totalRequesters: 31,
      topPerformers: stats.teamMetrics.topPerformers,
    });
    expect(shown.systemHealth).toEqual({ ...stats.systemHealth, status: 'critical' });
    expect(shown.alerts).toEqual([alert]);
    expect(shown.operationsData).toEqual({ ...stats.operationsData, paused: true });
    expect(shown.analytics).toBe(stats.analytics);
  });

  it('shows the summary as it is until the first live read', () => {
    const stats = statsFixture();
    expect(withLiveFigures(stats, undefined)).toBe(stats);
  });
});
