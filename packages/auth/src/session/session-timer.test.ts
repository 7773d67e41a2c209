import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, SessionTimer } from './session-timer';

const settings = { inactivityTimeoutMs: 6_000, warningPeriodMs: 4_000, maxSessionDurationMs: 60_000 };

function timerFor(overrides: Partial<typeof settings> = {}, startedAt = Date.now()) {
  const onWarning = vi.fn();
  const onEnd = vi.fn();
  const timer = new SessionTimer({ ...settings, ...overrides }, startedAt, { onWarning, onEnd });
  return { timer, onWarning, onEnd };
}

describe('SessionTimer (spec 01 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('warns at inactivity − warning period and ends at the full inactivity time', () => {
    const { timer, onWarning, onEnd } = timerFor();
    const startedAt = Date.now();
    expect(timer.start()).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledExactlyOnceWith(startedAt + 6_000);
    vi.advanceTimersByTime(3_999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('inactivity');
  });

  it('starts over on restart (activity)', () => {
    const { timer, onWarning, onEnd } = timerFor();
    timer.start();
    vi.advanceTimersByTime(1_500);
    timer.start();
    vi.advanceTimersByTime(1_500);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(onWarning).toHaveBeenCalledOnce();
    timer.start();
    vi.advanceTimersByTime(5_999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('warns at once when the warning period is as long as the timeout', () => {
    const { timer, onWarning } = timerFor({ warningPeriodMs: 10_000 });
    timer.start();
    vi.advanceTimersByTime(0);
    expect(onWarning).toHaveBeenCalledOnce();
  });

  it('checks the maximum session duration when the timers start', () => {
    const { timer, onWarning, onEnd } = timerFor({ maxSessionDurationMs: 30_000 }, Date.now() - 30_000);
    expect(timer.start()).toBe(false);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('max-duration');
    vi.advanceTimersByTime(10_000);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('ends the session when the maximum duration passes, however active the user', () => {
    const { timer, onEnd } = timerFor({ maxSessionDurationMs: 10_000 }, Date.now() - 7_000);
    timer.start();
    vi.advanceTimersByTime(1_000);
    timer.start(); // activity
    vi.advanceTimersByTime(1_999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('max-duration');
    vi.advanceTimersByTime(10_000);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('does nothing after stop', () => {
    const { timer, onWarning, onEnd } = timerFor();
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(100_000);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('uses the spec defaults: 30 min, 5 min warning, 12 h', async () => {
    const { DEFAULT_SESSION_TIMEOUT_SETTINGS } = await import('./session-timeout-settings');
    expect(DEFAULT_SESSION_TIMEOUT_SETTINGS).toEqual({
      inactivityTimeoutMs: 1_800_000,
      warningPeriodMs: 300_000,
      maxSessionDurationMs: 43_200_000,
    });
    const { timer, onWarning } = timerFor(DEFAULT_SESSION_TIMEOUT_SETTINGS);
    timer.start();
    vi.advanceTimersByTime(1_500_000 - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledOnce();
  });
});

describe('formatCountdown', () => {
  it.each([
    [300_000, '05:00'],
    [299_001, '05:00'],
    [299_000, '04:59'],
    [61_000, '01:01'],
    [4_000, '00:04'],
    [999, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [6_000_000, '100:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
