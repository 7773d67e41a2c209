/**
 * Errors of outbound fetches (documents, website pages, SEC, webhook deliveries). `message` is
 * written for the person who asked for the fetch; `retryable` tells a job runner whether another
 * attempt could succeed.
 */
export class OutboundError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OutboundError';
    this.retryable = options.retryable ?? false;
  }
}

/** An outbound fetch the guard will not make (address, scheme, redirect limit). Never retried. */
export class FetchRefusedError extends OutboundError {
  constructor(message: string) {
    super(message, { retryable: false });
    this.name = 'FetchRefusedError';
  }
}

/** An outbound fetch that was tried and failed (network, timeout, too large, bad status). */
export class FetchFailedError extends OutboundError {
  readonly status: number | undefined;
  constructor(message: string, options: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { retryable: options.retryable ?? true, cause: options.cause });
    this.name = 'FetchFailedError';
    this.status = options.status;
  }
}
