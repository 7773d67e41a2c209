import { STORAGE_KEYS } from '@sieve/contracts';
import { useCallback, useState } from 'react';

export type ViewMode = 'overview' | 'focus';

function readViewMode(): ViewMode {
  try {
    return localStorage.getItem(STORAGE_KEYS.viewMode) === 'focus' ? 'focus' : 'overview';
  } catch {
    return 'overview';
  }
}

/** spec 01 §2: the overview/focus choice is remembered locally. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  const choose = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(STORAGE_KEYS.viewMode, next);
    } catch {
      // Not remembered in a privacy mode; the choice still applies now.
    }
  }, []);
  return [mode, choose];
}
