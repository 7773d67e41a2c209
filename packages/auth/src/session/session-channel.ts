/**
 * Tabs of the same app share what happens to a session: activity in one restarts the inactivity
 * timers of the others (a user working in one tab is not timed out by the tab left open behind
 * it), and a logout in one ends the session in all of them. Messages carry a fingerprint of the
 * token, so tabs holding another session (sessionStorage is per tab) ignore them.
 */
export type SessionMessage = { type: 'activity' | 'logout'; session: string };

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
    const data = event.data as Partial<SessionMessage> | null;
    if (data && (data.type === 'activity' || data.type === 'logout') && typeof data.session === 'string') {
      onMessage({ type: data.type, session: data.session });
    }
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
