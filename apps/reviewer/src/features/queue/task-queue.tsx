import { ApiError, useAuth } from '@sieve/auth';
import { QUEUE_REJECTION_REASONS, type RejectionReason, type WorkerTaskSummary } from '@sieve/contracts';
import { Banner, Button, Icon, Spinner } from '@sieve/ui';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { EmptyPanel } from '../workspace/empty-panel';
import { callError, rejectTask } from '../workspace/worker-api';
import { useWorkspace } from '../workspace/workspace-context';
import { batchRejectMessage, REJECT_FAILED_MESSAGE, rejectInOrder } from './batch-reject';
import { QueueFilters } from './queue-filters';
import { RejectDialog } from './reject-dialog';
import { TaskRow, taskName } from './task-row';
import './queue.css';

const ROW_HEIGHT = 66;

/** spec 01 §8: a 403 on the task list reads "Not authorized as worker" (approval has its own text). */
export function queueErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403 && error.code !== 'WORKER_NOT_APPROVED') {
    return 'Not authorized as worker';
  }
  return callError(error, 'tasks');
}

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type RejectTarget = { kind: 'one'; task: WorkerTaskSummary } | { kind: 'batch'; taskIds: string[] };

/**
 * The Priority Queue (spec 01 §2): select mode with batch reject, "Search, Filter & Sort",
 * refresh, "X of Y tasks", and a virtualised list, so 10,000 tasks scroll as fast as ten.
 */
