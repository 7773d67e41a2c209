import type { UserType } from '@sieve/contracts';
import { isUserType } from '../session/session-user';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

// spec 01 §3/§7 response fields read. TODO: use the contracts' auth schemas once they exist.
interface AuthResponse {
  token: string;
  user_type: UserType;
  user_id: string;
}

export interface RegisterBody {
  email: string;
  password: string;
  full_name: string;
  user_type: UserType;
  invite_code?: string;
}

/** Reads the fields the apps rely on; an unknown user type falls back to requester (spec 01 §8). */
function readAuthResponse(payload: unknown): AuthResponse {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const { token, user_id: userId, user_type: userType } = body;
  if (typeof token !== 'string' || !token || (typeof userId !== 'string' && typeof userId !== 'number')) {
    throw new ApiError({ status: 200, code: 'UNKNOWN_ERROR' });
  }
  return { token, user_id: String(userId), user_type: isUserType(userType) ? userType : 'requester' };
}

export async function loginRequest(email: string, password: string): Promise<AuthResponse> {
  const payload = await apiRequest<unknown>('/auth/login', {
    method: 'POST',
    body: { email, password },
    token: null,
  });
  return readAuthResponse(payload);
}

export async function registerRequest(body: RegisterBody): Promise<AuthResponse> {
  const payload = await apiRequest<unknown>('/auth/register', { method: 'POST', body, token: null });
  return readAuthResponse(payload);
}

export function logoutRequest(token: string): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST', token });
}

export function passwordResetRequest(email: string): Promise<unknown> {
  return apiRequest('/auth/password-reset', { method: 'POST', body: { email }, token: null });
}

export function passwordResetConfirmRequest(token: string, password: string): Promise<unknown> {
  return apiRequest('/auth/password-reset/confirm', {
    method: 'POST',
    body: { token, password },
    token: null,
  });
}
