import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError, extractFromSource, HeuristicProvider } from '../../extraction';
import { DATA_POINTS, REPORT_CSV } from '../../extraction/testing/fixtures';
import { testLogger } from '../../test/app';
import { closeExtractionPools, type Extract, ExtractionPool, threadedExtractor } from './extraction-thread';

const load = { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:9', secUserAgent: 'Sieve tests' };
const inlineCalls: string[] = [];
const inline: Extract = (source, request) => {
  inlineCalls.push(source.kind);
  return extractFromSource(source, request, { ...load, provider: new HeuristicProvider() });
};
const request = { dataPoints: DATA_POINTS, documentType: 'csv' };
const csv = {
  kind: 'file' as const,
  bytes: new TextEncoder().encode(REPORT_CSV),
  filename: 'report.csv',
  contentType: 'text/csv',
};

afterAll(closeExtractionPools);

describe('extraction in a worker thread', () => {
  it('gives the same result as inline extraction, without running it on this thread', async () => {
    const threaded = threadedExtractor({ provider: 'heuristic' } as never, load, inline, testLogger);
    inlineCalls.length = 0;
    const fromThread = await threaded(csv, request);
    expect(inlineCalls).toEqual([]);
    const direct = await inline(csv, request);
    expect(fromThread.tasks.map((t) => t.result.result)).toEqual(direct.tasks.map((t) => t.result.result));
  }, 60_000);

  it("hands a document's error back as an ExtractionError that keeps its retry flag", async () => {
    const threaded = threadedExtractor({ provider: 'heuristic' } as never, load, inline, testLogger);
    inlineCalls.length = 0;
    const broken = { kind: 'file' as const, bytes: new Uint8Array([0, 1, 2, 3]), filename: 'x.bin' };
    const error = await threaded(broken, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).retryable).toBe(false);
    // The document's own error is the answer: no second, inline attempt.
    expect(inlineCalls).toEqual([]);
  }, 60_000);
});

// A stand-in thread speaking the pool's protocol: it counts the jobs it ran (so reuse shows) and
// dies on a document named "crash.bin" (as a thread out of memory would).
const FAKE_THREAD = `
const { parentPort, threadId } = require('node:worker_threads');
let done = 0;
parentPort.on('message', (job) => {
  if (job.source.filename === 'crash.bin') process.exit(3);
  done += 1;
  parentPort.postMessage({ id: job.id, ok: true, value: { threadId, done } });
});
parentPort.postMessage({ ready: true });
`;

describe('the extraction pool', () => {
  const setup = { providerConfig: { provider: 'heuristic' } as never, load, ocrWorkers: 1 };
  const file = (filename: string) => ({ kind: 'file' as const, bytes: new Uint8Array([1]), filename });

  it('reuses its thread for the next job instead of starting one per job', async () => {
    const pool = new ExtractionPool({ code: FAKE_THREAD }, setup, 1, testLogger);
    const first = (await pool.run(file('a.bin'), request)) as unknown as { threadId: number; done: number };
    const second = (await pool.run(file('b.bin'), request)) as unknown as { threadId: number; done: number };
    expect(second.threadId).toBe(first.threadId);
    expect([first.done, second.done]).toEqual([1, 2]);
    expect(pool.threadCount).toBe(1);
    await pool.close();
  }, 60_000);

  it('fails only the job whose thread crashed, and a fresh thread runs the next one', async () => {
    const pool = new ExtractionPool({ code: FAKE_THREAD }, setup, 2, testLogger);
    const before = (await pool.run(file('a.bin'), request)) as unknown as { threadId: number };
    const [crashed, alongside] = await Promise.allSettled([
      pool.run(file('crash.bin'), request),
      pool.run(file('b.bin'), request),
    ]);
    expect(crashed.status).toBe('rejected');
    const error = (crashed as PromiseRejectedResult).reason as ExtractionError;
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/stopped unexpectedly/);
    expect(alongside.status).toBe('fulfilled');
    const after = (await pool.run(file('c.bin'), request)) as unknown as { threadId: number };
    expect(after).toBeDefined();
    expect(pool.threadCount).toBeGreaterThanOrEqual(1);
    expect(pool.threadCount).toBeLessThanOrEqual(2);
    expect(before.threadId).toBeGreaterThan(0);
    await pool.close();
  }, 60_000);
});
