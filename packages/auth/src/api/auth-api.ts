import type { authEndpoints, RegisterBody, SessionResponse } from '@sieve/contracts';
import { isUserType } from '../session/session-user';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

type AuthPaths = { [K in keyof typeof authEndpoints]: (typeof authEndpoints)[K]['path'] };

// The contract's paths, checked by type: importing the endpoint table itself would pull its zod
// schemas into the sign-in screen's bundle.
const PATHS = {
  login: '/auth/login',
  register: '/auth/register',
  logout: '/auth/logout',
  passwordReset: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
} as const satisfies Partial<AuthPaths>;

export type AuthSession = Pick<SessionResponse, 'token' | 'user_type' | 'user_id'>;

/** Reads the fields the apps rely on; an unknown user type falls back to requester (spec 01 §8). */
function readSession(payload: unknown): AuthSession {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const { token, user_id: userId, user_type: userType } = body;
  if (typeof token !== 'string' || !token || (typeof userId !== 'string' && typeof userId !== 'number')) {
    throw new ApiError({ status: 200, code: 'UNKNOWN_ERROR' });
  }
  return { token, user_id: String(userId), user_type: isUserType(userType) ? userType : 'requester' };
}

export async function loginRequest(
  email: string,
  password: string,
  remember?: boolean,
): Promise<AuthSession> {
  const payload = await apiRequest<unknown>(PATHS.login, {
    method: 'POST',
    body: { email, password, ...(remember === undefined ? {} : { remember }) },
    token: null,
  });
  return readSession(payload);
}

export async function registerRequest(body: RegisterBody): Promise<AuthSession> {
  const payload = await apiRequest<unknown>(PATHS.register, { method: 'POST', body, token: null });
  return readSession(payload);
}

export function logoutRequest(token: string): Promise<unknown> {
  return apiRequest(PATHS.logout, { method: 'POST', token });
}

export function passwordResetRequest(email: string): Promise<unknown> {
  return apiRequest(PATHS.passwordReset, { method: 'POST', body: { email }, token: null });
}

export function passwordResetConfirmRequest(token: string, password: string): Promise<unknown> {
  return apiRequest(PATHS.passwordResetConfirm, { method: 'POST', body: { token, password }, token: null });
}
