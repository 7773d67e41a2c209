import { startProcessors } from './jobs/processors';
import { loadConfigOrExit, startRuntime } from './runtime';
import { installShutdown } from './server';

/** The job-runner process for REDIS_URL set-ups; scale it horizontally. */
async function main() {
  const config = loadConfigOrExit();
  if (!config.redisUrl) {
    console.error('REDIS_URL: the worker process needs Redis; without it jobs run inside the API process.');
    process.exit(78);
  }
  const runtime = await startRuntime(config);
  await startProcessors(runtime);
  installShutdown(runtime, async () => undefined);
  runtime.logger.info({ concurrency: config.jobConcurrency }, 'worker started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
