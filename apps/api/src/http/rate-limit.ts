import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error';

/**
 * A per-caller budget of API requests per minute (signed-in users by account, others by
 * address), shared through Redis when configured. 0 turns it off (load tests).
 */
export function apiRateLimit(perMinute: number, redis?: Redis): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  const options = { keyPrefix: 'sieve:api', points: perMinute, duration: 60 };
  const limiter = redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return async (req, res, next) => {
    const key = req.user ? `u:${req.user.id}` : `ip:${req.ip ?? 'unknown'}`;
    try {
      await limiter.consume(key);
      next();
    } catch (error) {
      if (error instanceof Error) return next(error);
      res.setHeader('Retry-After', String(Math.ceil((error as RateLimiterRes).msBeforeNext / 1000)));
      next(new AppError('RATE_LIMIT_EXCEEDED'));
    }
  };
}
