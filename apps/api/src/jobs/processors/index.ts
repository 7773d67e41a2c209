import { extractFromSource } from '../../extraction/extract-document';
import { createProvider } from '../../extraction/providers';
import type { Metrics } from '../../modules/metrics/metrics';
import { extractionJob } from '../../modules/requests/extraction.job';
import { createExtractionProcessor } from '../../modules/requests/extraction.processor';
import { threadedExtractor } from '../../modules/requests/extraction-thread';
import type { Runtime } from '../../runtime';

/**
 * Starts consuming every job type in this process: the API process in the embedded default,
 * the worker process when REDIS_URL is set.
 */
export async function startProcessors(runtime: Runtime, metrics: Metrics): Promise<void> {
  const { config } = runtime;
  const provider = createProvider(config.extraction);
  const load = {
    allowPrivateFetch: config.extraction.allowPrivateFetch,
    secBaseUrl: config.extraction.secBaseUrl,
    secUserAgent: config.extraction.secUserAgent,
  };
  const extract = createExtractionProcessor({
    db: runtime.database.db,
    storage: runtime.storage,
    provider,
    load,
    logger: runtime.logger,
    // Parsing (SEC HTML up to 50 MB, workbooks) runs in worker threads, off the API's event loop.
    extract: threadedExtractor(
      config.extraction,
      load,
      (source, request) => extractFromSource(source, request, { ...load, provider }),
      runtime.logger,
      { jobConcurrency: config.jobConcurrency },
    ),
  });
  await runtime.queue.process(extractionJob, metrics.timed(extractionJob.name, extract));
}
