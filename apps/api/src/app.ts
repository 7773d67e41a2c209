import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { authenticate } from './http/authenticate';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { apiRateLimit } from './http/rate-limit';
import { requestLog } from './http/request-log';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes, stripeWebhookRoute, subscriptionRoutes } from './modules/billing/billing.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { learningRoutes } from './modules/learning/learning.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createServices, type Services } from './services';
import type { FileStorage } from './storage/file-storage';
import { appHosts, defaultAppsDir } from './web/app-hosts';

export interface AppDeps {
  config: Config;
  database: Database;
  queue: JobQueue;
  logger: Logger;
  /** Shared state across API processes (login limits) when REDIS_URL is set. */
  redis?: Redis | undefined;
  storage: FileStorage;
}

/** Builds the Express app without listening (tests drive it with supertest). */
export function createApp(deps: AppDeps, services: Services = createServices(deps)) {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');

  app.use(requestLog(app, deps.logger, { ignore: (url) => url === '/api/v1/health' }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // TLS ends at the reverse proxy, which adds HSTS; plain http on *.localhost must keep working.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  );

  app.use(docsRoutes());
  const parseAndAuthenticate = [
    express.json({ limit: config.bodyLimit }),
    cookieParser(),
    authenticate(services.auth, services.apiKeys),
    apiRateLimit(config.apiRateLimitPerMinute, deps.redis),
  ];
  app.use('/api/v1', services.latency.middleware(), services.metrics.httpMiddleware());
  app.use('/api/v1', metricsRoutes(services.metrics, deps.queue, config.metricsToken));
  app.use('/api/v1', stripeWebhookRoute(services.billing));
  app.use('/api/subscription', ...parseAndAuthenticate);
  app.use('/api/v1', ...parseAndAuthenticate);
  app.use('/api/v1', healthRoutes(deps));
  app.use('/api/v1', authRoutes(services.auth, config.appDomain));
  app.use('/api/v1', filesRoutes(services.files, deps.database.db));
  app.use('/api/v1', requestsRoutes(services.requests, deps.database.db));
  app.use('/api/v1', integrationsRoutes(services));
  app.use('/api/v1', templatesRoutes(services.templates));
  app.use('/api/v1', learningRoutes(services.learning));
  app.use('/api/v1', tasksRoutes(services.tasks));
  app.use('/api/v1', adminRoutes(services.admin));
  app.use('/api/v1', billingRoutes(services.billing, config.appDomain));
  app.use(subscriptionRoutes(services.billing));
  app.use(appHosts({ appsDir: config.webDistDir ?? defaultAppsDir(), appDomain: config.appDomain }));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
