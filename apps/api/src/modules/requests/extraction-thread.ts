import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { extractFromSource } from '../../extraction';
import { ExtractionError } from '../../extraction';
import type { Logger } from '../../logger';
import type {
  ExtractionThreadInput,
  ExtractionThreadJob,
  ExtractionThreadMessage,
  ExtractionThreadSetup,
} from './extraction-worker';

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

/** The thread could not start (not a failure of the document): the inline path is tried instead. */
class ThreadStartFailure extends Error {}

/** V8 heap one extraction thread may use (a 50 MB SEC page parses in well under this). */
const THREAD_HEAP_MB = 2048;
/** A thread that has not said it is ready by then is treated as unable to start. */
const THREAD_START_TIMEOUT_MS = 60_000;

type Settle = { resolve: (value: Awaited<ReturnType<Extract>>) => void; reject: (error: Error) => void };

interface PoolThread {
  worker: Worker;
  ready: Promise<void>;
  job: { id: number; settle: Settle } | null;
}

interface Waiting {
  source: ExtractionThreadInput['source'];
  request: ExtractionThreadInput['request'];
  settle: Settle;
}

/**
 * A pool of long-lived extraction threads (DESIGN §3, §11): pdf.js, the providers and the OCR
 * workers load once per thread, not once per job. Each thread runs one document at a time, so a
 * thread that crashes (out of memory, a native fault) fails only the job it was running; a new
 * thread takes its place for the next one. Per-page time and memory caps stay in the readers
 * (OCR, PDF rendering); the thread itself has a heap cap.
 */
export class ExtractionPool {
  private readonly threads: PoolThread[] = [];
  private readonly waiting: Waiting[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly entry: ThreadEntry,
    private readonly setup: ExtractionThreadSetup,
    private readonly size: number,
    private readonly logger: Logger,
  ) {}

  run(source: Waiting['source'], request: Waiting['request']): Promise<Awaited<ReturnType<Extract>>> {
    if (this.closed)
      return Promise.reject(new ExtractionError('The job runner is stopping', { retryable: true }));
    return new Promise((resolve, reject) => {
      this.waiting.push({ source, request, settle: { resolve, reject } });
      this.dispatch();
    });
  }

  /** Threads alive now (for tests and the benchmark). */
  get threadCount(): number {
    return this.threads.length;
  }

  private dispatch() {
    while (this.waiting.length > 0) {
      let thread = this.threads.find((t) => t.job === null);
      if (!thread && this.threads.length < this.size) thread = this.spawn();
      if (!thread) return;
      const next = this.waiting.shift() as Waiting;
      this.start(thread, next);
    }
  }

  private start(thread: PoolThread, job: Waiting) {
    const id = this.nextId++;
    thread.job = { id, settle: job.settle };
    thread.worker.ref();
    thread.ready.then(
      () => {
        const message: ExtractionThreadJob = { id, source: job.source, request: job.request };
        try {
          thread.worker.postMessage(message);
        } catch (error) {
          this.finish(thread, id);
          job.settle.reject(
            new ThreadStartFailure(`the document could not be handed over: ${String(error)}`),
          );
        }
      },
      (error: Error) => {
        if (thread.job?.id === id) thread.job = null;
        job.settle.reject(new ThreadStartFailure(error.message));
      },
    );
  }

  private finish(thread: PoolThread, id: number) {
    if (thread.job?.id !== id) return;
    thread.job = null;
    // An idle thread does not keep the process alive.
    thread.worker.unref();
    this.dispatch();
  }

  private spawn(): PoolThread {
    const options = { workerData: this.setup, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } };
    const worker =
      'url' in this.entry
        ? new Worker(this.entry.url, options)
        : new Worker(this.entry.code, { ...options, eval: true });
    let markReady: () => void = () => {};
    let failStart: (error: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // Only the job handlers observe `ready`; an unhandled rejection here would crash the process.
    ready.catch(() => {});
    const startTimer = setTimeout(
      () => failStart(new Error('the extraction thread did not start in time')),
      THREAD_START_TIMEOUT_MS,
    );
    startTimer.unref();
    let isReady = false;
    const thread: PoolThread = { worker, ready, job: null };
    this.threads.push(thread);

    worker.on('message', (message: ExtractionThreadMessage | { ready: true }) => {
      if ('ready' in message) {
        isReady = true;
        clearTimeout(startTimer);
        markReady();
        return;
      }
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      this.finish(thread, message.id);
      if (message.ok) job.settle.resolve(message.value);
      else if (message.isExtractionError)
        job.settle.reject(new ExtractionError(message.message, { retryable: message.retryable }));
      else job.settle.reject(new Error(message.message));
    });
    const onGone = (reason: string) => {
      clearTimeout(startTimer);
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      const job = thread.job;
      thread.job = null;
      if (!isReady) {
        failStart(new Error(reason));
      } else if (job) {
        this.logger.error({ reason }, 'extraction thread stopped in the middle of a document');
        // Another attempt runs on a fresh thread; a document that crashes every time ends failed.
        job.settle.reject(
          new ExtractionError('Reading the document stopped unexpectedly (it may be too large or damaged)', {
            retryable: true,
          }),
        );
      }
      void worker.terminate().catch(() => {});
      if (!this.closed) this.dispatch();
    };
    worker.on('error', (error) => onGone(error.message));
    worker.on('exit', (code) => onGone(`extraction thread exited with ${code}`));
    worker.unref();
    return thread;
  }

  /** Stops every thread; jobs still running fail (retryable) and jobs waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.waiting.splice(0))
      waiting.settle.reject(new ExtractionError('The job runner is stopping', { retryable: true }));
    await Promise.all(this.threads.map((t) => t.worker.terminate().catch(() => {})));
  }
}

/** Threads in the pool: one per job the runner takes at once, up to the cores (at least one). */
function poolSize(jobConcurrency: number): number {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  return Math.max(1, Math.min(jobConcurrency, cores, 4));
}

const pools = new Set<ExtractionPool>();

/** Stops every extraction pool's threads (graceful shutdown, tests). */
export async function closeExtractionPools(): Promise<void> {
  await Promise.all([...pools].map((p) => p.close()));
  pools.clear();
}

/**
 * Extraction in a pool of long-lived worker threads (DESIGN §3, issue 16, issue 12): parsing a
 * 50 MB SEC HTML page, a large workbook or OCR never blocks the API's event loop, in the embedded
 * mode as in the worker processes. A thread that cannot start falls back to the inline path.
 */
export function threadedExtractor(
  providerConfig: ExtractionThreadInput['providerConfig'],
  load: ExtractionThreadInput['load'],
  inline: Extract,
  logger: Logger,
  options: { jobConcurrency?: number } = {},
): Extract & { pool?: ExtractionPool } {
  const entry = threadEntry();
  if (!entry) return inline;
  const size = poolSize(options.jobConcurrency ?? 2);
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const pool = new ExtractionPool(
    entry,
    { providerConfig, load, ocrWorkers: Math.max(1, Math.floor(cores / size)) },
    size,
    logger,
  );
  pools.add(pool);
  const extract = async (source: Waiting['source'], request: Waiting['request']) => {
    try {
      return await pool.run(source, request);
    } catch (error) {
      if (!(error instanceof ThreadStartFailure)) throw error;
      logger.warn({ err: error }, 'extraction thread failed to start; extracting inline');
      return inline(source, request);
    }
  };
  return Object.assign(extract, { pool });
}
