import { OutboundError } from '../net/errors';

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

/** A failure whose message is written for the requester and which knows whether to retry. */
export function isExtractionFailure(error: unknown): error is ExtractionError | OutboundError {
  return error instanceof ExtractionError || error instanceof OutboundError;
}

export { FetchFailedError, FetchRefusedError } from '../net/errors';

/** The document itself cannot be read (encrypted PDF, not a workbook, ticker unknown, …). */
export class DocumentError extends ExtractionError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { ...options, retryable: false });
    this.name = 'DocumentError';
  }
}

/** An AI provider failed after its retries, or answered with something unusable. */
export class ProviderError extends ExtractionError {
  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { retryable: options.retryable ?? true, cause: options.cause });
    this.name = 'ProviderError';
  }
}
