import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import {
  createProvider,
  type DocumentSource,
  extractFromSource,
  isExtractionFailure,
  type LoadDocumentDeps,
  setOcrPoolSize,
} from '../../extraction';

/**
 * The body of a long-lived extraction thread (see extraction-thread.ts): it keeps pdf.js, the
 * providers and the OCR workers loaded, and fetches, parses and extracts one request's document
 * per message, off the main event loop, posting the result (or the error) back with its id.
 */
export interface ExtractionThreadInput {
  source: DocumentSource;
  request: Parameters<typeof extractFromSource>[1];
  providerConfig: Parameters<typeof createProvider>[0];
  load: Omit<LoadDocumentDeps, 'signal' | 'fetch'>;
}

/** What the thread is started with (once). */
export interface ExtractionThreadSetup {
  providerConfig: ExtractionThreadInput['providerConfig'];
  load: ExtractionThreadInput['load'];
  /** Tesseract workers this thread may keep (the pool shares the cores between its threads). */
  ocrWorkers: number;
}

export type ExtractionThreadJob = {
  id: number;
  source: DocumentSource;
  request: ExtractionThreadInput['request'];
};

export type ExtractionThreadMessage =
  | { id: number; ok: true; value: Awaited<ReturnType<typeof extractFromSource>> }
  | { id: number; ok: false; message: string; isExtractionError: boolean; retryable: boolean };

/**
 * Nice value of an extraction thread. On Linux the nice value is per thread and threads inherit
 * it from the thread that starts them, so the OCR and PDF-rendering workers this thread starts
 * run niced too: on a busy machine the API's event loop thread wins the CPU and GET /health
 * stays fast while documents are read.
 */
const EXTRACTION_NICE = 10;

if (parentPort) {
  const port = parentPort;
  const setup = workerData as ExtractionThreadSetup;
  try {
    os.setPriority(EXTRACTION_NICE);
  } catch {
    // Not permitted here (some containers): extraction runs at normal priority.
  }
  setOcrPoolSize(setup.ocrWorkers);
  const provider = createProvider(setup.providerConfig);
  port.on('message', (job: ExtractionThreadJob) => {
    extractFromSource(job.source, job.request, { ...setup.load, provider }).then(
      (value) => port.postMessage({ id: job.id, ok: true, value } satisfies ExtractionThreadMessage),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          isExtractionError: isExtractionFailure(error),
          retryable: isExtractionFailure(error) ? error.retryable : true,
        } satisfies ExtractionThreadMessage),
    );
  });
  // Tell the pool the thread is ready (modules loaded), so a failure to start is told apart
  // from a crash in the middle of a document.
  port.postMessage({ ready: true });
}