export function TaskQueue() {
  const { token } = useAuth();
  const {
    queue,
    query,
    setQuery,
    activeTask,
    selectedTaskId,
    select,
    start,
    afterQueueReject,
    notice,
    setNotice,
    searchRequest,
  } = useWorkspace();
  const { items, total, unfilteredTotal, isLoading, isRefreshing, error, ensureRange, refresh } = queue;
  const now = useMinuteClock();
  const [isSelectMode, setIsSelectMode] = useState(false);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [areFiltersOpen, setAreFiltersOpen] = useState(false);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget | null>(null);
  const [isRejecting, setIsRejecting] = useState(false);
  const filtersId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const hasFilter = Boolean(query.search?.trim() || query.documentType);

  // The "/" shortcut: open the search and put the cursor in it (once it is rendered).
  const isSearchWanted = useRef(false);
  useEffect(() => {
    if (searchRequest === 0) return;
    isSearchWanted.current = true;
    setAreFiltersOpen(true);
  }, [searchRequest]);
  // Down from the search: focus the list's first row once the results for that search are in.
  const isRowFocusWanted = useRef(false);
  useEffect(() => {
    if (!isRowFocusWanted.current || isLoading) return;
    const row = listRef.current?.querySelector<HTMLElement>('.sv-queue-row__main[tabindex="0"]');
    if (!row) return;
    isRowFocusWanted.current = false;
    row.focus();
  });
  useEffect(() => {
    if (!isSearchWanted.current || !areFiltersOpen) return;
    const input = document.querySelector<HTMLInputElement>('[data-queue-search]');
    if (!input) return;
    isSearchWanted.current = false;
    input.focus();
    input.select();
  });

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const firstVisible = virtualRows[0]?.index ?? 0;
  const lastVisible = virtualRows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (items.length > 0) ensureRange(firstVisible, lastVisible);
  }, [firstVisible, lastVisible, items.length, ensureRange]);

  const selectedIndex = useMemo(
    () => (selectedTaskId ? items.findIndex((item) => item?.task_id === selectedTaskId) : -1),
    [items, selectedTaskId],
  );
  const tabStopIndex = Math.max(selectedIndex, 0);

  const focusRow = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      requestAnimationFrame(() => {
        listRef.current
          ?.querySelector<HTMLElement>(`[aria-posinset="${index + 1}"] .sv-queue-row__main`)
          ?.focus();
      });
    },
    [virtualizer],
  );

  const onRowKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
      const moveTo = (to: number) => {
        const target = Math.min(items.length - 1, Math.max(0, to));
        const task = items[target];
        event.preventDefault();
        event.stopPropagation();
        if (task && !isSelectMode) select(task.task_id);
        focusRow(target);
      };
      switch (event.key) {
        case 'ArrowDown':
        case 'j':
          moveTo(index + 1);
          break;
        case 'ArrowUp':
        case 'k':
          moveTo(index - 1);
          break;
        case 'Home':
          moveTo(0);
          break;
        case 'End':
          moveTo(items.length - 1);
          break;
        case 'Enter': {
          const task = items[index];
          if (task && !isSelectMode) {
            event.preventDefault();
            event.stopPropagation();
            start(task);
          }
          break;
        }
        default:
      }
    },
    [items, isSelectMode, select, start, focusRow],
  );

  const onActivate = useCallback(
    (task: WorkerTaskSummary) => {
      if (selectedTaskId === task.task_id && activeTask?.task_id !== task.task_id) start(task);
      else select(task.task_id);
    },
    [selectedTaskId, activeTask, select, start],
  );

  const toggleChecked = useCallback((taskId: string) => {
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(taskId)) next.delete(taskId);
      else next.add(taskId);
      return next;
    });
  }, []);

  const loadedIds = items
    .filter((item): item is WorkerTaskSummary => item !== undefined)
    .map((item) => item.task_id);
  const checkedIds = loadedIds.filter((id) => checked.has(id));

  const onConfirmReject = async (reason: RejectionReason) => {
    if (!rejectTarget) return;
    setIsRejecting(true);
    try {
      if (rejectTarget.kind === 'one') {
        try {
          await rejectTask(rejectTarget.task.task_id, reason);
          afterQueueReject([rejectTarget.task.task_id]);
          setNotice(null);
        } catch {
          setNotice({ text: REJECT_FAILED_MESSAGE, tone: 'error' });
        }
      } else {
        const result = await rejectInOrder(rejectTarget.taskIds, (taskId) => rejectTask(taskId, reason), {
          hasToken: Boolean(token),
        });
        afterQueueReject(result.successful);
        const message = batchRejectMessage(result);
        setNotice({ text: message.text, tone: message.tone });
        setChecked(new Set(result.failed));
        if (result.failed.length === 0) setIsSelectMode(false);
      }
    } finally {
      setIsRejecting(false);
      setRejectTarget(null);
    }
  };

  let body: ReactNode;
  if (isLoading && items.length === 0) {
    body = (
      <div className="sv-queue__state" role="status">
        <Spinner size="sm" label="Loading tasks" />
        <span>Loading tasks...</span>
      </div>
    );
  } else if (error && items.length === 0) {
    body = (
      <div className="sv-queue__state">
        <div className="sv-error-card" role="alert">
          <p className="sv-error-card__title">{queueErrorMessage(error)}</p>
          <Button size="sm" onClick={() => void refresh()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="sv-queue__empty">
        {hasFilter ? (
          <EmptyPanel icon="search" title="No matching tasks" description="Try another search or filter." />
        ) : (
          <EmptyPanel
            icon="checklist"
            title="No tasks available"
            description="New tasks appear here as they arrive."
          />
        )}
      </div>
    );
  } else {
    body = (
      <div ref={listRef} className="sv-queue__list" aria-busy={isRefreshing || isLoading}>
        <ul className="sv-queue__rows" aria-label="Tasks" style={{ height: virtualizer.getTotalSize() }}>
          {virtualRows.map((virtual) => {
            const task = items[virtual.index];
            return (
              <li
                key={task?.task_id ?? `slot-${virtual.index}`}
                className="sv-queue__slot"
                aria-posinset={virtual.index + 1}
                aria-setsize={items.length}
                style={{ height: virtual.size, transform: `translateY(${virtual.start}px)` }}
              >
                {task ? (
                  <TaskRow
                    task={task}
                    index={virtual.index}
                    now={now}
                    isSelected={task.task_id === selectedTaskId}
                    isActive={task.task_id === activeTask?.task_id}
                    isSelectMode={isSelectMode}
                    isChecked={checked.has(task.task_id)}
                    isTabStop={virtual.index === tabStopIndex}
                    onActivate={onActivate}
                    onStart={start}
                    onToggleChecked={toggleChecked}
                    onReject={(target) => setRejectTarget({ kind: 'one', task: target })}
                    onKeyDown={onRowKeyDown}
                  />
                ) : (
                  <div className="sv-queue-row sv-queue-row--placeholder" aria-hidden="true">
                    <span className="sv-skeleton" />
                    <span className="sv-skeleton sv-skeleton--short" />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <section className="sv-queue" aria-labelledby="queue-title">
      <header className="sv-queue__header">
        <h2 id="queue-title" className="sv-queue__title">
          Priority Queue
        </h2>
        <div className="sv-queue__tools">
          <Button
            size="sm"
            variant={isSelectMode ? 'secondary' : 'ghost'}
            aria-pressed={isSelectMode}
            onClick={() => {
              setIsSelectMode((on) => !on);
              setChecked(new Set());
            }}
          >
            <Icon name="checklist" />
            Select Tasks
          </Button>
          <button
            type="button"
            className="sv-icon-button sv-icon-button--inline"
            aria-label="Refresh queue"
            title="Refresh queue"
            onClick={() => void refresh()}
            disabled={isRefreshing}
          >
            <Icon name="reload" className={isRefreshing ? 'sv-spin' : undefined} />
          </button>
        </div>
      </header>

      <button
        type="button"
        className="sv-queue__filters-toggle"
        aria-expanded={areFiltersOpen}
        aria-controls={filtersId}
        onClick={() => setAreFiltersOpen((open) => !open)}
      >
        <Icon name={areFiltersOpen ? 'chevron-down' : 'chevron-right'} size={14} />
        Search, Filter &amp; Sort
        {hasFilter ? <span className="sv-queue__filters-on">On</span> : null}
      </button>
      {areFiltersOpen ? (
        <QueueFilters
          id={filtersId}
          query={query}
          onChange={setQuery}
          onMoveToList={() => {
            isRowFocusWanted.current = true;
            listRef.current?.querySelector<HTMLElement>('.sv-queue-row__main[tabindex="0"]')?.focus();
          }}
        />
      ) : null}

      {isSelectMode ? (
        <div className="sv-queue__select-bar" role="toolbar" aria-label="Selected tasks">
          <Button size="sm" variant="ghost" onClick={() => setChecked(new Set(loadedIds))}>
            Select all
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setChecked(new Set())}>
            Deselect all
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={checkedIds.length === 0}
            onClick={() => setRejectTarget({ kind: 'batch', taskIds: checkedIds })}
          >
            Reject ({checkedIds.length})
          </Button>
        </div>
      ) : null}

      {notice ? (
        <Banner tone={notice.tone} className="sv-queue__notice">
          <span className="sv-queue__notice-text">{notice.text}</span>
          <button
            type="button"
            className="sv-icon-button sv-icon-button--inline"
            aria-label="Dismiss"
            onClick={() => setNotice(null)}
          >
            <Icon name="x" size={14} />
          </button>
        </Banner>
      ) : null}

      {error && items.length > 0 ? (
        <p className="sv-queue__stale" role="status">
          {queueErrorMessage(error)}. Showing the last list.
        </p>
      ) : null}

      <div className="sv-queue__body">{body}</div>

      <footer className="sv-queue__footer" aria-live="polite">
        {total} of {unfilteredTotal} tasks
      </footer>

      <RejectDialog
        isOpen={rejectTarget !== null}
        title={rejectTarget?.kind === 'batch' ? 'Reject tasks' : 'Reject Task'}
        subject={
          rejectTarget?.kind === 'batch'
            ? `${rejectTarget.taskIds.length} selected tasks`
            : rejectTarget
              ? taskName(rejectTarget.task)
              : ''
        }
        reasons={QUEUE_REJECTION_REASONS}
        confirmLabel={
          rejectTarget?.kind === 'batch' ? `Reject ${rejectTarget.taskIds.length} tasks` : 'Reject Task'
        }
        isBusy={isRejecting}
        onConfirm={(reason) => void onConfirmReject(reason)}
        onCancel={() => setRejectTarget(null)}
      />
    </section>
  );
}
