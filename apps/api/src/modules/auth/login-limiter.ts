import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';

/**
 * Login attempts limited per address (all attempts) and per account (failures), in Redis when
 * configured so every API process shares the counts (DESIGN §5).
 */
export class LoginLimiter {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;

  constructor(limits: Config['loginLimits'], redis?: Redis, keyPrefix = 'sieve:login') {
    const make = (name: string, points: number) => {
      const options = { keyPrefix: `${keyPrefix}:${name}`, points, duration: limits.windowSeconds };
      if (!redis) return new RateLimiterMemory(options);
      // If Redis is unreachable the limiter keeps working per process instead of failing logins.
      return new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    };
    this.perAddress = make('addr', limits.attemptsPerAddress);
    this.perAccount = make('acct', limits.failuresPerAccount);
  }

  /** Counts an attempt from this address and refuses when either budget is spent. */
  async beforeAttempt(address: string, email: string) {
    const account = await this.perAccount.get(email);
    if (account && account.remainingPoints <= 0) throw new AppError('TOO_MANY_REQUESTS');
    try {
      await this.perAddress.consume(address);
    } catch (error) {
      if (error instanceof Error) throw error;
      throw new AppError('TOO_MANY_REQUESTS');
    }
  }

  async failed(email: string) {
    await this.perAccount.consume(email).catch((error: unknown) => {
      if (error instanceof Error) throw error;
    });
  }

  async succeeded(email: string) {
    await this.perAccount.delete(email);
  }
}
