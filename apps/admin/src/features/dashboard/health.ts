import { ADMIN_QUEUE_BAR_MAX, type AdminStats } from '@sieve/contracts';

export const HEALTH_LABEL: Record<AdminStats['systemHealth']['status'], string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  critical: 'Critical',
};

export const HEALTH_TONE = {
  healthy: 'success',
  degraded: 'warning',
  critical: 'danger',
} as const satisfies Record<AdminStats['systemHealth']['status'], 'success' | 'warning' | 'danger'>;

/** spec 02 §9 queue bars: pending fills at 200, processing at 100. Returns 0–1. */
export function queueFill(kind: keyof typeof ADMIN_QUEUE_BAR_MAX, count: number): number {
  if (!(count > 0)) return 0;
  return Math.min(1, count / ADMIN_QUEUE_BAR_MAX[kind]);
}
