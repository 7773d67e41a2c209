import { randomUUID } from 'node:crypto';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import type { Database } from './db/client';
import { errorHandler, notFoundHandler } from './http/error-handler';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import { docsRoutes } from './modules/docs/docs.routes';
import { healthRoutes } from './modules/health/health.routes';
import { appHosts, defaultAppsDir } from './web/app-hosts';

export interface AppDeps {
  config: Pick<Config, 'appDomain' | 'bodyLimit' | 'webDistDir'>;
  database: Database;
  queue: JobQueue;
  logger: Logger;
}

/** Builds the Express app without listening (tests drive it with supertest). */
export function createApp(deps: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/api/v1/health' },
    }),
  );
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
  app.use('/api/v1', express.json({ limit: deps.config.bodyLimit }));
  app.use('/api/v1', healthRoutes(deps));
  app.use(
    appHosts({ appsDir: deps.config.webDistDir ?? defaultAppsDir(), appDomain: deps.config.appDomain }),
  );

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
