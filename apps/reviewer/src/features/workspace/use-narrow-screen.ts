import { useSyncExternalStore } from 'react';

/** issue 40: at this width and below the review is one column (queue, then document ↔ fields tabs). */
export const NARROW_QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrowNow() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY).matches
    : false;
}

/** Whether the screen is a phone's width (≤ 640 px), following rotation and resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowNow, () => false);
}
