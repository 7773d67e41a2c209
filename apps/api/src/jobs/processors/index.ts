import { createProvider, extractFromSource } from '../../extraction';
import { createFilesService } from '../../modules/files/files.service';
import { webhookDeliveryJob } from '../../modules/integrations/webhooks.jobs';
import { createWebhooksService, type WebhooksService } from '../../modules/integrations/webhooks.service';
import type { Metrics } from '../../modules/metrics/metrics';
import { extractionJob } from '../../modules/requests/extraction.job';
import { createExtractionProcessor } from '../../modules/requests/extraction.processor';
import { threadedExtractor } from '../../modules/requests/extraction-thread';
import { createRequestsService } from '../../modules/requests/requests.service';
import type { Runtime } from '../../runtime';

/**
 * Starts consuming every job type in this process: the API process in the embedded default,
 * the worker process when REDIS_URL is set.
 */
export async function startProcessors(runtime: Runtime, metrics: Metrics): Promise<void> {
  const { config } = runtime;
  const webhooks = webhooksOf(runtime);
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
    webhooks: webhooks.emitter,
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
  await startWebhookDelivery(runtime.queue, webhooks);
}

/** The webhooks service as the job runner uses it: payloads read the request like `GET /requests/{id}`. */
export function webhooksOf(runtime: Pick<Runtime, 'config' | 'database' | 'queue' | 'logger' | 'storage'>) {
  const db = runtime.database.db;
  const requests = createRequestsService({
    db,
    queue: runtime.queue,
    files: createFilesService({ db, storage: runtime.storage }),
    logger: runtime.logger,
  });
  return createWebhooksService({
    db,
    queue: runtime.queue,
    logger: runtime.logger,
    loadRequest: (requesterId, id) => requests.get(requesterId, id),
    allowPrivateFetch: runtime.config.extraction.allowPrivateFetch,
    retryBaseMs: runtime.config.webhookRetryBaseMs,
  });
}

/** Webhook deliveries run on the job runner of either back end (DESIGN §12). */
export async function startWebhookDelivery(queue: Runtime['queue'], webhooks: WebhooksService) {
  await queue.process(webhookDeliveryJob, (payload) => webhooks.deliver(payload));
}
