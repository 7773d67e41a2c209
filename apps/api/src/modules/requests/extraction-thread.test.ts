import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../extraction/errors';
import { extractFromSource } from '../../extraction/extract-document';
import { HeuristicProvider } from '../../extraction/providers';
import { DATA_POINTS, REPORT_CSV } from '../../extraction/testing/fixtures';
import { testLogger } from '../../test/app';
import { type Extract, threadedExtractor } from './extraction-thread';

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
