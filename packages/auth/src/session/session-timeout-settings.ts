import { SESSION, STORAGE_KEYS } from '@sieve/contracts';

/** spec 01 §9: the three session limits, in milliseconds. */
export interface SessionTimeoutSettings {
  inactivityTimeoutMs: number;
  warningPeriodMs: number;
  maxSessionDurationMs: number;
}

export const DEFAULT_SESSION_TIMEOUT_SETTINGS: SessionTimeoutSettings = {
  inactivityTimeoutMs: SESSION.inactivityTimeoutMs,
  warningPeriodMs: SESSION.warningPeriodMs,
  maxSessionDurationMs: SESSION.maxSessionDurationMs,
};

function storedMs(key: string): number | null {
  for (const kind of ['localStorage', 'sessionStorage'] as const) {
    try {
      const raw = window[kind].getItem(key);
      if (raw === null || raw.trim() === '') continue;
      const value = Number(raw);
      // Only a positive, finite number of milliseconds overrides; anything else is ignored.
      if (Number.isFinite(value) && value > 0) return value;
    } catch {
      // storage unavailable: the defaults apply
    }
  }
  return null;
}

/**
 * spec 01 §9: each limit can be overridden by a value (ms) stored in the browser under
 * inactivityTimeout, warningPeriod and maxSessionDuration — localStorage first, then sessionStorage.
 */
export function readSessionTimeoutSettings(): SessionTimeoutSettings {
  return {
    inactivityTimeoutMs:
      storedMs(STORAGE_KEYS.inactivityTimeout) ?? DEFAULT_SESSION_TIMEOUT_SETTINGS.inactivityTimeoutMs,
    warningPeriodMs: storedMs(STORAGE_KEYS.warningPeriod) ?? DEFAULT_SESSION_TIMEOUT_SETTINGS.warningPeriodMs,
    maxSessionDurationMs:
      storedMs(STORAGE_KEYS.maxSessionDuration) ?? DEFAULT_SESSION_TIMEOUT_SETTINGS.maxSessionDurationMs,
  };
}
