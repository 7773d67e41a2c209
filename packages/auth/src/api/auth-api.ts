import type { AppArea, authEndpoints, CurrentUser, RegisterBody, SessionResponse } from '@sieve/contracts';
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
  me: '/auth/me',
  passwordReset: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
  handoff: '/auth/handoff',
  handoffExchange: '/auth/handoff/exchange',
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

/** The signed-in account as the server knows it (`GET /auth/me`). */
export async function meRequest(token: string): Promise<Partial<CurrentUser>> {
  const payload = await apiRequest<unknown>(PATHS.me, { token });
  return payload && typeof payload === 'object' ? (payload as Partial<CurrentUser>) : {};
}

export function passwordResetRequest(email: string): Promise<unknown> {
  return apiRequest(PATHS.passwordReset, { method: 'POST', body: { email }, token: null });
}

export function passwordResetConfirmRequest(token: string, password: string): Promise<unknown> {
  return apiRequest(PATHS.passwordResetConfirm, { method: 'POST', body: { token, password }, token: null });
}

/** DESIGN §5: a one-time code (60 s) that signs the holder of `token` in on their own role's app. */
export async function handoffRequest(target: AppArea, token: string): Promise<{ url: string }> {
  const payload = await apiRequest<unknown>(PATHS.handoff, { method: 'POST', body: { target }, token });
  const url = payload && typeof payload === 'object' ? (payload as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !url) throw new ApiError({ status: 200, code: 'UNKNOWN_ERROR' });
  return { url };
}

// A code works once, and React's development double effects would spend it twice: the first
// exchange of each code is shared.
const exchanges = new Map<string, Promise<AuthSession>>();

export function exchangeHandoffRequest(code: string): Promise<AuthSession> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = apiRequest<unknown>(PATHS.handoffExchange, {
      method: 'POST',
      body: { code },
      token: null,
    }).then(readSession);
    exchanges.set(code, exchange);
  }
  return exchange;
}
