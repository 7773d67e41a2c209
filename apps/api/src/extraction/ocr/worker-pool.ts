import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { DocumentError } from '../errors';
import type { Rectangle } from './image-prep';

/**
 * The OCR worker pool: tesseract.js workers (≤ 2 on this 2-core machine) kept warm between jobs,
 * the language data read from the installed package, a page past its time cap killing its worker.
 */

export const DEFAULT_PAGE_TIMEOUT_MS = 60_000;
/** However busy the machine, a page is given up after this long. */
const MAX_PAGE_TIMEOUT_MS = 300_000;

/**
 * A page's time cap: the default on an idle machine, stretched by how many runnable jobs share
 * each core (the one-minute load average), up to five minutes. On a machine at load 20 on 2 cores
 * a receipt that reads in 3 s idle takes over a minute; a fixed 60 s cap failed such requests
 * though nothing was wrong with the image.
 */
export function pageTimeoutMs(
  loadAverage = os.loadavg()[0] ?? 0,
  cores = os.availableParallelism?.() ?? os.cpus().length,
): number {
  const busy = Math.max(1, loadAverage / Math.max(1, cores));
  return Math.min(MAX_PAGE_TIMEOUT_MS, Math.round(DEFAULT_PAGE_TIMEOUT_MS * busy));
}

let poolSize = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
/** Kept warm between jobs (a start costs ~0.3 s plus the model load); an idle worker holds ~40 MB. */
const WORKER_IDLE_MS = 10 * 60_000;
const JOBS_PER_WORKER = 500;

/** Languages the recogniser reads, each from its installed @tesseract.js-data package. */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

const require = createRequire(import.meta.url);
function packageModelDir(lang: OcrLanguage): string {
  return path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
    '4.0.0_best_int',
  );
}

let langPathCache: string | undefined;
/** The directory of the installed English model (inside node_modules). */
export function ocrLangPath(): string {
  langPathCache ??= packageModelDir('eng');
  return langPathCache;
}

/**
 * tesseract.js reads every language of a worker from one directory: for English with another
 * language, a directory of links to the installed packages' models (made once, in the temp dir).
 */
function langPathFor(langs: readonly OcrLanguage[]): string {
  if (langs.length === 1 && langs[0] === 'eng') return ocrLangPath();
  const dir = path.join(os.tmpdir(), 'sieve-tesseract-langs');
  mkdirSync(dir, { recursive: true });
  for (const lang of langs) {
    const link = path.join(dir, `${lang}.traineddata.gz`);
    if (!existsSync(link)) {
      try {
        symlinkSync(path.join(packageModelDir(lang), `${lang}.traineddata.gz`), link);
      } catch (error) {
        // Another thread made it first.
        if (!existsSync(link)) throw error;
      }
    }
  }
  return dir;
}

function ocrCachePath(): string {
  return path.join(os.tmpdir(), 'sieve-tesseract-cache');
}

interface OcrJob {
  image: Buffer;
  pageSegMode: string;
  timeoutMs: number;
  /** Read only this part of the (deskewed) page, in its pixels. */
  rectangle?: Rectangle;
  resolve: (page: TesseractPage) => void;
  reject: (error: Error) => void;
}

interface PoolSlot {
  worker: Promise<TesseractWorker>;
  job: OcrJob | null;
  jobsDone: number;
  pageSegMode: string | undefined;
  timer: NodeJS.Timeout | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

export interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TesseractPage {
  words: TesseractWord[];
  rotateRadians: number;
}

/** Tesseract's TSV: level 5 rows are words (left, top, width, height in pixels, conf 0–100). */
export function wordsFromTsv(tsv: string): TesseractWord[] {
  const words: TesseractWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const [left, top, width, height, conf] = cols.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const text = cols.slice(11).join('\t');
    if (!text.trim() || !Number.isFinite(left)) continue;
    words.push({
      text,
      confidence: conf,
      bbox: { x0: left, y0: top, x1: left + width, y1: top + height },
    });
  }
  return words;
}

export class OcrWorkerPool {
  private readonly slots: PoolSlot[] = [];
  private readonly queue: OcrJob[] = [];

  constructor(private readonly langs: readonly OcrLanguage[] = ['eng']) {}

