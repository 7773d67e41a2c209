/**
 * Tabs of the same app share what happens to a session: activity in one restarts the inactivity
 * timers of the others (a user working in one tab is not timed out by the tab left open behind
 * it), and a logout in one ends the session in all of them. Messages carry a fingerprint of the
 * token, so tabs holding another session (sessionStorage is per tab) ignore them.
 */
export type SessionMessage =
  | { type: 'activity' | 'logout'; session: string }
  /** A new tab with no session of its own asks the open tabs for theirs (tab-only sessions). */
  | { type: 'session-request' }
  | { type: 'session-share'; session: SharedSession };

/** What a tab hands a new tab of the same app so the session holds across tabs (issue 15). */
export interface SharedSession {
  token: string;
  userType: string;
  uid: string;
  email: string;
}

function parseMessage(data: unknown): SessionMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if ((m.type === 'activity' || m.type === 'logout') && typeof m.session === 'string')
    return { type: m.type, session: m.session };
  if (m.type === 'session-request') return { type: 'session-request' };
  if (m.type === 'session-share' && m.session && typeof m.session === 'object') {
    const s = m.session as Record<string, unknown>;
    if (
      typeof s.token === 'string' &&
      typeof s.userType === 'string' &&
      typeof s.uid === 'string' &&
      typeof s.email === 'string'
    )
      return {
        type: 'session-share',
        session: { token: s.token, userType: s.userType, uid: s.uid, email: s.email },
      };
  }
  return null;
}

const CHANNEL_NAME = 'sieve-session';

/** A short, non-reversible fingerprint of a token (FNV-1a), enough to tell sessions apart. */
export function sessionFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36) + token.length.toString(36);
}

export interface SessionChannel {
  post: (message: SessionMessage) => void;
  close: () => void;
}

export function openSessionChannel(onMessage: (message: SessionMessage) => void): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = parseMessage(event.data);
    if (message) onMessage(message);
  };
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // a closed channel: nothing to tell
      }
    },
    close: () => channel.close(),
  };
}
