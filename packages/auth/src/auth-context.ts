import type { RegisterBody, UserType } from '@sieve/contracts';
import { createContext } from 'react';
import type { Session, SessionUser } from './session/session-user';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * Where a successful sign-in or sign-up leads: a session in this app, or — for a user of another
 * role — a one-time hand-off URL to that role's app (DESIGN §5).
 */
export type AuthOutcome = { kind: 'signed-in'; user: SessionUser } | { kind: 'handoff'; url: string };

/** Why the last session ended, for the sign-in screen (kept until the next session starts). */
export interface SignOutNotice {
  notice?: string;
  error?: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  token: string | null;
  /** When the session began (epoch ms), for the maximum session duration (spec 01 §4). */
  sessionStartedAt: number | null;
  /** The role whose area this app serves; null serves any role (tests, tools). */
  area: UserType | null;
  signIn: (input: SignInInput) => Promise<AuthOutcome>;
  register: (input: RegisterBody) => Promise<AuthOutcome>;
  /** Exchanges a hand-off code from another app for a session here. */
  exchangeHandoff: (code: string, options: { remember: boolean }) => Promise<AuthOutcome>;
  /**
   * For a session of another role found in this app (restored from storage): a hand-off URL to
   * its own app, ending the session here. If it fails the session is left for the caller to end.
   */
  handOffSession: () => Promise<string>;
  /** Starts a session from a token the caller already holds (the development test login). */
  startSession: (session: Session, options: { remember: boolean }) => void;
  /**
   * spec 01 §4: revokes the token, clears token, type, id and email. The caller goes home. A
   * notice says on the sign-in screen why the session ended (timeout, failed hand-off).
   */
  logout: (notice?: SignOutNotice) => void;
  signOutNotice: SignOutNotice | null;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