  recognize(
    image: Buffer,
    pageSegMode: string,
    timeoutMs: number,
    rectangle?: Rectangle,
  ): Promise<TesseractPage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ image, pageSegMode, timeoutMs, rectangle, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < poolSize) slot = this.spawn();
      if (!slot) return;
      void this.run(slot, this.queue.shift() as OcrJob);
    }
  }

  private spawn(): PoolSlot {
    const worker = createWorker(this.langs.join('+'), OEM.LSTM_ONLY, {
      langPath: langPathFor(this.langs),
      gzip: true,
      cachePath: ocrCachePath(),
      // Errors reach us through the rejected promise; tesseract.js would otherwise throw them.
      errorHandler: () => {},
    });
    const slot: PoolSlot = {
      worker,
      job: null,
      jobsDone: 0,
      pageSegMode: undefined,
      timer: undefined,
      idleTimer: undefined,
    };
    this.slots.push(slot);
    return slot;
  }

  private async run(slot: PoolSlot, job: OcrJob) {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    const timedOut = new Promise<never>((_, reject) => {
      slot.timer = setTimeout(
        () => reject(new DocumentError(`Reading the image took longer than ${job.timeoutMs / 1000} s`)),
        job.timeoutMs,
      );
    });
    try {
      const page = await Promise.race([this.recognizeOn(slot, job), timedOut]);
      clearTimeout(slot.timer);
      slot.job = null;
      slot.jobsDone += 1;
      job.resolve(page);
      if (slot.jobsDone >= JOBS_PER_WORKER) this.retire(slot);
      else {
        slot.idleTimer = setTimeout(() => this.retire(slot), WORKER_IDLE_MS);
        slot.idleTimer.unref();
      }
    } catch (error) {
      clearTimeout(slot.timer);
      // A timed-out or failed worker is not reused: its state is unknown.
      this.retire(slot);
      job.reject(
        error instanceof DocumentError
          ? error
          : new DocumentError('The image could not be read by the text recogniser', { cause: error }),
      );
    }
    this.dispatch();
  }

  private async recognizeOn(slot: PoolSlot, job: OcrJob): Promise<TesseractPage> {
    const worker = await slot.worker;
    if (slot.pageSegMode !== job.pageSegMode) {
      await worker.setParameters({
        tessedit_pageseg_mode: job.pageSegMode as never,
        preserve_interword_spaces: '1',
        user_defined_dpi: '300',
      });
      slot.pageSegMode = job.pageSegMode;
    }
    // TSV, not the block tree: a string crosses the thread boundary cheaply, where the tree of
    // blocks → symbols → choices costs the event loop a large structured clone per page.
    // With a rectangle the page is deskewed as a whole first, so its words' boxes are the page's.
    const { data } = await worker.recognize(
      job.image,
      { rotateAuto: true, ...(job.rectangle ? { rectangle: job.rectangle } : {}) },
      { tsv: true, text: false },
    );
    const words = wordsFromTsv(data.tsv ?? '');
    return { words, rotateRadians: (data as { rotateRadians?: number }).rotateRadians ?? 0 };
  }

  private retire(slot: PoolSlot) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.worker.then(
      (w) => w.terminate().catch(() => {}),
      () => {},
    );
  }

  async close() {
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.timer);
      clearTimeout(slot.idleTimer);
    }
    await Promise.all(
      slots.map((s) =>
        s.worker.then(
          (w) => w.terminate().catch(() => {}),
          () => {},
        ),
      ),
    );
  }
}

export const pool = new OcrWorkerPool();
/** Pools for English with another language, made when a page in that language is first read. */
const languagePools = new Map<string, OcrWorkerPool>();

/** The pool reading these languages, the page's own first (English alone: the shared pool). */
export function poolFor(langs: readonly OcrLanguage[]): OcrWorkerPool {
  if (langs.length === 1 && langs[0] === 'eng') return pool;
  const key = langs.join('+');
  let found = languagePools.get(key);
  if (!found) {
    found = new OcrWorkerPool(langs);
    languagePools.set(key, found);
  }
  return found;
}

/** Tesseract workers this thread keeps at most (the extraction pool shares the cores between threads). */
export function setOcrPoolSize(size: number) {
  poolSize = Math.max(1, Math.floor(size));
}
const closers = new Set<() => Promise<void>>();

/** Registers another OCR resource (the PDF page renderer) to stop with the pool. */
export function onOcrClose(close: () => Promise<void>) {
  closers.add(close);
}

/** Stops the OCR workers (graceful shutdown, tests); the next page starts fresh ones. */
export async function closeOcrWorkers(): Promise<void> {
  const pools = [pool, ...languagePools.values()];
  languagePools.clear();
  await Promise.all([...pools.map((p) => p.close()), ...[...closers].map((close) => close())]);
}
