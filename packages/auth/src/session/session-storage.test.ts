import { describe, expect, it } from 'vitest';
import { clearStoredSession, readStoredSession, storeSession } from './session-storage';

function stored(storage: Storage, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) storage.setItem(key, value);
}

describe('readStoredSession (spec 01 §4)', () => {
  it('restores the user when token, type and id all exist, as approved', () => {
    stored(localStorage, { authToken: 't1', userType: 'worker', userId: 'u1', userEmail: 'a@b.co' });
    expect(readStoredSession()).toEqual({
      token: 't1',
      user: { uid: 'u1', email: 'a@b.co', userType: 'worker', isApproved: true },
    });
  });

  it('does not need the email', () => {
    stored(localStorage, { authToken: 't1', userType: 'admin', userId: 'u1' });
    expect(readStoredSession()?.user).toMatchObject({ email: '', userType: 'admin' });
  });

  it.each([
    ['token', { userType: 'worker', userId: 'u1' }],
    ['type', { authToken: 't1', userId: 'u1' }],
    ['id', { authToken: 't1', userType: 'worker' }],
  ])('stays anonymous without the %s', (_missing, values) => {
    stored(localStorage, values);
    expect(readStoredSession()).toBeNull();
  });

  it('stays anonymous with a user type it does not know', () => {
    stored(localStorage, { authToken: 't1', userType: 'superuser', userId: 'u1' });
    expect(readStoredSession()).toBeNull();
  });

  it('restores a session kept in sessionStorage (Remember me unchecked)', () => {
    stored(sessionStorage, { authToken: 't2', userType: 'requester', userId: 'u2' });
    expect(readStoredSession()?.token).toBe('t2');
  });
});

describe('storeSession / clearStoredSession', () => {
  const session = {
    token: 't',
    user: { uid: 'u', email: 'e@x.co', userType: 'requester' as const, isApproved: true },
  };

  it('keeps a remembered session in localStorage and another in sessionStorage only', () => {
    storeSession(session, { remember: true });
    expect(localStorage.getItem('authToken')).toBe('t');
    storeSession(session, { remember: false });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(sessionStorage.getItem('authToken')).toBe('t');
  });

  it('clears token, type, id and email everywhere and nothing else', () => {
    localStorage.setItem('sieve-ui-theme', 'dark');
    storeSession(session, { remember: true });
    sessionStorage.setItem('authToken', 'other');
    clearStoredSession();
    for (const key of ['authToken', 'userType', 'userId', 'userEmail']) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('sieve-ui-theme')).toBe('dark');
  });
});
