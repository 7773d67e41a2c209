import type { AdminStats } from '@sieve/contracts';

/** A complete stats answer for tests, with the figures a test cares about set. */
export function statsFixture(
  overrides: Partial<{
    pending: number;
    processing: number;
    activeWorkers: number;
    totalWorkers: number;
    pendingWorkers: number;
    total: number;
    completed: number;
    failed: number;
    available: number;
    claimed: number;
    expiredClaims: number;
    paused: boolean;
    efficiency: number;
  }> = {},
): AdminStats {
  const o = {
    pending: 2,
    processing: 1,
    activeWorkers: 3,
    totalWorkers: 5,
    pendingWorkers: 1,
    total: 20,
    completed: 15,
    failed: 2,
    available: 4,
    claimed: 1,
    expiredClaims: 0,
    paused: false,
    efficiency: 92.5,
    ...overrides,
  };
  return {
    systemHealth: {
      status: 'healthy',
      uptime: 3_900,
      errorRatio: o.total > 0 ? o.failed / o.total : 0,
      services: [{ name: 'database', health: 1 }],
    },
    operationsData: {
      queues: { pending: o.pending, processing: o.processing },
      tasks: { available: o.available, claimed: o.claimed, expiredClaims: o.expiredClaims },
      requests: { total: o.total, completed: o.completed, failed: o.failed },
      throughput: 1.25,
      avgLatency: 42,
      paused: o.paused,
    },
    teamMetrics: {
      activeWorkers: o.activeWorkers,
      totalWorkers: o.totalWorkers,
      pendingWorkers: o.pendingWorkers,
      totalRequesters: 4,
      efficiency: o.efficiency,
      topPerformers: [
        { id: 'w1', name: 'Ada Reviewer', tasksCompleted: 12, score: 0.95 },
        { id: 'w2', name: 'Bo Reviewer', tasksCompleted: 8, score: 0.9 },
      ],
    },
    alerts: [],
    analytics: {
      requestsPerDay: [
        { date: '2025-03-01', submitted: 3, completed: 2 },
        { date: '2025-03-02', submitted: 5, completed: 4 },
      ],
      turnaroundHours: [
        { date: '2025-03-01', hours: null, requests: 0 },
        { date: '2025-03-02', hours: 1.5, requests: 3 },
      ],
      throughputPerHour: [
        { hour: '2025-03-02T10:00:00.000Z', reviews: 0 },
        { hour: '2025-03-02T11:00:00.000Z', reviews: 6 },
        { hour: '2025-03-02T12:00:00.000Z', reviews: 2 },
      ],
      reviewerAccuracy: [
        { date: '2025-03-01', accuracy: 0.8 },
        { date: '2025-03-02', accuracy: null },
      ],
      documentTypes: [{ type: 'pdf', count: 6 }],
    },
    generatedAt: '2025-03-02T12:30:00.000Z',
  };
}
