import type { AdminStats } from '@sieve/contracts';

type Analytics = AdminStats['analytics'];

export interface AnalyticsSummary {
  submitted: number;
  completed: number;
  /** Mean of the days that had completions, in hours; null with none. */
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

/** The figures above the analytics charts, computed from the same series (nothing hard-coded). */
export function summarise(analytics: Analytics): AnalyticsSummary {
  const busiest = analytics.throughputPerHour.reduce<{ hour: string; reviews: number } | null>(
    (best, h) => (h.reviews > 0 && (!best || h.reviews > best.reviews) ? h : best),
    null,
  );
  return {
    submitted: analytics.requestsPerDay.reduce((sum, d) => sum + d.submitted, 0),
    completed: analytics.requestsPerDay.reduce((sum, d) => sum + d.completed, 0),
    averageTurnaroundHours: meanOf(analytics.turnaroundHours.map((d) => d.hours)),
    reviewsLast24h: analytics.throughputPerHour.reduce((sum, h) => sum + h.reviews, 0),
    busiestHour: busiest,
    averageAccuracy: meanOf(analytics.reviewerAccuracy.map((d) => d.accuracy)),
  };
}
