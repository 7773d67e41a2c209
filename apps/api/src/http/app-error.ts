import { ERROR_CATALOGUE, type ErrorCode } from '@sieve/contracts';

/** The one error services throw; the error middleware maps it to its status and `{code, detail}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string = ERROR_CATALOGUE[code].message,
    readonly fields?: Record<string, string>,
    /** Headers to send with the answer (`Retry-After`) and fields added to its body (`resets_at`). */
    readonly extra?: { headers?: Record<string, string>; body?: Record<string, unknown> },
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}
