import { type ErrorCode, friendlyMessage, isErrorCode } from '@sieve/contracts';

/** An error answer of the API (`{code, detail, fields}`, DESIGN §8), or a network failure (status 0). */
export class SieveApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    readonly detail: string,
    readonly fields?: Record<string, string>,
    /** USAGE_LIMIT_EXCEEDED: when the plan's quota starts again (ISO 8601). */
    readonly resetsAt?: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'SieveApiError';
  }

  /** The catalogue's friendly message for this error (spec 01 §8 lookup order). */
  get friendly(): string {
    return isErrorCode(this.code) ? friendlyMessage(this.code) : this.detail;
  }
}
