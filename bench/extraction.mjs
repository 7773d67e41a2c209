import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, ROOT, round, startProduct } from './lib.mjs';

const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 100);

/** Runs a TypeScript snippet of the API (its PDF loader, the corpus generator) under tsx. */
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
 * PDF → layout (words, lines, tables) pages per second, ours against poppler's `pdftotext -layout`
 * on the same generated annual report; and that report (100 pages, 40 data points) submitted
 * ai-only through the embedded product, submit → completed.
 */
export async function extractionSpeed() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sieve-pdf-'));
  const file = path.join(dir, 'corpus.pdf');
  tsx(`const { writeFileSync } = await import('node:fs');
    const { annualReportPdf } = await import('./quality/corpus/render-report');
    const report = await annualReportPdf(${PAGES});
    writeFileSync(${JSON.stringify(file)}, report.bytes);
    writeFileSync(${JSON.stringify(file)} + '.json', JSON.stringify(report.dataPoints));
    console.log('ok');`);
  const ours = JSON.parse(
    tsx(`const { readFileSync } = await import('node:fs');
      const { loadPdf } = await import('./src/extraction');
      const bytes = readFileSync(${JSON.stringify(file)});
      await loadPdf(bytes); // warm
      const runs = 3; const t0 = performance.now();
      for (let i = 0; i < runs; i++) await loadPdf(bytes);
      console.log(JSON.stringify({ seconds: (performance.now() - t0) / 1000 / runs }));`),
  );
  let poppler = null;
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) execFileSync('pdftotext', ['-layout', file, path.join(dir, 'out.txt')]);
    poppler = (performance.now() - t0) / 1000 / 3;
  } catch {}
  const oursPps = PAGES / ours.seconds;
  const popplerPps = poppler ? PAGES / poppler : null;

  // Submit → completed for an ai-only 10-page PDF through the embedded product.
  const product = await startProduct();
  let submitToCompleted = null;
  try {
    const session = (
      await api(product.base, '/auth/register', {
        method: 'POST',
        body: { email: 'x@acme-corp.io', password: 'bench-pass-1', full_name: 'X', user_type: 'requester' },
      })
    ).body;
    const { readFileSync } = await import('node:fs');
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)], { type: 'application/pdf' }), 'annual-report.pdf');
    const dataPoints = JSON.parse(readFileSync(`${file}.json`, 'utf8'));
    const upload = (await api(product.base, '/files', { method: 'POST', token: session.token, body: form }))
      .body;
    const t0 = performance.now();
    const created = (
      await api(product.base, '/requests', {
        method: 'POST',
        token: session.token,
        body: {
          document_type: 'pdf',
          metadata: { file_url: upload.file_url, data_points: dataPoints, ai_only_mode: true },
        },
      })
    ).body;
    if (!created.request_id) throw new Error(`the submit was refused: ${JSON.stringify(created)}`);
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('the request did not finish in 300 s');
      const detail = (await api(product.base, `/requests/${created.request_id}`, { token: session.token }))
        .body;
      if (detail.status === 'completed' || detail.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    submitToCompleted = (performance.now() - t0) / 1000;
  } finally {
    await product.stop();
  }
  writeFileSync(path.join(dir, 'done'), '');
  return {
    pages: PAGES,
    oursPagesPerSecond: round(oursPps, 1),
    pdftotextPagesPerSecond: round(popplerPps, 1),
    ratioToPdftotext: popplerPps ? round(oursPps / popplerPps, 3) : null,
    aiOnlyAnnualReport40DataPointsSubmitToCompletedSeconds: round(submitToCompleted, 2),
  };
}
