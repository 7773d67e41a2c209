import type { WorkerTaskSummary } from '@sieve/contracts';

/**
 * spec 01 §4: after completing or skipping, the next task in the queue becomes active; after the
 * last one, the first. `null` when no other task is left (the view returns to overview).
 *
 * `items` is the queue as it was when the task was finished (slots may still be loading);
 * `fallbackIndex` is where the finished task stood if it is no longer listed.
 */
export function pickNextTask(
  items: readonly (WorkerTaskSummary | undefined)[],
  finishedId: string,
  fallbackIndex = 0,
): WorkerTaskSummary | null {
  const at = items.findIndex((item) => item?.task_id === finishedId);
  const start = at >= 0 ? at + 1 : Math.max(0, fallbackIndex);
  const isCandidate = (item: WorkerTaskSummary | undefined): item is WorkerTaskSummary =>
    item !== undefined && item.task_id !== finishedId;
  for (let index = start; index < items.length; index += 1) {
    const item = items[index];
    if (isCandidate(item)) return item;
  }
  return items.find(isCandidate) ?? null;
}
