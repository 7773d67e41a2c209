import type { AdminStats } from '@sieve/contracts';

type Analytics = AdminStats['analytics'];

export interface AnalyticsSummary {
  submitted: number;
  completed: number;
  /** Submit → completed of human-reviewed requests over 14 days, in hours; null with none. */
  averageTurnaroundHours: number | null;
  reviewsLast24h: number;
  busiestHour: { hour: string; reviews: number } | null;
  /** Mean of the days with reviews, 0–1; null with none. */
  averageAccuracy: number | null;
}

function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length > 0 ? present.reduce((sum, v) => sum + v, 0) / present.length : null;
}

/** Each day's mean weighed by the requests it completed: the mean over all of them. */
function weightedTurnaround(days: Analytics['turnaroundHours']): number | null {
  let hours = 0;
  let requests = 0;
  for (const day of days) {
    if (day.hours === null || !Number.isFinite(day.hours) || day.requests <= 0) continue;
    hours += day.hours * day.requests;
    requests += day.requests;
  }
  return requests > 0 ? hours / requests : null;
}

/** The figures above the analytics charts, computed from the same series (nothing hard-coded). */
export function summarise(analytics: Analytics): AnalyticsSummary {
  const busiest = analytics.throughputPerHour.reduce<{ hour: string; reviews: number } | null>(
    (best, h) => (h.reviews > 0 && (!best || h.reviews > best.reviews) ? h : best),
    null,
  );
  return {
    submitted: analytics.requestsPerDay.reduce((sum, d) => sum + d.submitted, 0),
    completed: analytics.requestsPerDay.reduce((sum, d) => sum + d.completed, 0),
    averageTurnaroundHours: weightedTurnaround(analytics.turnaroundHours),
    reviewsLast24h: analytics.throughputPerHour.reduce((sum, h) => sum + h.reviews, 0),
    busiestHour: busiest,
    averageAccuracy: meanOf(analytics.reviewerAccuracy.map((d) => d.accuracy)),
  };
}
