import { useEffect, useRef } from 'react';
import { isTypingTarget } from './shortcuts';
import type { WorkspaceContextValue } from './workspace-context';

function focusQueueRow(): boolean {
  const row = document.querySelector<HTMLElement>('.sv-queue-row__main[tabindex="0"]');
  row?.focus();
  return Boolean(row);
}

/**
 * Keyboard-first review: the shortcuts of SHORTCUTS, on the whole page. Keys typed into a field,
 * pressed with a modifier or inside a dialog are left alone; the queue's rows and the table's
 * rows handle their own arrows and Enter.
 */
export function useWorkspaceShortcuts(workspace: WorkspaceContextValue, openShortcuts: () => void): void {
  const ref = useRef({ workspace, openShortcuts });
  ref.current = { workspace, openShortcuts };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (isTypingTarget(target)) return;
      if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]')) return;
      const { workspace: ws, openShortcuts: showShortcuts } = ref.current;
      const review = ws.activeTask && ws.reviewCommands.current;
      const isInQueue = target instanceof Element && target.closest('.sv-queue') !== null;
      const handled = () => event.preventDefault();

      switch (event.key) {
        case '?':
          handled();
          showShortcuts();
          return;
        case 'a':
          if (review) {
            handled();
            review.submit();
          }
          return;
        case 's':
          if (review) {
            handled();
            review.skip();
          }
          return;
        case 'r':
          if (review) {
            handled();
            review.reject();
          }
          return;
        case 'n':
          handled();
          ws.openNext();
          return;
        case '+':
          if (review) {
            handled();
            review.addRow();
          }
          return;
        case 'u':
          if (review) {
            handled();
            review.revert();
          }
          return;
        case 'e':
          if (review) {
            handled();
            review.editRow();
          }
          return;
        case 'b':
          if (ws.activeTask) {
            handled();
            ws.backToQueue();
          }
          return;
        case 'f':
          handled();
          ws.setViewMode(ws.viewMode === 'focus' ? 'overview' : 'focus');
          return;
        case 'p':
          handled();
          ws.setPerformanceOpen(!ws.isPerformanceOpen);
          return;
        case '/':
          handled();
          if (ws.viewMode === 'focus') ws.setViewMode('overview');
          ws.requestSearch();
          return;
        case 'q':
          handled();
          if (ws.viewMode === 'focus') ws.setViewMode('overview');
          requestAnimationFrame(() => focusQueueRow());
          return;
        case 'j':
        case 'k':
        case 'ArrowDown':
        case 'ArrowUp': {
          if (isInQueue) return;
          const isArrow = event.key.startsWith('Arrow');
          // Arrows keep scrolling whatever has focus; only on the page itself are they ours.
          if (
            isArrow &&
            target instanceof HTMLElement &&
            target !== document.body &&
            !target.closest('.sv-review')
          )
            return;
          const delta = event.key === 'j' || event.key === 'ArrowDown' ? 1 : -1;
          if (review && ws.viewMode === 'focus') {
            handled();
            review.moveRow(delta);
          } else if (review && ws.selectedTaskId === ws.activeTask?.task_id) {
            handled();
            review.moveRow(delta);
          } else if (focusQueueRow()) {
            handled();
          }
          return;
        }
        case 'Enter':
          if (target === document.body) {
            if (review) {
              handled();
              review.editRow();
            } else if (ws.selectedTaskId) {
              const task = ws.queue.findTask(ws.selectedTaskId);
              if (task) {
                handled();
                ws.start(task);
              }
            }
          }
          return;
        default:
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
