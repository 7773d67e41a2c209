import { useAuth } from '@sieve/auth';
import type { WorkerTaskSummary } from '@sieve/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useWorkerStats } from '../performance/use-worker-stats';
import { useTaskQueue } from '../queue/use-task-queue';
import { prefetchTaskDocument } from '../review/document-source';
import { forgetFullTask, loadFullTask, rememberFullTask } from '../review/full-task';
import { useReopenHeldTask } from '../review/use-reopen-held-task';
import { forgetDraft } from '../review/use-review-draft';
import { pickNextTask } from './next-task';
import { useOutboxSender } from './use-outbox-sender';
import { useViewMode } from './view-mode';
import { claimNextTask, type TaskQuery } from './worker-api';
import {
  type ReviewCommands,
  type TaskOutcome,
  WorkspaceContext,
  type WorkspaceContextValue,
  type WorkspaceNotice,
} from './workspace-context';

/** The workspace's state: the queue, the active and selected tasks, the view and what moves between them. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user, token } = useAuth();
  const workerId = user?.uid ?? '';
  const [query, setQueryState] = useState<TaskQuery>({ search: '', documentType: '', sort: 'priority' });
  const queue = useTaskQueue(query);
  const stats = useWorkerStats();
  const [activeTask, setActiveTask] = useState<WorkerTaskSummary | null>(null);
  const [selectedTaskId, setSelectedTaskId] = useState<string | null>(null);
  const [viewMode, setViewMode] = useViewMode();
  const [isPerformanceOpen, setPerformanceOpen] = useState(false);
  const [notice, setNotice] = useState<WorkspaceNotice | null>(null);
  const [searchRequest, setSearchRequest] = useState(0);
  const reviewCommands = useRef<ReviewCommands | null>(null);

  // Read inside callbacks: the queue as it is now, and where the active task stood in it.
  const itemsRef = useRef(queue.items);
  itemsRef.current = queue.items;
  const activeIndex = useRef(0);
  const activeRef = useRef(activeTask);
  activeRef.current = activeTask;
  const queryRef = useRef(query);
  queryRef.current = query;

  const setQuery = useCallback((next: TaskQuery) => setQueryState(next), []);

  const start = useCallback((task: WorkerTaskSummary) => {
    activeIndex.current = Math.max(
      0,
      itemsRef.current.findIndex((item) => item?.task_id === task.task_id),
    );
    setActiveTask(task);
    setSelectedTaskId(task.task_id);
  }, []);

  const select = useCallback((taskId: string | null) => setSelectedTaskId(taskId), []);
  useReopenHeldTask(activeTask, queue.findTask, queue.items, start);

  const { remove, refresh } = queue;
  const { recordCompletion, refreshStats } = stats;

  const finish = useCallback(
    (taskId: string, outcome: TaskOutcome) => {
      const next = pickNextTask(itemsRef.current, taskId, activeIndex.current);
      remove([taskId]);
      forgetDraft(taskId);
      forgetFullTask(taskId);
      if (outcome === 'submitted') recordCompletion();
      else refreshStats();
      if (activeRef.current?.task_id === taskId) {
        if (outcome === 'rejected') {
          // spec 01 §4: rejecting clears the active task; the next one waits, selected, for Enter.
          setActiveTask(null);
          setSelectedTaskId(next?.task_id ?? null);
        } else {
          // spec 01 §4: after completing or skipping, the next task opens (wrapping to the first).
          // In the default (priority) order the server claims it: each reviewer a different task,
          // so reviewers working the head of the queue do not all reach for the same one.
          const open = (task: WorkerTaskSummary | null) => {
            if (activeRef.current?.task_id !== taskId) return; // the reviewer moved on meanwhile
            if (task) start(task);
            else {
              setActiveTask(null);
              setSelectedTaskId(null);
              setViewMode('overview');
            }
          };
          if (queryRef.current.sort && queryRef.current.sort !== 'priority') open(next);
          else {
            claimNextTask(queryRef.current).then(
              (claimed) => {
                // The claim answers with the full task: it opens without a second call.
                if (claimed.task) rememberFullTask(claimed.task);
                open(claimed.task);
              },
              () => open(next), // offline or refused: the next one of the list, claimed on open
            );
          }
        }
      }
      void refresh();
    },
    [remove, recordCompletion, refreshStats, start, refresh, setViewMode],
  );

  const backToQueue = useCallback(() => {
    setActiveTask(null);
    setViewMode('overview');
  }, [setViewMode]);

  const openNext = useCallback(() => {
    const current = activeRef.current?.task_id ?? selectedTaskId;
    const next = current
      ? pickNextTask(itemsRef.current, current, activeIndex.current)
      : (itemsRef.current.find((item) => item !== undefined) ?? null);
    if (next) start(next);
    else setNotice({ text: 'No other tasks in the queue.', tone: 'info' });
  }, [selectedTaskId, start]);

  const afterQueueReject = useCallback(
    (taskIds: readonly string[]) => {
      if (taskIds.length === 0) return;
      remove(taskIds);
      for (const taskId of taskIds) forgetDraft(taskId);
      if (activeRef.current && taskIds.includes(activeRef.current.task_id)) setActiveTask(null);
      setSelectedTaskId((current) => (current && taskIds.includes(current) ? null : current));
      refreshStats();
      void refresh();
    },
    [remove, refresh, refreshStats],
  );

  // A submission the background sender got through: done, as if submitted just now.
  const onBackgroundSubmitted = useCallback(
    (taskId: string) => {
      if (activeRef.current?.task_id === taskId) finish(taskId, 'submitted');
      else {
        remove([taskId]);
        recordCompletion();
      }
    },
    [finish, remove, recordCompletion],
  );
  useOutboxSender(workerId, onBackgroundSubmitted);

  // Prefetch: the task that would open next, and the one being previewed, load before they are needed.
  useEffect(() => {
    const current = activeTask?.task_id ?? selectedTaskId;
    const candidates: (WorkerTaskSummary | null | undefined)[] = [
      selectedTaskId ? queue.findTask(selectedTaskId) : null,
      current ? pickNextTask(queue.items, current, activeIndex.current) : queue.items[0],
    ];
    for (const task of candidates) {
      if (!task) continue;
      loadFullTask(task.task_id).then(
        (full) => prefetchTaskDocument(full, token),
        () => {}, // shown when the task opens (it asks again)
      );
    }
  }, [activeTask, selectedTaskId, queue.items, queue.findTask, token]);

  const registerReview = useCallback((commands: ReviewCommands | null) => {
    reviewCommands.current = commands;
  }, []);

  const value = useMemo<WorkspaceContextValue>(
    () => ({
      workerId,
      token,
      queue,
      query,
      setQuery,
      activeTask,
      selectedTaskId,
      select,
      start,
      backToQueue,
      finish,
      openNext,
      afterQueueReject,
      viewMode,
      setViewMode,
      isPerformanceOpen,
      setPerformanceOpen,
      registerReview,
      notice,
      setNotice,
      searchRequest,
      requestSearch: () => setSearchRequest((count) => count + 1),
      reviewCommands,
    }),
    [
      workerId,
      token,
      queue,
      query,
      setQuery,
      activeTask,
      selectedTaskId,
      select,
      start,
      backToQueue,
      finish,
      openNext,
      afterQueueReject,
      viewMode,
      setViewMode,
      isPerformanceOpen,
      registerReview,
      notice,
      searchRequest,
    ],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
