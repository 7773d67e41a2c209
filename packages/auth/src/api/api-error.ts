import { type ErrorCode, friendlyMessage, isErrorCode } from '@sieve/contracts';

// A bare gateway status (proxy up, API down) still deserves a catalogue message.
const CODE_FOR_BARE_STATUS: Partial<Record<number, ErrorCode>> = {
  500: 'INTERNAL_SERVER_ERROR',
  502: 'API_ERROR',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT',
};

/** A failed API call: the `{code, detail}` of the error response (DESIGN §8), and its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly detail: string | null;
  readonly fields: Record<string, string> | undefined;

  constructor({
    status,
    code,
    detail,
    fields,
    message,
  }: {
    status: number;
    code?: string | null;
    detail?: string | null;
    fields?: Record<string, string>;
    message?: string;
  }) {
    // spec 01 §8: the response detail, else its message, else "HTTP error! status: N"
    super(detail || message || `HTTP error! status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code ?? null;
    this.detail = detail ?? null;
    this.fields = fields;
  }

  static fromResponse(status: number, payload: unknown): ApiError {
    const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : null);
    const fields =
      body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
    const code = text('code') ?? (text('detail') || text('message') ? null : CODE_FOR_BARE_STATUS[status]);
    return new ApiError({
      status,
      code,
      detail: text('detail'),
      message: text('message') ?? undefined,
      ...(fields ? { fields } : {}),
    });
  }

  static network(): ApiError {
    return new ApiError({ status: 0, code: 'NETWORK_REQUEST_FAILED' });
  }
}

/**
 * The message to show for a failed call: the friendly message for what the server said
 * (spec 01 §8 lookup: its code, else its detail or message), or the call's own fallback
 * ("Failed to login", "Failed to send password reset email", …) when it said nothing — including
 * when it could not be reached at all.
 */
export function errorMessageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_REQUEST_FAILED') return fallback;
    if (error.code && isErrorCode(error.code)) return friendlyMessage(error.code);
    if (error.detail) return friendlyMessage(error.detail);
    if (error.message && !error.message.startsWith('HTTP error! status:'))
      return friendlyMessage(error.message);
  }
  return fallback;
}
