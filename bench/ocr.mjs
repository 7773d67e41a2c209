import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, percentile, ROOT, round, startProduct } from './lib.mjs';

// The figure: GET /health unaffected while 10 OCR jobs run.
const JOBS = 10;

/** Runs a TypeScript snippet of the API under tsx; its last line of output is the answer. */
function tsx(code) {
  const wrapped = `(async () => {\n${code}\n})().catch((e) => { console.error(e); process.exit(1); });`;
  const out = spawnSync(path.join(ROOT, 'apps/api/node_modules/.bin/tsx'), ['-e', wrapped], {
    cwd: path.join(ROOT, 'apps/api'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.trim().split('\n').at(-1);
}

/**
 * OCR (issue 12): seconds per receipt image and per letter page with warm OCR workers, and the
 * real product's GET /api/v1/health latency while `JOBS` receipt images run through it as
 * receipt_mapping requests (submit → completed), measured from outside the process.
 */
export async function ocrSpeed() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sieve-ocr-'));
  const engine = JSON.parse(
    tsx(`const { writeFileSync } = await import('node:fs');
      const { receiptSpecs, renderReceipt } = await import('./quality/corpus/receipts');
      const { reportPages } = await import('./quality/corpus/report-pages');
      const { scannedReport } = await import('./quality/corpus/scanned-reports');
      const { closeOcrWorkers, closePdfWorkers, loadImage, loadPdf } = await import('./src/extraction');
      const specs = receiptSpecs(${JOBS + 1});
      const receipts = [];
      for (const spec of specs) receipts.push(await renderReceipt(spec));
      receipts.slice(1).forEach((bytes, i) => writeFileSync(${JSON.stringify(dir)} + '/receipt-' + i + '.jpg', bytes));
      await loadImage(receipts[0], { mediaType: 'image/jpeg' }); // warm workers
      const receiptSeconds = [];
      for (const bytes of receipts.slice(1)) {
        const t = performance.now();
        await loadImage(bytes, { mediaType: 'image/jpeg' });
        receiptSeconds.push((performance.now() - t) / 1000);
      }
      const pageSeconds = [];
      for (const [i, page] of reportPages(4).entries()) {
        const pdf = await scannedReport(page, i);
        const t = performance.now();
        const doc = await loadPdf(pdf);
        const pages = doc.layout?.filter((p) => p.source === 'ocr').length || 1;
        pageSeconds.push((performance.now() - t) / 1000 / pages);
      }
      await closeOcrWorkers();
      await closePdfWorkers();
      console.log(JSON.stringify({ receiptSeconds, pageSeconds }));`),
  );
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

  // The real product: health probes from outside while the receipts are read.
  const product = await startProduct();
  const latencies = [];
  const baseline = [];
  let jobsSeconds = null;
  const statuses = {};
  try {
    const session = (
      await api(product.base, '/auth/register', {
        method: 'POST',
        body: { email: 'ocr@acme-corp.io', password: 'bench-pass-1', full_name: 'O', user_type: 'requester' },
      })
    ).body;
    const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
    const uploads = [];
    for (const f of files) {
      const form = new FormData();
      form.append('file', new Blob([readFileSync(path.join(dir, f))], { type: 'image/jpeg' }), f);
      uploads.push(
        (await api(product.base, '/files', { method: 'POST', token: session.token, body: form })).body,
      );
    }
    // The same probe with nothing running first: on a shared, loaded machine the difference is
    // what the OCR jobs cost the API's event loop.
    const baselineUntil = performance.now() + 8000;
    while (performance.now() < baselineUntil) {
      const t = performance.now();
      await fetch(`${product.base}/api/v1/health`).then((r) => r.text());
      baseline.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 10));
    }
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${product.base}/api/v1/health`).then((r) => r.text());
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const t0 = performance.now();
    const ids = [];
    for (const upload of uploads) {
      const created = (
        await api(product.base, '/requests', {
          method: 'POST',
          token: session.token,
          body: {
            document_type: 'receipt_mapping',
            metadata: {
              file_url: upload.file_url,
              data_points: ['Company', 'Date', 'Address', 'Total'],
              ai_only_mode: true,
            },
          },
        })
      ).body;
      if (!created?.request_id) throw new Error(`the submit was refused: ${JSON.stringify(created)}`);
      ids.push(created.request_id);
    }
    const deadline = Date.now() + 600_000;
    const pending = new Set(ids);
    while (pending.size > 0) {
      if (Date.now() > deadline) throw new Error(`${pending.size} OCR requests did not finish in 600 s`);
      for (const id of [...pending]) {
        const detail = (await api(product.base, `/requests/${id}`, { token: session.token })).body;
        if (detail?.status === 'completed' || detail?.status === 'failed') {
          pending.delete(id);
          statuses[detail.status] = (statuses[detail.status] ?? 0) + 1;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    jobsSeconds = (performance.now() - t0) / 1000;
    probing = false;
    await prober;
  } finally {
    await product.stop();
  }
  return {
    receiptImages: engine.receiptSeconds.length,
    secondsPerReceipt: {
      mean: round(mean(engine.receiptSeconds), 2),
      p50: round(percentile(engine.receiptSeconds, 50), 2),
      max: round(Math.max(...engine.receiptSeconds), 2),
    },
    loadAverage: (await import('node:os')).loadavg().map((l) => round(l, 1)),
    letterPages: engine.pageSeconds.length,
    secondsPerLetterPage: {
      mean: round(mean(engine.pageSeconds), 2),
      max: round(Math.max(...engine.pageSeconds), 2),
    },
    product: {
      jobs: JOBS,
      statuses,
      submitToAllDoneSeconds: round(jobsSeconds, 1),
      healthRequests: latencies.length,
      idleHealthMs: { p50: round(percentile(baseline, 50), 1), p99: round(percentile(baseline, 99), 1) },
      healthMs: {
        p50: round(percentile(latencies, 50), 1),
        p99: round(percentile(latencies, 99), 1),
        max: round(Math.max(...latencies), 1),
      },
    },
  };
}
