import { describe, expect, it } from 'vitest';
import { formatUtc, isOldTask, relativeAge, shortTaskId } from './task-age';

const NOW = Date.parse('2024-06-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('task age', () => {
  it('reads relative ages', () => {
    expect(relativeAge(ago(20_000), NOW)).toBe('just now');
    expect(relativeAge(ago(5 * 60_000), NOW)).toBe('5m ago');
    expect(relativeAge(ago(3 * 3_600_000 + 59_000), NOW)).toBe('3h ago');
    expect(relativeAge(ago(50 * 3_600_000), NOW)).toBe('2d ago');
    expect(relativeAge(new Date(NOW + 60_000).toISOString(), NOW)).toBe('just now');
  });

  it('shows the Old badge after 24 hours (spec 01 §9)', () => {
    expect(isOldTask(ago(24 * 3_600_000), NOW)).toBe(false);
    expect(isOldTask(ago(24 * 3_600_000 + 1_000), NOW)).toBe(true);
    expect(isOldTask('not a date', NOW)).toBe(false);
  });

  it('shows 16 characters of the id and creation time in UTC', () => {
    expect(shortTaskId('0123456789abcdef-rest-of-uuid')).toBe('0123456789abcdef');
    expect(formatUtc('2024-06-10T12:00:05.123Z')).toBe('2024-06-10 12:00:05 UTC');
  });
});
