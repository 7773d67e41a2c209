import { describe, expect, it } from 'vitest';
import { sessionFingerprint } from './session-channel';

describe('sessionFingerprint', () => {
  it('is stable, short, and tells tokens apart without containing them', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE3MDB9.c2lnbmF0dXJl';
    expect(sessionFingerprint(token)).toBe(sessionFingerprint(token));
    expect(sessionFingerprint(token)).not.toBe(sessionFingerprint(`${token}x`));
    expect(sessionFingerprint(token).length).toBeLessThan(12);
    expect(token).not.toContain(sessionFingerprint(token));
  });
});
