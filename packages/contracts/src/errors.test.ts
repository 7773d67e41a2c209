import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, friendlyMessage, statusOf, UNEXPECTED_ERROR_MESSAGE } from './errors';

describe('the friendly message lookup (spec 01 §8)', () => {
  it('finds the exact code', () => {
    expect(friendlyMessage('TASK_ALREADY_CLAIMED')).toBe(
      'This task has already been claimed by another worker.',
    );
  });

  it('finds a known code inside other text, whatever its case', () => {
    expect(friendlyMessage('firebase: error (auth/too_many_requests)')).toBe(
      'Too many failed login attempts. Please try again later.',
    );
  });

  it('returns any other string as it is', () => {
    expect(friendlyMessage('Ticker not found on EDGAR')).toBe('Ticker not found on EDGAR');
  });

  it('tries an object by code, then message, then detail', () => {
    expect(friendlyMessage({ code: 'WORKER_NOT_APPROVED', detail: 'x' })).toBe(
      'Your reviewer account is pending approval. Please wait for admin approval.',
    );
    expect(friendlyMessage({ code: 'SOMETHING_ELSE', message: 'Plain words' })).toBe('Plain words');
    expect(friendlyMessage({ detail: 'From the server' })).toBe('From the server');
  });

  it('falls back for anything else', () => {
    expect(friendlyMessage(undefined)).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(friendlyMessage({})).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(friendlyMessage('')).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it('gives every code an HTTP error status', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as (keyof typeof ERROR_CATALOGUE)[]) {
      expect(statusOf(code)).toBeGreaterThanOrEqual(400);
    }
    expect(statusOf('TASK_EXPIRED')).toBe(410);
    expect(statusOf('USAGE_LIMIT_EXCEEDED')).toBe(429);
  });
});
