import type { AdminStats } from '@sieve/contracts';
import { createContext, useContext } from 'react';
import type { DashboardSettings } from './dashboard-settings';
import type { ViewId } from './views';

export type NoticeTone = 'success' | 'error' | 'info';

export interface DashboardContextValue {
  stats: AdminStats | undefined;
  /** A failed stats call, as the message to show (spec 02 §8), or null. */
  statsError: string | null;
  isStatsLoading: boolean;
  refreshStats: () => Promise<unknown>;
  /** The header's search text after the 300 ms debounce (spec 02 §9). */
  search: string;
  clearSearch: () => void;
  navigate: (view: ViewId) => void;
  /** A short message above the view (5 s), announced politely, or at once for errors. */
  notify: (message: string, tone?: NoticeTone) => void;
  settings: DashboardSettings;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard must be used inside the admin dashboard');
  return value;
}
