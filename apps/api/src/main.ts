import { createApp } from './app';
import { startProcessors } from './jobs/processors';
import { seedAdmin } from './modules/auth/seed-admin';
import { startSchedules } from './modules/maintenance/schedules';
import { loadConfigOrExit, startRuntime } from './runtime';
import { listen } from './server';
import { createServices } from './services';

/** The all-in-one start: API + the three apps, and the job runner too unless REDIS_URL moves it out. */
async function main() {
  const config = loadConfigOrExit();
  const runtime = await startRuntime(config);
  const seeded = await seedAdmin(runtime.database.db, config.admin);
  if (seeded.outcome === 'created' && seeded.generated) {
    // Printed once, on the start that created the account.
    console.log(
      [
        '',
        '  An admin account was created for this installation:',
        `    email:    ${seeded.email}`,
        `    password: ${seeded.password}`,
        '  Sign in at the admin app and keep these safe; they are not shown again.',
        '',
      ].join('\n'),
    );
  }
  const services = createServices(runtime);
  if (runtime.queue.kind === 'in-process') await startProcessors(runtime, services.metrics);
  await listen(createApp(runtime, services), runtime);
  startSchedules(services, runtime.logger, config.sweepIntervalSeconds, config.adminStatsMaxAgeSeconds);
  const port = config.port;
  runtime.logger.info(
    {
      requester: `http://requester.${config.appDomain}:${port}`,
      reviewer: `http://reviewer.${config.appDomain}:${port}`,
      admin: `http://admin.${config.appDomain}:${port}`,
      database: runtime.database.kind,
      queue: runtime.queue.kind,
    },
    'Sieve is up',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
