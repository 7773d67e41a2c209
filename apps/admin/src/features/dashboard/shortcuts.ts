import { useEffect, useRef } from 'react';

export type ShortcutAction = 'search' | 'refresh';

/**
 * spec 02 §9 admin shortcuts: Ctrl/Cmd+K focuses the search box, Ctrl/Cmd+R refreshes the data
 * (instead of reloading the page). With Shift or Alt the browser keeps its own meaning.
 */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
) {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'k') return 'search' satisfies ShortcutAction;
  if (key === 'r') return 'refresh' satisfies ShortcutAction;
  return null;
}

export function useShortcuts(handlers: Record<ShortcutAction, () => void>) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      ref.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** "⌘K" on Apple devices, "Ctrl K" elsewhere. */
export function shortcutHint(key: string): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/i.test(platform) ? `⌘${key}` : `Ctrl ${key}`;
}
