import { useEffect, useRef } from 'react';

export interface DashboardShortcuts {
  onNewRequest: () => void;
  onRefresh: () => void;
  onSearch: () => void;
}

function isModalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * spec 02 §2: with Ctrl or Cmd, N opens the new-request modal, R refreshes, K focuses the search
 * box. The browser's own meaning of the keys (new window, reload) gives way to the dashboard's.
 * N and K wait while a dialog is open: the page behind it is inert.
 */
export function useDashboardShortcuts(handlers: DashboardShortcuts) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.repeat) return;
      const key = event.key.toLowerCase();
      if (key === 'r') {
        event.preventDefault();
        ref.current.onRefresh();
      } else if (key === 'n' || key === 'k') {
        event.preventDefault();
        if (isModalOpen()) return;
        if (key === 'n') ref.current.onNewRequest();
        else ref.current.onSearch();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
