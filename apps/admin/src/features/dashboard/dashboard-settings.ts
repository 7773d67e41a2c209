import { ADMIN_PAGE_SIZE } from '@sieve/contracts';

/** The admin's own dashboard preferences, kept in this browser. */
export interface DashboardSettings {
  /** Poll the dashboard and the open table every 30 s (spec 02 §9). */
  isAutoRefresh: boolean;
  /** Rows per table page; 20 by default (spec 02 §9). */
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SETTINGS: DashboardSettings = { isAutoRefresh: true, pageSize: ADMIN_PAGE_SIZE };
export const SETTINGS_STORAGE_KEY = 'sieve-admin-dashboard-settings';

export function readSettings(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
): DashboardSettings {
  try {
    const raw = storage?.getItem(SETTINGS_STORAGE_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const value = JSON.parse(raw) as Partial<Record<keyof DashboardSettings, unknown>>;
    return {
      isAutoRefresh:
        typeof value.isAutoRefresh === 'boolean' ? value.isAutoRefresh : DEFAULT_SETTINGS.isAutoRefresh,
      pageSize: (PAGE_SIZES as readonly unknown[]).includes(value.pageSize)
        ? (value.pageSize as number)
        : DEFAULT_SETTINGS.pageSize,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function writeSettings(settings: DashboardSettings, storage = safeLocalStorage()): void {
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the setting lasts for this page only.
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
