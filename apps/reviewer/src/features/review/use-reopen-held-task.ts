import type { WorkerTaskSummary } from '@sieve/contracts';
import { useEffect, useRef } from 'react';

/**
 * Issue 13 "nothing a reviewer does is lost": the open task's id is kept for this tab, and after a
 * reload the workspace reopens it once the queue lists it again (the queue lists the tasks the
 * reviewer holds), with its edits restored from the draft.
 */
const KEY = 'sieve.open-task';

export function useReopenHeldTask(
  activeTask: WorkerTaskSummary | null,
  findTask: (taskId: string) => WorkerTaskSummary | undefined,
  items: readonly unknown[],
  start: (task: WorkerTaskSummary) => void,
): void {
  const isRestoring = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of the queue may hold the task
  useEffect(() => {
    if (!isRestoring.current) return;
    if (activeTask) {
      isRestoring.current = false;
      return;
    }
    const held = readOpenTask();
    if (!held) {
      isRestoring.current = false;
      return;
    }
    const task = findTask(held);
    if (task) {
      isRestoring.current = false;
      start(task);
    }
  }, [activeTask, findTask, items, start]);

  useEffect(() => {
    if (isRestoring.current && !activeTask) return;
    try {
      if (activeTask) sessionStorage.setItem(KEY, activeTask.task_id);
      else sessionStorage.removeItem(KEY);
    } catch {
      // storage blocked: a reload shows the queue
    }
  }, [activeTask]);
}

function readOpenTask(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
