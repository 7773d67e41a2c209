import { describe, expect, it } from 'vitest';
import { readSessionTimeoutSettings } from './session-timeout-settings';

describe('readSessionTimeoutSettings (spec 01 §9)', () => {
  it('uses the defaults when nothing is stored', () => {
    expect(readSessionTimeoutSettings()).toEqual({
      inactivityTimeoutMs: 1_800_000,
      warningPeriodMs: 300_000,
      maxSessionDurationMs: 43_200_000,
    });
  });

  it('takes each override from browser storage, localStorage first', () => {
    localStorage.setItem('inactivityTimeout', '6000');
    sessionStorage.setItem('inactivityTimeout', '9000');
    sessionStorage.setItem('warningPeriod', '4000');
    localStorage.setItem('maxSessionDuration', '120000');
    expect(readSessionTimeoutSettings()).toEqual({
      inactivityTimeoutMs: 6_000,
      warningPeriodMs: 4_000,
      maxSessionDurationMs: 120_000,
    });
  });

  it.each(['', 'abc', '-5', '0', 'Infinity'])('ignores the stored value %j', (value) => {
    localStorage.setItem('inactivityTimeout', value);
    expect(readSessionTimeoutSettings().inactivityTimeoutMs).toBe(1_800_000);
  });
});
