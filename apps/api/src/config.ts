import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLAIM_LEASE_SECONDS } from '@sieve/contracts';
import { z } from 'zod';

/**
 * The only reader of the environment (STYLE §4). Every setting of DESIGN §10 with its default;
 * a bad value stops start-up with a message naming the variable.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .default('')
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as localhost or example.com')
    .default('localhost'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  EXTRACTION_PROVIDER: z.enum(['heuristic', 'openai', 'anthropic']).default('heuristic'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-5'),
  SEC_BASE_URL: z.url().default('https://data.sec.gov'),
  SEC_USER_AGENT: z.string().default('Sieve document extraction admin@localhost'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_PRO: z.string().optional(),
  STRIPE_PRICE_BUSINESS: z.string().optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Sieve <no-reply@localhost>'),
  /** Deliver mails as JSON files into this directory instead of SMTP (development, browser tests). */
  MAIL_DIR: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  CLAIM_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(DEFAULT_CLAIM_LEASE_SECONDS),
  ALLOW_PRIVATE_FETCH: flag,
  /** Webhook retries: the first comes this long after a failed try, each further one twice as late (24 h in all). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How long a running job's lock lasts; a job whose process died runs again after it. */
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often the API re-queues unfinished requests and expires claim leases. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'must be a size such as 1mb or 512kb')
    .default('1mb'),
  /** How old the admin stats summary may be when read; the API refreshes it on this interval. */
  ADMIN_STATS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How old the count of a searched reviewer queue's matches may be (per process). The unsearched
   * total comes from the running per-type count (queue_counts), exact and cheap; a search counts
   * its matches, on every list with 0 (the default).
   */
  QUEUE_COUNT_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * How long a valid session's user is kept in memory instead of looked up per call. Sign-out,
   * deactivation, deletion and password reset act at once in the process that handles them; other
   * processes (API replicas) see them within this time. 0 looks the session up on every call.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Env = z.infer<typeof EnvSchema>;
export type Config = ReturnType<typeof buildConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  // A generated secret is per DATA_DIR: replicas would reject each other's sessions, and a
  // production install would run on a secret nobody chose. Only the embedded default generates one.
  if (env.NODE_ENV === 'production' && !parsed.data.JWT_SECRET) {
    throw new ConfigError([
      'JWT_SECRET: required when NODE_ENV=production; set it to a random string of 32+ characters, the same for every API process (e.g. openssl rand -hex 32)',
    ]);
  }
  return buildConfig(parsed.data);
}

function buildConfig(env: Env) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appDomain: env.APP_DOMAIN,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: env.DATABASE_URL,
    dbPoolSize: env.DB_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    jwtSecret: env.JWT_SECRET,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
    extraction: {
      provider: env.EXTRACTION_PROVIDER,
      openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL },
      anthropic: {
        apiKey: env.ANTHROPIC_API_KEY,
        baseUrl: env.ANTHROPIC_BASE_URL,
        model: env.ANTHROPIC_MODEL,
      },
      secBaseUrl: env.SEC_BASE_URL,
      secUserAgent: env.SEC_USER_AGENT,
      allowPrivateFetch: env.ALLOW_PRIVATE_FETCH,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      prices: { pro: env.STRIPE_PRICE_PRO, business: env.STRIPE_PRICE_BUSINESS },
    },
    mail: { smtpUrl: env.SMTP_URL, mailDir: env.MAIL_DIR, from: env.MAIL_FROM },
    s3: {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
    claimLeaseSeconds: env.CLAIM_LEASE_SECONDS,
    webhookRetryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    loginLimits: {
      failuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      attemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
    },
    jobConcurrency: env.JOB_CONCURRENCY,
    jobLockSeconds: env.JOB_LOCK_SECONDS,
    sweepIntervalSeconds: env.SWEEP_INTERVAL_SECONDS,
    logLevel: env.LOG_LEVEL,
    bodyLimit: env.BODY_LIMIT,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    adminStatsMaxAgeSeconds: env.ADMIN_STATS_MAX_AGE_SECONDS,
    queueCountMaxAgeMs: env.QUEUE_COUNT_MAX_AGE_MS,
    sessionCacheTtlMs: env.SESSION_CACHE_TTL_MS,
    webDistDir: env.WEB_DIST_DIR,
    metricsToken: env.METRICS_TOKEN,
    workerMetricsPort: env.WORKER_METRICS_PORT,
  };
}

/**
 * The JWT secret: from the environment, else generated once and kept under DATA_DIR so sessions
 * survive restarts of the embedded default (DESIGN §5).
 */
export function resolveJwtSecret(
  config: Pick<Config, 'jwtSecret' | 'dataDir' | 'isProduction' | 'databaseUrl'>,
) {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
