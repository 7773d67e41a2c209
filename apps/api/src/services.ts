import type { AppDeps } from './app';
import { createAuthService } from './modules/auth/auth.service';
import { LoginLimiter } from './modules/auth/login-limiter';
import { createFilesService } from './modules/files/files.service';
import { createMailer } from './modules/mail/mailer';
import { createRequestsService } from './modules/requests/requests.service';
import { createTasksService } from './modules/tasks/tasks.service';

/** Every service of the API, built once from the runtime's parts; routes and schedules share them. */
export function createServices(deps: AppDeps) {
  const { config, database, logger } = deps;
  if (!config.jwtSecret) throw new Error('createServices needs config.jwtSecret (resolveJwtSecret)');
  const db = database.db;
  const mailer = createMailer(db, { smtpUrl: config.mail.smtpUrl, from: config.mail.from }, logger);
  const files = createFilesService({ db, storage: deps.storage });
  return {
    mailer,
    files,
    auth: createAuthService({
      db,
      jwtSecret: config.jwtSecret,
      mailer,
      limiter: new LoginLimiter(config.loginLimits, deps.redis),
      logger,
    }),
    requests: createRequestsService({ db, queue: deps.queue, files, logger }),
    tasks: createTasksService({ db, leaseSeconds: config.claimLeaseSeconds, logger }),
  };
}

export type Services = ReturnType<typeof createServices>;
