import type { WorkerTaskSummary } from '@sieve/contracts';
import { createContext, useContext } from 'react';
import type { TaskQueue } from '../queue/use-task-queue';
import type { ViewMode } from './view-mode';
import type { TaskQuery } from './worker-api';

export type TaskOutcome = 'submitted' | 'skipped' | 'rejected';

/** What the keyboard shortcuts can ask of the open task (registered by the review screen). */
export interface ReviewCommands {
  submit: () => void;
  skip: () => void;
  reject: () => void;
  moveRow: (delta: number) => void;
  editRow: () => void;
  addRow: () => void;
  revert: () => void;
}

export interface WorkspaceNotice {
  text: string;
  tone: 'success' | 'error' | 'info';
}

export interface WorkspaceContextValue {
  workerId: string;
  token: string | null;
  queue: TaskQueue;
  query: TaskQuery;
  setQuery: (query: TaskQuery) => void;
  /** The task being reviewed, kept even when the queue no longer lists it. */
  activeTask: WorkerTaskSummary | null;
  /** The queue's cursor: its row is previewed when it is not the active task. */
  selectedTaskId: string | null;
  select: (taskId: string | null) => void;
  start: (task: WorkerTaskSummary) => void;
  backToQueue: () => void;
  /** The active task is done: the next task opens (spec 01 §4). */
  finish: (taskId: string, outcome: TaskOutcome) => void;
  /** Opens the task after the active (or selected) one without finishing it. */
  openNext: () => void;
  /** Takes tasks out of the queue after a rejection from the queue. */
  afterQueueReject: (taskIds: readonly string[]) => void;
  viewMode: ViewMode;
  setViewMode: (mode: ViewMode) => void;
  isPerformanceOpen: boolean;
  setPerformanceOpen: (open: boolean) => void;
  registerReview: (commands: ReviewCommands | null) => void;
  /** The open task's commands, for the keyboard shortcuts. */
  reviewCommands: { readonly current: ReviewCommands | null };
  notice: WorkspaceNotice | null;
  setNotice: (notice: WorkspaceNotice | null) => void;
  /** Bumped by the "/" shortcut: the queue opens its search and focuses it. */
  searchRequest: number;
  requestSearch: () => void;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function useWorkspace(): WorkspaceContextValue {
  const context = useContext(WorkspaceContext);
  if (!context) throw new Error('useWorkspace must be used within the reviewer workspace');
  return context;
}
