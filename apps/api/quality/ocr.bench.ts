/**
 * OCR benchmark (not a test; run by hand): `pnpm --filter @sieve/api exec tsx src/extraction/documents/ocr.bench.ts`
 *
 * 1. Seconds per receipt image (generated, degraded, ~150–220 dpi) and per letter page rendered at
 *    300 dpi from an image-only PDF, with a warm pool.
 * 2. An HTTP endpoint in the same process (like GET /health in the all-in-one server, whose jobs
 *    run in-process) answering a steady stream of requests while 10 OCR jobs run: its p50/p99.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeOcrWorkers, closePdfWorkers, loadImage, loadPdf } from '../src/extraction';
import { receiptSpecs, renderReceipt } from './corpus/receipts';
import { reportPages } from './corpus/report-pages';
import { scannedReport } from './corpus/scanned-reports';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const receipts = await Promise.all(receiptSpecs(12).map((spec) => renderReceipt(spec)));
  await loadImage(receipts[0] as Buffer, { mediaType: 'image/jpeg' }); // warm the pool

  const receiptSeconds: number[] = [];
  for (const bytes of receipts.slice(1)) {
    const t = performance.now();
    await loadImage(bytes, { mediaType: 'image/jpeg' });
    receiptSeconds.push((performance.now() - t) / 1000);
  }
  const pageSeconds: number[] = [];
  for (const [i, page] of reportPages(4).entries()) {
    const pdf = await scannedReport(page, i);
    const t = performance.now();
    const doc = await loadPdf(pdf);
    const pages = doc.layout?.filter((p) => p.source === 'ocr').length ?? 1;
    pageSeconds.push((performance.now() - t) / 1000 / pages);
  }
  console.log(
    `receipt image: mean ${(receiptSeconds.reduce((a, b) => a + b, 0) / receiptSeconds.length).toFixed(2)} s, p50 ${percentile(receiptSeconds, 50).toFixed(2)} s, max ${Math.max(...receiptSeconds).toFixed(2)} s`,
  );
  console.log(
    `letter page (300 dpi): mean ${(pageSeconds.reduce((a, b) => a + b, 0) / pageSeconds.length).toFixed(2)} s, max ${Math.max(...pageSeconds).toFixed(2)} s`,
  );

  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let running = true;
  const latencies: number[] = [];
  const prober = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.text());
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t = performance.now();
  await Promise.all(receipts.slice(0, 10).map((bytes) => loadImage(bytes, { mediaType: 'image/jpeg' })));
  running = false;
  await prober;
  server.close();
  console.log(
    `10 OCR jobs in ${((performance.now() - t) / 1000).toFixed(1)} s; health endpoint meanwhile: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  await closeOcrWorkers();
  await closePdfWorkers();
}

await main();
