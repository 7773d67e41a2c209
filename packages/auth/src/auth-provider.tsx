import { friendlyMessage, type RegisterBody, type UserType } from '@sieve/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onSessionRejected } from './api/api-client';
import {
  type AuthSession,
  exchangeHandoffRequest,
  handoffRequest,
  loginRequest,
  logoutRequest,
  meRequest,
  registerRequest,
} from './api/auth-api';
import {
  AuthContext,
  type AuthContextValue,
  type AuthOutcome,
  type AuthStatus,
  type SignInInput,
  type SignOutNotice,
} from './auth-context';
import { APP_OF_ROLE } from './routing/role-apps';
import { openSessionChannel, type SessionChannel, sessionFingerprint } from './session/session-channel';
import { tokenIssuedAt } from './session/session-started-at';
import {
  clearStoredSession,
  isRememberedSession,
  readStoredSession,
  storeSession,
} from './session/session-storage';
import { isTestToken, isUserType, type Session, type SessionUser } from './session/session-user';

/** How long a new tab waits for an open tab to share its session before showing sign-in. */
export const SESSION_SHARE_WAIT_MS = 300;

const canAskOtherTabs = () => typeof BroadcastChannel !== 'undefined';

export interface AuthProviderProps {
  children: ReactNode;
  /**
   * The role whose area this app serves. A user of another role who signs in here is handed to
   * their own app (DESIGN §5). Without it every role stays in this app.
   */
  area?: UserType;
}

interface AuthState {
  status: AuthStatus;
  session: Session | null;
  startedAt: number | null;
  signOutNotice: SignOutNotice | null;
}

function stateOf(session: Session | null, signOutNotice: SignOutNotice | null = null): AuthState {
  if (!session) return { status: 'anonymous', session: null, startedAt: null, signOutNotice };
  return {
    status: 'authenticated',
    session,
    startedAt: tokenIssuedAt(session.token) ?? Date.now(),
    signOutNotice: null,
  };
}

/** The hand-off URL, telling the target app whether to remember the session. */
function withRemember(url: string, remember: boolean): string {
  try {
    const target = new URL(url);
    target.searchParams.set('remember', remember ? '1' : '0');
    return target.toString();
  } catch {
    return url;
  }
}

