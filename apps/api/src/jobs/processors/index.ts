import { createProvider } from '../../extraction/providers';
import type { Metrics } from '../../modules/metrics/metrics';
import { extractionJob } from '../../modules/requests/extraction.job';
import { createExtractionProcessor } from '../../modules/requests/extraction.processor';
import type { Runtime } from '../../runtime';

/**
 * Starts consuming every job type in this process: the API process in the embedded default,
 * the worker process when REDIS_URL is set.
 */
export async function startProcessors(runtime: Runtime, metrics: Metrics): Promise<void> {
  const { config } = runtime;
  const extract = createExtractionProcessor({
    db: runtime.database.db,
    storage: runtime.storage,
    provider: createProvider(config.extraction),
    load: {
      allowPrivateFetch: config.extraction.allowPrivateFetch,
      secBaseUrl: config.extraction.secBaseUrl,
      secUserAgent: config.extraction.secUserAgent,
    },
    logger: runtime.logger,
  });
  await runtime.queue.process(extractionJob, metrics.timed(extractionJob.name, extract));
}
