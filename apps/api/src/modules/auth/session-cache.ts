import type { SessionUser } from './auth.queries';

/**
 * The signed-in user behind each live session, kept for a few seconds: every authenticated call
 * otherwise looks the user and the token's revocation up in the database, which is a large share
 * of a cheap read's cost. Sign-out, deactivation, approval, deletion and password reset forget the
 * entries in this process at once; another process (an API replica) sees them within `ttlMs`.
 * Only valid sessions are kept: a refused token is looked up again on every call.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { user: SessionUser; at: number }>();

  return {
    get(jti: string): SessionUser | undefined {
      if (options.ttlMs <= 0) return undefined;
      const entry = entries.get(jti);
      if (!entry) return undefined;
      if (now() - entry.at > options.ttlMs) {
        entries.delete(jti);
        return undefined;
      }
      return entry.user;
    },
    set(jti: string, user: SessionUser) {
      if (options.ttlMs <= 0) return;
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(jti, { user, at: now() });
    },
    forgetSession(jti: string) {
      entries.delete(jti);
    },
    /** After any change to the account: its role, approval, activity, deletion or password. */
    forgetUser(userId: string) {
      for (const [jti, entry] of entries) if (entry.user.id === userId) entries.delete(jti);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