export function AuthProvider({ children, area }: AuthProviderProps) {
  // Storage is synchronous, so the restore happens before the first render (no spinner flash).
  // A tab-only session (no Remember me) lives in sessionStorage, which a new tab does not see: it
  // asks the open tabs of this app for it first, so the session holds across tabs (issue 15).
  const [state, setState] = useState<AuthState>(() => {
    const stored = readStoredSession();
    if (stored || !canAskOtherTabs()) return stateOf(stored);
    return { status: 'loading', session: null, startedAt: null, signOutNotice: null };
  });
  const sessionRef = useRef(state.session);
  sessionRef.current = state.session;
  const channelRef = useRef<SessionChannel | null>(null);

  /** Ends the session in this tab only (storage and state); the server side is the caller's. */
  const endLocally = useCallback((notice: SignOutNotice | null = null) => {
    clearStoredSession();
    setState(stateOf(null, notice));
  }, []);

  // A logout in another tab of this app, or a 401 to this session's token, ends it here too.
  useEffect(() => {
    const channel = openSessionChannel((message) => {
      const current = sessionRef.current;
      if (message.type === 'logout' && current && sessionFingerprint(current.token) === message.session) {
        endLocally({ notice: 'You were signed out in another tab.' });
      } else if (message.type === 'session-request' && current && !isTestToken(current.token)) {
        channel.post({
          type: 'session-share',
          session: {
            token: current.token,
            userType: current.user.userType,
            uid: current.user.uid,
            email: current.user.email,
          },
        });
      } else if (
        message.type === 'session-share' &&
        !sessionRef.current &&
        isUserType(message.session.userType)
      ) {
        const { token, userType, uid, email } = message.session;
        const shared: Session = { token, user: { uid, email, userType, isApproved: true } };
        storeSession(shared, { remember: false });
        sessionRef.current = shared;
        setState(stateOf(shared));
      }
    });
    channelRef.current = channel;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    if (!sessionRef.current && canAskOtherTabs()) {
      channel.post({ type: 'session-request' });
      waiting = setTimeout(() => {
        setState((current) => (current.status === 'loading' ? stateOf(null) : current));
      }, SESSION_SHARE_WAIT_MS);
    }
    const unsubscribe = onSessionRejected((token) => {
      if (sessionRef.current?.token === token && !isTestToken(token)) {
        endLocally({ error: friendlyMessage('UNAUTHORIZED') });
      }
    });
    return () => {
      clearTimeout(waiting);
      channel.close();
      channelRef.current = null;
      unsubscribe();
    };
  }, [endLocally]);

  const startSession = useCallback((session: Session, { remember }: { remember: boolean }) => {
    storeSession(session, { remember });
    setState(stateOf(session));
  }, []);

  /** A fresh session: kept here when this app serves its role, else handed to the role's app. */
  const completeSession = useCallback(
    async (
      response: AuthSession,
      { email, remember, isApproved }: { email: string; remember: boolean; isApproved: boolean },
    ): Promise<AuthOutcome> => {
      const user: SessionUser = { uid: response.user_id, email, userType: response.user_type, isApproved };
      if (!area || APP_OF_ROLE[user.userType] === APP_OF_ROLE[area]) {
        startSession({ token: response.token, user }, { remember });
        return { kind: 'signed-in', user };
      }
      const { url } = await handoffRequest(APP_OF_ROLE[user.userType], response.token);
      // This app keeps no session for that user: the target app gets its own from the code.
      logoutRequest(response.token).catch(() => {});
      setState((current) => (current.status === 'loading' ? stateOf(null) : current));
      return { kind: 'handoff', url: withRemember(url, remember) };
    },
    [area, startSession],
  );

  const signIn = useCallback(
    async ({ email, password, remember }: SignInInput): Promise<AuthOutcome> => {
      const response = await loginRequest(email, password, remember);
      return completeSession(response, { email, remember, isApproved: true });
    },
    [completeSession],
  );

  const register = useCallback(
    async (body: RegisterBody): Promise<AuthOutcome> => {
      const registered = await registerRequest(body);
      // spec 01 §4: sign in again with the same credentials; fall back to the registration token.
      const response = await loginRequest(body.email, body.password).catch(() => registered);
      // spec 01 §4: only requesters are approved at registration.
      return completeSession(response, {
        email: body.email,
        remember: true,
        isApproved: response.user_type === 'requester',
      });
    },
    [completeSession],
  );

  const exchangeHandoff = useCallback(
    async (code: string, { remember }: { remember: boolean }): Promise<AuthOutcome> => {
      const response = await exchangeHandoffRequest(code);
      // The code only carries the session; the account's details come from the server.
      const me = await meRequest(response.token).catch(() => null);
      const user: SessionUser = {
        uid: response.user_id,
        email: me?.email ?? '',
        userType: response.user_type,
        isApproved: me?.isApproved ?? true,
        ...(me?.createdAt ? { createdAt: me.createdAt } : {}),
      };
      // The server hands a session only to its own role's app, so it is kept here as it is.
      startSession({ token: response.token, user }, { remember });
      return { kind: 'signed-in', user };
    },
    [startSession],
  );

  const handOffSession = useCallback(async (): Promise<string> => {
    const session = sessionRef.current;
    if (!session) throw new Error('There is no session to hand off');
    const remember = isRememberedSession();
    // On failure the session stays: the caller logs out and says why, in one step.
    const { url } = await handoffRequest(APP_OF_ROLE[session.user.userType], session.token);
    logoutRequest(session.token).catch(() => {});
    endLocally();
    return withRemember(url, remember);
  }, [endLocally]);

  const logout = useCallback(
    (notice?: SignOutNotice) => {
      const token = sessionRef.current?.token;
      endLocally(notice ?? null);
      if (!token) return;
      channelRef.current?.post({ type: 'logout', session: sessionFingerprint(token) });
      // Revoke the token on the server too; the local session is gone either way.
      if (!isTestToken(token)) logoutRequest(token).catch(() => {});
    },
    [endLocally],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.session?.user ?? null,
      token: state.session?.token ?? null,
      sessionStartedAt: state.startedAt,
      area: area ?? null,
      signIn,
      register,
      exchangeHandoff,
      handOffSession,
      startSession,
      logout,
      signOutNotice: state.signOutNotice,
    }),
    [state, area, signIn, register, exchangeHandoff, handOffSession, startSession, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
