import { ERROR_CATALOGUE, type ErrorCode, type ErrorResponse } from '@sieve/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError } from './app-error';

export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // A strict contract names each key it does not know (never silently dropped).
    if (issue.code === 'unrecognized_keys') {
      for (const unknownKey of issue.keys) {
        fields[[...issue.path, unknownKey].join('.')] ??= 'Unknown field';
      }
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function body(code: ErrorCode, detail?: string, fields?: Record<string, string>): ErrorResponse {
  return { code, detail: detail ?? ERROR_CATALOGUE[code].message, ...(fields ? { fields } : {}) };
}

/** Errors raised by Express' own body parsers carry a `type` and a `status`. */
function parserErrorCode(error: { type?: unknown; status?: unknown }): ErrorCode | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return 'INVALID_INPUT';
    case 'entity.too.large':
      return 'PAYLOAD_TOO_LARGE';
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      return typeof error.status === 'number' && error.status >= 400 && error.status < 500
        ? 'INVALID_INPUT'
        : null;
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** The database (or another backing service) is out of reach: a 503 the client may retry, not a 500. */
export function isConnectionError(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}.`));
};

/** The one error middleware (DESIGN §8): every error leaves as `{code, detail}`, never with internals. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err: error }, 'error after response started');
    res.destroy();
    return;
  }
  if (error instanceof AppError) {
    // A 503 is a known state (billing not configured, a service down) the service reports itself.
    if (error.status >= 500 && error.status !== 503) req.log?.error({ err: error }, error.code);
    for (const [name, value] of Object.entries(error.extra?.headers ?? {})) res.setHeader(name, value);
    res.status(error.status).json({ ...body(error.code, error.detail, error.fields), ...error.extra?.body });
    return;
  }
  if (error instanceof ZodError) {
    const fields = zodFields(error);
    const names = Object.keys(fields).join(', ');
    res.status(400).json(body('INVALID_INPUT', `Please check your input and try again (${names}).`, fields));
    return;
  }
  const parserCode = error && typeof error === 'object' ? parserErrorCode(error) : null;
  if (parserCode) {
    const detail = parserCode === 'INVALID_INPUT' ? 'The request body is not valid JSON.' : undefined;
    res.status(ERROR_CATALOGUE[parserCode].status).json(body(parserCode, detail));
    return;
  }
  if (isConnectionError(error)) {
    req.log?.warn({ err: error }, 'backing service unavailable');
    res.setHeader('Retry-After', '5');
    res.status(503).json(body('SERVICE_UNAVAILABLE'));
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  res.status(500).json(body('INTERNAL_SERVER_ERROR'));
};
