/**
 * Errors of the extraction pipeline. `message` is written for the requester (it becomes the
 * request's `error`); `retryable` tells the job runner whether another attempt could succeed.
 */
export class ExtractionError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ExtractionError';
    this.retryable = options.retryable ?? false;
  }
}

/** The document itself cannot be read (encrypted PDF, not a workbook, ticker unknown, …). */
export class DocumentError extends ExtractionError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
    this.name = 'DocumentError';
  }
}

/** An outbound fetch the guard will not make (address, scheme, redirect limit). Never retried. */
export class FetchRefusedError extends ExtractionError {
  constructor(message: string) {
    super(message, { retryable: false });
    this.name = 'FetchRefusedError';
  }
}

/** An outbound fetch that was tried and failed (network, timeout, too large, bad status). */
export class FetchFailedError extends ExtractionError {
  readonly status: number | undefined;
  constructor(message: string, options: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { retryable: options.retryable ?? true, cause: options.cause });
    this.name = 'FetchFailedError';
    this.status = options.status;
  }
}

/** An AI provider failed after its retries, or answered with something unusable. */
export class ProviderError extends ExtractionError {
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { retryable: options.retryable ?? true, cause: options.cause });
    this.name = 'ProviderError';
  }
}
