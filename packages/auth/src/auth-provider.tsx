import type { RegisterBody } from '@sieve/contracts';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { loginRequest, logoutRequest, registerRequest } from './api/auth-api';
import { AuthContext, type AuthContextValue, type AuthStatus, type SignInInput } from './auth-context';
import { clearStoredSession, readStoredSession, storeSession } from './session/session-storage';
import type { Session, SessionUser } from './session/session-user';

export interface AuthProviderProps {
  children: ReactNode;
}

interface AuthState {
  status: AuthStatus;
  session: Session | null;
}

function restoredState(): AuthState {
  const session = readStoredSession();
  return { status: session ? 'authenticated' : 'anonymous', session };
}

export function AuthProvider({ children }: AuthProviderProps) {
  // Storage is synchronous, so the restore happens before the first render (no spinner flash).
  const [state, setState] = useState<AuthState>(restoredState);

  const startSession = useCallback((session: Session, { remember }: { remember: boolean }) => {
    storeSession(session, { remember });
    setState({ status: 'authenticated', session });
  }, []);

  const signIn = useCallback(
    async ({ email, password, remember }: SignInInput): Promise<SessionUser> => {
      const response = await loginRequest(email, password, remember);
      const user: SessionUser = {
        uid: response.user_id,
        email,
        userType: response.user_type,
        isApproved: true,
      };
      startSession({ token: response.token, user }, { remember });
      return user;
    },
    [startSession],
  );

  const register = useCallback(
    async (body: RegisterBody): Promise<SessionUser> => {
      const registered = await registerRequest(body);
      // spec 01 §4: sign in again with the same credentials; fall back to the registration token.
      const response = await loginRequest(body.email, body.password).catch(() => registered);
      const user: SessionUser = {
        uid: response.user_id,
        email: body.email,
        userType: response.user_type,
        // spec 01 §4: only requesters are approved at registration
        isApproved: response.user_type === 'requester',
        createdAt: new Date().toISOString(),
      };
      startSession({ token: response.token, user }, { remember: true });
      return user;
    },
    [startSession],
  );

  const logout = useCallback(() => {
    const token = state.session?.token;
    clearStoredSession();
    setState({ status: 'anonymous', session: null });
    // Revoke the token on the server too; the local session is gone either way.
    if (token) logoutRequest(token).catch(() => {});
  }, [state.session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.session?.user ?? null,
      token: state.session?.token ?? null,
      signIn,
      register,
      startSession,
      logout,
    }),
    [state, signIn, register, startSession, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
