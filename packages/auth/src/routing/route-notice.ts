import { useLocation } from 'react-router-dom';

/** A message for the sign-in screen, carried in the navigation state (not the URL). */
export interface RouteNotice {
  notice?: string;
  error?: string;
}

export function useRouteNotice(): RouteNotice {
  const state = useLocation().state as unknown;
  if (!state || typeof state !== 'object') return {};
  const { notice, error } = state as Record<string, unknown>;
  return {
    ...(typeof notice === 'string' ? { notice } : {}),
    ...(typeof error === 'string' ? { error } : {}),
  };
}
