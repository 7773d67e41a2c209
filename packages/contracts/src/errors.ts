import { z } from './zod';

/**
 * The error catalogue: every code the API can answer with, its HTTP status and the friendly
 * message the apps show (spec 01 §8, plus codes of our own marked "ours").
 */
export const ERROR_CATALOGUE = {
  INVALID_LOGIN_CREDENTIALS: {
    status: 401,
    message: 'The email or password you entered is incorrect. Please try again.',
  },
  USER_NOT_FOUND: {
    status: 404,
    message: 'No account found with this email address. Please check your email or sign up.',
  },
  WRONG_PASSWORD: { status: 401, message: 'The password you entered is incorrect. Please try again.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email address before signing in.' },
  USER_DISABLED: { status: 403, message: 'This account has been disabled. Please contact support.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many failed login attempts. Please try again later.' },
  EMAIL_ALREADY_IN_USE: {
    status: 409,
    message: 'An account with this email already exists. Please sign in or use a different email.',
  },
  WEAK_PASSWORD: {
    status: 400,
    message: 'Password must be at least 8 characters long and contain a mix of letters and numbers.',
  },
  INVALID_EMAIL: { status: 400, message: 'Please enter a valid email address.' },
  INVALID_INVITE_CODE: {
    status: 400,
    message: 'The invite code is invalid or has expired. Please request a new one.',
  },
  INVITE_CODE_REQUIRED: { status: 400, message: 'An invite code is required for this account type.' },
  NETWORK_REQUEST_FAILED: {
    status: 503,
    message: 'Unable to connect to the server. Please check your internet connection.',
  },
  TIMEOUT: { status: 504, message: 'The request timed out. Please try again.' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Something went wrong on our end. Please try again later.' },
  UNKNOWN_ERROR: { status: 500, message: 'An unexpected error occurred. Please try again.' },
  API_ERROR: { status: 502, message: 'Failed to connect to our servers. Please try again.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again later.',
  },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  TASK_NOT_FOUND: { status: 404, message: 'The task you are looking for could not be found.' },
  TASK_ALREADY_CLAIMED: { status: 409, message: 'This task has already been claimed by another worker.' },
  TASK_SUBMISSION_FAILED: { status: 500, message: 'Failed to submit your task. Please try again.' },
  INVALID_TASK_DATA: { status: 400, message: 'The task data is invalid. Please check your input.' },
  TASK_EXPIRED: { status: 410, message: 'This task has expired and is no longer available.' },
  NO_TASKS_AVAILABLE: { status: 404, message: 'No tasks are currently available. Please check back later.' },
  PERMISSION_DENIED: { status: 403, message: 'You do not have permission to perform this action.' },
  UNAUTHORIZED: { status: 401, message: 'You need to be logged in to access this feature.' },
  FORBIDDEN: { status: 403, message: 'Access denied. You do not have the required permissions.' },
  WORKER_NOT_APPROVED: {
    status: 403,
    message: 'Your reviewer account is pending approval. Please wait for admin approval.',
  },
  INVALID_INPUT: { status: 400, message: 'Please check your input and try again.' },
  REQUIRED_FIELD_MISSING: { status: 400, message: 'Please fill in all required fields.' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is too large. Please choose a smaller file.' },
  INVALID_FILE_TYPE: { status: 415, message: 'Invalid file type. Please upload a supported file format.' },
  JOB_CREATION_FAILED: { status: 500, message: 'Failed to create your request. Please try again.' },
  INVALID_JOB_PARAMETERS: { status: 400, message: 'Invalid request parameters. Please check your input.' },
  // ours
  NOT_FOUND: { status: 404, message: 'The requested resource could not be found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed on this resource.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported here.' },
  USAGE_LIMIT_EXCEEDED: {
    status: 429,
    message: 'You have reached the request limit of your plan. Upgrade your plan or try again later.',
  },
  REQUEST_NOT_FOUND: { status: 404, message: 'The request you are looking for could not be found.' },
  REQUEST_STATE_CONFLICT: {
    status: 409,
    message: 'This request cannot be changed in its current state. Refresh to see where it is.',
  },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'This password reset link is invalid or has expired. Please request a new one.',
  },
  INVALID_HANDOFF_CODE: {
    status: 401,
    message: 'This sign-in link is invalid or has expired. Please sign in.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request body. Use a new key.',
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Retry in a moment.',
  },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    message: 'This API key does not have the scope this call needs.',
  },
  API_KEY_NOT_ALLOWED: {
    status: 403,
    message: 'API keys cannot be used here. Sign in instead.',
  },
  API_KEY_NOT_FOUND: { status: 404, message: 'The API key could not be found.' },
  TEMPLATE_NOT_FOUND: { status: 404, message: 'The template could not be found.' },
  HINT_NOT_FOUND: { status: 404, message: 'The learned hint could not be found.' },
  TEMPLATE_READ_ONLY: {
    status: 409,
    message: 'Built-in templates cannot be changed. Save a copy and edit that instead.',
  },
  CHECKS_FAILED: {
    status: 422,
    message: 'Some checks fail on these values. Correct them, or give a reason for each failed check.',
  },
  WEBHOOK_NOT_FOUND: { status: 404, message: 'The webhook endpoint could not be found.' },
  WEBHOOK_URL_REFUSED: {
    status: 400,
    message: 'Webhooks cannot be sent to this address. Use a public http(s) URL.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** Every error response: `{code, detail}`, plus `fields` for validation (DESIGN §8). */
export const ErrorResponse = /* @__PURE__ */ z
  .object({
    code: z.string(),
    detail: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** USAGE_LIMIT_EXCEEDED: when the exhausted quota starts again (ISO 8601); also `Retry-After`. */
    resets_at: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/**
 * spec 01 §8 friendly message lookup: the exact code; any known code contained in the upper-cased
 * text; a string as it is; an object by its code, then message, then detail; else the fallback.
 */
export function friendlyMessage(error: unknown): string {
  if (typeof error === 'string') {
    if (isErrorCode(error)) return ERROR_CATALOGUE[error].message;
    const upper = error.toUpperCase();
    const contained = ERROR_CODES.find((code) => upper.includes(code));
    if (contained) return ERROR_CATALOGUE[contained].message;
    return error.length > 0 ? error : UNEXPECTED_ERROR_MESSAGE;
  }
  if (error && typeof error === 'object') {
    const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
    for (const candidate of [code, message, detail]) {
      if (typeof candidate === 'string' && candidate.length > 0) {
        if (candidate === code && !isErrorCode(candidate)) continue;
        return friendlyMessage(candidate);
      }
    }
  }
  return UNEXPECTED_ERROR_MESSAGE;
}
