import { createServer } from 'node:http';
import { startProcessors } from './jobs/processors';
import { createMetrics } from './modules/metrics/metrics';
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
  const metrics = createMetrics();
  await startProcessors(runtime, metrics);
  // Job durations of this process, for Prometheus, when a port is given.
  const server = config.workerMetricsPort
    ? createServer(async (req, res) => {
        if (req.url !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        if (config.metricsToken && req.headers.authorization !== `Bearer ${config.metricsToken}`) {
          res.writeHead(401).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        res.end(await metrics.registry.metrics());
      }).listen(config.workerMetricsPort)
    : undefined;
  installShutdown(runtime, async () => {
    server?.close();
  });
  runtime.logger.info({ concurrency: config.jobConcurrency }, 'worker started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
