import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ExtractionError } from '../../extraction/errors';
import type { extractFromSource } from '../../extraction/extract-document';
import type { Logger } from '../../logger';
import type { ExtractionThreadInput, ExtractionThreadMessage } from './extraction-worker';

export type Extract = (
  source: ExtractionThreadInput['source'],
  request: ExtractionThreadInput['request'],
) => ReturnType<typeof extractFromSource>;

type ThreadEntry = { url: URL } | { code: string };

/** The thread's entry: the built file beside the bundle, or the TypeScript source under tsx (tests, dev). */
function threadEntry(): ThreadEntry | null {
  const built = new URL('./extraction-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { url: built };
  const source = new URL('./extraction-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) return null;
  try {
    // A worker's execArgv `--import tsx` does not reach its entry on Node 20: register tsx's
    // loader inside the thread, then import the source. (require.resolve finds the CJS twin.)
    const tsxApi = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/index\.cjs$/, 'index.mjs');
    return {
      code: `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`,
    };
  } catch {
    return null;
  }
}

/** A failure of the thread itself (not of the document): the inline path is tried instead. */
class ThreadFailure extends Error {}

function runInThread(entry: ThreadEntry, input: ExtractionThreadInput) {
  return new Promise<Awaited<ReturnType<Extract>>>((resolve, reject) => {
    let worker: Worker;
    try {
      worker =
        'url' in entry
          ? new Worker(entry.url, { workerData: input })
          : new Worker(entry.code, { eval: true, workerData: input });
    } catch (error) {
      reject(new ThreadFailure(String(error)));
      return;
    }
    let isSettled = false;
    worker.once('message', (message: ExtractionThreadMessage) => {
      isSettled = true;
      if (message.ok) resolve(message.value);
      else if (message.isExtractionError)
        reject(new ExtractionError(message.message, { retryable: message.retryable }));
      else reject(new Error(message.message));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!isSettled) reject(new ThreadFailure(error.message));
      isSettled = true;
    });
    worker.once('exit', (code) => {
      if (!isSettled) reject(new ThreadFailure(`extraction thread exited with ${code}`));
      isSettled = true;
    });
  });
}

/**
 * Extraction in a worker thread (DESIGN §3, issue 16): parsing a 50 MB SEC HTML page or a large
 * workbook never blocks the API's event loop, in the embedded mode as in the worker processes.
 * A thread that cannot start (or a result it cannot hand back) falls back to the inline path.
 */
export function threadedExtractor(
  providerConfig: ExtractionThreadInput['providerConfig'],
  load: ExtractionThreadInput['load'],
  inline: Extract,
  logger: Logger,
): Extract {
  const entry = threadEntry();
  if (!entry) return inline;
  return async (source, request) => {
    try {
      return await runInThread(entry, { source, request, providerConfig, load });
    } catch (error) {
      if (!(error instanceof ThreadFailure)) throw error;
      logger.warn({ err: error }, 'extraction thread failed; extracting inline');
      return inline(source, request);
    }
  };
}
