import type { RegisterBody } from '@sieve/contracts';
import { createContext } from 'react';
import type { Session, SessionUser } from './session/session-user';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  token: string | null;
  signIn: (input: SignInInput) => Promise<SessionUser>;
  register: (input: RegisterBody) => Promise<SessionUser>;
  /** Starts a session from a token the caller already holds (test login, later the hand-off). */
  startSession: (session: Session, options: { remember: boolean }) => void;
  logout: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
