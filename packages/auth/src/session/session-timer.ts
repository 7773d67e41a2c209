import type { SessionTimeoutSettings } from './session-timeout-settings';

export type SessionEndReason = 'inactivity' | 'max-duration';

export interface SessionTimerCallbacks {
  /** The warning period began; the session ends at `deadline` (epoch ms) unless restarted. */
  onWarning: (deadline: number) => void;
  onEnd: (reason: SessionEndReason) => void;
}

/**
 * The inactivity timers of spec 01 §4, without React or the DOM:
 * - `start()` (again on every activity) schedules the warning at inactivity − warning period and
 *   the end at the full inactivity time;
 * - the maximum session duration, counted from `sessionStartedAt`, is checked when the timers start
 *   (ending the session at once if it has passed) and otherwise ends the session when it passes.
 */
export class SessionTimer {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    private readonly settings: SessionTimeoutSettings,
    private readonly sessionStartedAt: number,
    private readonly callbacks: SessionTimerCallbacks,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts or restarts the timers. Returns false when the session had already run too long. */
  start(): boolean {
    this.stop();
    const { inactivityTimeoutMs, warningPeriodMs, maxSessionDurationMs } = this.settings;
    const now = this.now();
    const remaining = this.sessionStartedAt + maxSessionDurationMs - now;
    if (remaining <= 0) {
      this.callbacks.onEnd('max-duration');
      return false;
    }
    const deadline = now + inactivityTimeoutMs;
    const warnAfter = Math.max(0, inactivityTimeoutMs - warningPeriodMs);
    this.schedule(() => this.callbacks.onWarning(deadline), warnAfter);
    this.schedule(() => {
      this.stop();
      this.callbacks.onEnd('inactivity');
    }, inactivityTimeoutMs);
    this.schedule(() => {
      this.stop();
      this.callbacks.onEnd('max-duration');
    }, remaining);
    return true;
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(callback: () => void, delay: number) {
    // setTimeout holds at most 2^31 − 1 ms (about 24.8 days); a longer limit is never reached.
    if (delay > 2_147_483_647) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      callback();
    }, delay);
    this.timers.add(timer);
  }
}

/** The dialog's countdown: whole seconds left, as mm:ss (minutes grow past 59 if need be). */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
