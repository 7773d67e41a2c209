import { STORAGE_KEYS } from '@sieve/contracts';
import { isUserType, type Session } from './session-user';

const SESSION_KEYS = [
  STORAGE_KEYS.authToken,
  STORAGE_KEYS.userType,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.userEmail,
] as const;

// DESIGN §5: "Remember me" keeps the session in localStorage, otherwise in sessionStorage.
// Either may be unavailable (privacy modes); the session then lasts as long as the page.
function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function sessionStorages(): Storage[] {
  return [storageOf('localStorage'), storageOf('sessionStorage')].filter((s): s is Storage => s !== null);
}

/**
 * spec 01 §4: the user is restored if a stored token, type and id all exist, and is treated as
 * approved. A type we do not know is not restored: it cannot choose a dashboard.
 */
export function readStoredSession(): Session | null {
  for (const storage of sessionStorages()) {
    const token = storage.getItem(STORAGE_KEYS.authToken);
    const userType = storage.getItem(STORAGE_KEYS.userType);
    const uid = storage.getItem(STORAGE_KEYS.userId);
    if (token && userType && uid && isUserType(userType)) {
      const email = storage.getItem(STORAGE_KEYS.userEmail) ?? '';
      return { token, user: { uid, email, userType, isApproved: true } };
    }
  }
  return null;
}

/** Whether the stored session is a remembered one (localStorage) rather than this tab's. */
export function isRememberedSession(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.authToken) !== null;
  } catch {
    return false;
  }
}

export function readStoredToken(): string | null {
  return readStoredSession()?.token ?? null;
}

export function storeSession(session: Session, { remember }: { remember: boolean }): void {
  clearStoredSession();
  const storage = storageOf(remember ? 'localStorage' : 'sessionStorage');
  if (!storage) return;
  try {
    storage.setItem(STORAGE_KEYS.authToken, session.token);
    storage.setItem(STORAGE_KEYS.userType, session.user.userType);
    storage.setItem(STORAGE_KEYS.userId, session.user.uid);
    storage.setItem(STORAGE_KEYS.userEmail, session.user.email);
  } catch {
    // quota or privacy mode: the session stays in memory only
  }
}

/** spec 01 §4: logout clears token, type, id and email. */
export function clearStoredSession(): void {
  for (const storage of sessionStorages()) {
    for (const key of SESSION_KEYS) storage.removeItem(key);
  }
}
