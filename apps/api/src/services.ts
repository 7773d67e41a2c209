import type { AppDeps } from './app';
import { LatencyWindow } from './http/latency';
import { createAdminService } from './modules/admin/admin.service';
import { createAuthService } from './modules/auth/auth.service';
import { LoginLimiter } from './modules/auth/login-limiter';
import { createSessionCache } from './modules/auth/session-cache';
import { createBillingService } from './modules/billing/billing.service';
import { createStripeClient } from './modules/billing/stripe-client';
import { createFilesService } from './modules/files/files.service';
import { createApiKeysService } from './modules/integrations/api-keys';
import { createWebhooksService } from './modules/integrations/webhooks.service';
import { createLearningService } from './modules/learning/learning.service';
import { createMailer } from './modules/mail/mailer';
import { createMetrics, type Metrics } from './modules/metrics/metrics';
import { createRequestsService } from './modules/requests/requests.service';
import { createTasksService } from './modules/tasks/tasks.service';
import { createTemplatesService } from './modules/templates/templates.service';

/** Every service of the API, built once from the runtime's parts; routes and schedules share them. */
export function createServices(deps: AppDeps, metrics: Metrics = createMetrics()) {
  const { config, database, logger } = deps;
  if (!config.jwtSecret) throw new Error('createServices needs config.jwtSecret (resolveJwtSecret)');
  const db = database.db;
  const mailer = createMailer(
    db,
    {
      smtpUrl: config.mail.smtpUrl,
      mailDir: config.mail.mailDir,
      from: config.mail.from,
      isDevelopment: config.env === 'development',
    },
    logger,
  );
  const files = createFilesService({ db, storage: deps.storage });
  const templates = createTemplatesService({ db });
  const requests = createRequestsService({ db, queue: deps.queue, files, templates, logger, metrics });
  const webhooks = createWebhooksService({
    db,
    queue: deps.queue,
    logger,
    loadRequest: (requesterId, id) => requests.get(requesterId, id),
    allowPrivateFetch: config.extraction.allowPrivateFetch,
    retryBaseMs: config.webhookRetryBaseMs,
  });
  const tasks = createTasksService({
    db,
    leaseSeconds: config.claimLeaseSeconds,
    logger,
    metrics,
    queueCountMaxAgeMs: config.queueCountMaxAgeMs,
    webhooks: webhooks.emitter,
  });
  const latency = new LatencyWindow();
  const sessions = createSessionCache({ ttlMs: config.sessionCacheTtlMs });
  return {
    metrics,
    latency,
    mailer,
    files,
    auth: createAuthService({
      db,
      jwtSecret: config.jwtSecret,
      mailer,
      limiter: new LoginLimiter(config.loginLimits, deps.redis),
      logger,
      sessions,
    }),
    requests,
    tasks,
    templates,
    learning: createLearningService({ db }),
    apiKeys: createApiKeysService({ db }),
    webhooks,
    billing: createBillingService({
      db,
      stripe: createStripeClient(config.stripe),
      webhookSecret: config.stripe.webhookSecret,
      logger,
    }),
    admin: createAdminService({
      db,
      queue: deps.queue,
      requests,
      tasks,
      statsMaxAgeMs: config.adminStatsMaxAgeSeconds * 1000,
      sessions,
      stats: {
        probes: [
          { name: 'Database', check: () => database.ping() },
          { name: 'Job queue', check: () => deps.queue.ping() },
        ],
        averageLatencyMs: () => latency.average(),
        startedAt: Date.now() - process.uptime() * 1000,
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
