import type { WorkerTask, WorkerTaskSummary } from '@sieve/contracts';
import { useEffect, useState } from 'react';
import { fetchTask } from '../workspace/worker-api';

/**
 * The queue lists summaries; a task's AI result and request metadata come on open
 * (`GET /worker/tasks/{id}`). Each task is asked for once per page: the prefetch of the task that
 * opens next and the workspace that opens it share one answer.
 */
const fullTasks = new Map<string, Promise<WorkerTask>>();
/** Answers already in: a task opened after its prefetch renders at once, without a spinner. */
const settled = new Map<string, WorkerTask>();

/** Keeps at most this many tasks (a long session should not hold every task it previewed). */
const CACHE_LIMIT = 50;

function isFullTask(task: WorkerTaskSummary): task is WorkerTask {
  return 'ai_result' in task && 'original_request' in task;
}

function trim() {
  while (fullTasks.size > CACHE_LIMIT) {
    const oldest = fullTasks.keys().next().value;
    if (oldest === undefined) break;
    fullTasks.delete(oldest);
    settled.delete(oldest);
  }
}

/** A task already in full (the next-task claim answers with it): no second call on open. */
export function rememberFullTask(task: WorkerTask): void {
  fullTasks.set(task.task_id, Promise.resolve(task));
  settled.set(task.task_id, task);
  trim();
}

export function loadFullTask(taskId: string): Promise<WorkerTask> {
  const known = fullTasks.get(taskId);
  if (known) return known;
  const pending = fetchTask(taskId).then(
    (task) => {
      settled.set(taskId, task);
      return task;
    },
    (error: unknown) => {
      fullTasks.delete(taskId); // a failure is asked again next time
      throw error;
    },
  );
  fullTasks.set(taskId, pending);
  trim();
  return pending;
}

export function forgetFullTask(taskId: string): void {
  fullTasks.delete(taskId);
  settled.delete(taskId);
}

export interface FullTaskState {
  task: WorkerTask | null;
  error: unknown;
  retry: () => void;
}

/** The full task behind a listed one, loaded on first use. */
export function useFullTask(summary: WorkerTaskSummary): FullTaskState {
  const taskId = summary.task_id;
  const given = isFullTask(summary) ? summary : null;
  const [state, setState] = useState<{ id: string; task: WorkerTask | null; error: unknown }>(() => ({
    id: taskId,
    task: given ?? settled.get(taskId) ?? null,
    error: null,
  }));
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again after a failure
  useEffect(() => {
    if (given) return;
    let isCurrent = true;
    const cached = settled.get(taskId);
    if (cached) {
      setState({ id: taskId, task: cached, error: null });
      return;
    }
    setState({ id: taskId, task: null, error: null });
    loadFullTask(taskId).then(
      (task) => isCurrent && setState({ id: taskId, task, error: null }),
      (error: unknown) => isCurrent && setState({ id: taskId, task: null, error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [taskId, given, attempt]);

  if (given) return { task: given, error: null, retry: () => {} };
  const current = state.id === taskId ? state : { task: settled.get(taskId) ?? null, error: null };
  return { task: current.task, error: current.error, retry: () => setAttempt((n) => n + 1) };
}
