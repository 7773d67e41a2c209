import pino from 'pino';

export type { Logger } from 'pino';

export function createLogger(level: string) {
  return pino({
    level,
    base: { service: 'sieve-api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      remove: true,
    },
  });
}
