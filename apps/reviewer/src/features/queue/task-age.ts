import { REVIEWER } from '@sieve/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ageMs(createdAt: string, now: number): number {
  const created = Date.parse(createdAt);
  return Number.isNaN(created) ? 0 : Math.max(0, now - created);
}

/** A task's age as the queue shows it: "just now", "5m ago", "3h ago", "2d ago". */
export function relativeAge(createdAt: string, now: number = Date.now()): string {
  const age = ageMs(createdAt, now);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h ago`;
  return `${Math.floor(age / DAY)}d ago`;
}

/** spec 01 §9: the "Old" badge appears once a task is older than 24 hours. */
export function isOldTask(createdAt: string, now: number = Date.now()): boolean {
  return ageMs(createdAt, now) > REVIEWER.oldBadgeAfterMs;
}

/** spec 01 §9: a task ID shows its first 16 characters. */
export function shortTaskId(taskId: string): string {
  return taskId.slice(0, REVIEWER.taskIdDisplayLength);
}

/** A timestamp in UTC, to the second: "2024-03-05 14:03:22 UTC". */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
