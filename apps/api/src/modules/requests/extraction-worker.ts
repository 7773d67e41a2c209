import { parentPort, workerData } from 'node:worker_threads';
import { ExtractionError } from '../../extraction/errors';
import {
  type DocumentSource,
  extractFromSource,
  type LoadDocumentDeps,
} from '../../extraction/extract-document';
import { createProvider } from '../../extraction/providers';

/**
 * The body of an extraction thread (see extraction-thread.ts): fetch, parse and extract one
 * request's document off the main event loop, then post the result (or the error) back.
 */
export interface ExtractionThreadInput {
  source: DocumentSource;
  request: { dataPoints: string[]; documentType: string; customPrompt?: string };
  providerConfig: Parameters<typeof createProvider>[0];
  load: Omit<LoadDocumentDeps, 'signal' | 'fetch'>;
}

export type ExtractionThreadMessage =
  | { ok: true; value: Awaited<ReturnType<typeof extractFromSource>> }
  | { ok: false; message: string; isExtractionError: boolean; retryable: boolean };

if (parentPort) {
  const port = parentPort;
  const input = workerData as ExtractionThreadInput;
  extractFromSource(input.source, input.request, {
    ...input.load,
    provider: createProvider(input.providerConfig),
  }).then(
    (value) => port.postMessage({ ok: true, value } satisfies ExtractionThreadMessage),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        isExtractionError: error instanceof ExtractionError,
        retryable: error instanceof ExtractionError ? error.retryable : true,
      } satisfies ExtractionThreadMessage),
  );
}
