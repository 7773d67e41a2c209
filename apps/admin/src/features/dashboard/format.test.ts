import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDuration,
  formatHours,
  formatPercent,
  formatRelative,
  formatShare,
  shortId,
} from './format';

describe('format', () => {
  it('writes durations with their two largest units', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(600)).toBe('10m');
    expect(formatDuration(3_900)).toBe('1h 5m');
    expect(formatDuration(2 * 86_400 + 3 * 3_600)).toBe('2d 3h');
    expect(formatDuration(-1)).toBe('—');
  });

  it('writes turnaround hours as Xh Ym', () => {
    expect(formatHours(2.25)).toBe('2h 15m');
    expect(formatHours(0.5)).toBe('30m');
    expect(formatHours(null)).toBe('—');
  });

  it('writes shares and percentages', () => {
    expect(formatShare(0.934)).toBe('93.4%');
    expect(formatShare(null)).toBe('—');
    expect(formatPercent(87.25)).toBe('87.3%');
  });

  it('writes calendar days without a time-zone shift', () => {
    expect(formatDay('2025-03-01')).toBe('Mar 1');
  });

  it('writes how long ago', () => {
    const now = Date.parse('2025-03-02T12:00:00Z');
    expect(formatRelative('2025-03-02T11:59:30Z', now)).toBe('Just now');
    expect(formatRelative('2025-03-02T11:00:00Z', now)).toBe('1 h ago');
    expect(formatRelative(null, now)).toBe('Never');
  });

  it('shortens ids', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
  });
});
