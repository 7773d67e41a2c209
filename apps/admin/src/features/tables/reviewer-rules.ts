import { REJECTIONS_HIGHLIGHT_ABOVE, TOP_PERFORMER_HIGHLIGHT_ABOVE, WORKER_RATING } from '@sieve/contracts';
import type { Worker } from './api';

export type RatingTone = 'success' | 'warning' | 'danger';

/** spec 02 §9: a rating of 4.5 and above is green, 3.5 and above yellow, else red; none has no colour. */
export function ratingTone(rating: number | null | undefined): RatingTone | null {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return null;
  if (rating >= WORKER_RATING.green) return 'success';
  if (rating >= WORKER_RATING.yellow) return 'warning';
  return 'danger';
}

/** spec 02 §9: more than 5 rejections are highlighted. */
export function hasManyRejections(rejected: number): boolean {
  return rejected > REJECTIONS_HIGHLIGHT_ABOVE;
}

/** spec 02 §9: a top performer with a score above 0.9 is highlighted. */
export function isStandoutScore(score: number | null): boolean {
  return score !== null && score > TOP_PERFORMER_HIGHLIGHT_ABOVE;
}

export const WORKER_STATUS_LABEL: Record<Worker['status'], string> = {
  active: 'Active',
  pending: 'Pending approval',
  inactive: 'Inactive',
};

export const WORKER_STATUS_TONE = {
  active: 'success',
  pending: 'warning',
  inactive: 'neutral',
} as const satisfies Record<Worker['status'], 'success' | 'warning' | 'neutral'>;

/** The one action a reviewer's row offers: approve a pending reviewer, or switch active on or off. */
export function rowActionFor(status: Worker['status']): { label: string; active: boolean } {
  if (status === 'pending') return { label: 'Approve', active: true };
  if (status === 'active') return { label: 'Deactivate', active: false };
  return { label: 'Activate', active: true };
}
