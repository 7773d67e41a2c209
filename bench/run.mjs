import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiOverhead } from './api-overhead.mjs';
import { bundleSizes } from './bundle.mjs';
import { extractionSpeed } from './extraction.mjs';
import { firstPaint } from './first-paint.mjs';
import { postgresReachable, ROOT, round, startProduct } from './lib.mjs';
import { ocrSpeed } from './ocr.mjs';
import { reviewThroughput } from './review.mjs';
import { reviewerUi } from './reviewer-ui.mjs';
import { scaleBench } from './scale.mjs';

/** `pnpm bench`: every figure measured side by side in one run on this machine. */
const results = {
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
  startedAt: new Date().toISOString(),
};

const step = async (name, run) => {
  process.stdout.write(`- ${name}... `);
  const t0 = performance.now();
  try {
    results[name] = await run();
    console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (error) {
    results[name] = { error: String(error?.message ?? error) };
    console.log(`failed: ${results[name].error.split('\n')[0]}`);
  }
};

const hasPostgres = await postgresReachable();
await step('bundle', bundleSizes);
await step('start', async () => {
  const product = await startProduct();
  await product.stop();
  const again = await startProduct({ DATA_DIR: product.dataDir });
  await again.stop();
  return {
    firstStartSeconds: Number(product.secondsToHealthy.toFixed(2)),
    restartSeconds: Number(again.secondsToHealthy.toFixed(2)),
  };
});
await step('extraction', extractionSpeed);
await step('ocr', ocrSpeed);
await step('reviewerUi', reviewerUi);
await step('firstPaint', firstPaint);
if (hasPostgres) {
  await step('apiOverhead', apiOverhead);
  await step('review', reviewThroughput);
  await step('scale', scaleBench);
} else {
  console.log('- apiOverhead, review, scale: skipped (no Postgres at DATABASE_URL or 127.0.0.1:5432)');
}

const rows = [];
const add = (what, value) => rows.push([what, value ?? 'n/a']);
for (const [app, b] of Object.entries(results.bundle ?? {}))
  add(`bundle ${app}: initial JS / CSS gzip`, `${b.initialJsGzipKb} KB / ${b.initialCssGzipKb} KB`);
add(
  'start to healthy (first / restart)',
  results.start?.firstStartSeconds !== undefined
    ? `${results.start.firstStartSeconds} s / ${results.start.restartSeconds} s`
    : results.start?.error,
);
const x = results.extraction ?? {};
add(
  'PDF to layout, pages/s (ours / pdftotext -layout)',
  x.error ?? `${x.oursPagesPerSecond} / ${x.pdftotextPagesPerSecond} (ratio ${x.ratioToPdftotext})`,
);
add(
  'ai-only 100-page annual report, 40 data points, submit to completed',
  x.aiOnlyAnnualReport40DataPointsSubmitToCompletedSeconds !== undefined
    ? `${x.aiOnlyAnnualReport40DataPointsSubmitToCompletedSeconds} s`
    : x.error,
);
const ocr = results.ocr;
if (ocr && !ocr.error) {
  add(
    `OCR s per receipt image (${ocr.receiptImages}) mean / max; per letter page (${ocr.letterPages}) mean / max`,
    `${ocr.secondsPerReceipt.mean} / ${ocr.secondsPerReceipt.max} s; ${ocr.secondsPerLetterPage.mean} / ${ocr.secondsPerLetterPage.max} s`,
  );
  const p = ocr.product;
  add(
    `  ${p.jobs} receipt requests through the product: all done; GET /health p50 / p99 / max ms`,
    `${p.submitToAllDoneSeconds} s (${JSON.stringify(p.statuses)}); ${p.healthMs.p50} / ${p.healthMs.p99} / ${p.healthMs.max} (${p.healthRequests} probes; idle p50 / p99 ${p.idleHealthMs.p50} / ${p.idleHealthMs.p99}; load ${ocr.loadAverage.join(' ')})`,
  );
} else if (ocr) add('OCR', ocr.error);
const o = results.apiOverhead;
if (o && !o.error) {
  add(
    'GET /worker/tasks req/s (sieve / express / node:http)',
    `${o.sieve.rps} / ${o.bareExpress.rps} / ${o.bareNode.rps}`,
  );
  add('  ratio to express / node:http', `${o.sieveVsExpress} / ${o.sieveVsNode}`);
  add('  p50 / p99 ms (sieve)', `${o.sieve.p50} / ${o.sieve.p99}`);
} else if (o) add('API overhead', o.error);
const r = results.review;
if (r && !r.error) {
  add(
    `review: ${r.reviewers} reviewers, ${r.tasks} tasks`,
    `${r.reviewsPerSecond} reviews/s (${r.reviews} in ${r.seconds} s)`,
  );
  add('  closed loop: accept p50 / p99 ms', `${r.accept.p50} / ${r.accept.p99}`);
  add('  closed loop: review p50 / p99 ms', `${r.review.p50} / ${r.review.p99}`);
  const open = r.openLoop;
  if (open)
    add(
      `  open loop at ${open.ratePerSecond}/s (${open.share} of closed): accept / review p50 / p99 ms`,
      `${open.accept.p50} / ${open.accept.p99}; ${open.review.p50} / ${open.review.p99} (${open.reviews} reviews, ${open.errors} errors)`,
    );
  if (open?.eventLoopDelayMs)
    add(
      '  open loop: API event-loop delay p50 / p99 / max ms (sampled every 10 ms: idle reads ~10)',
      `${open.eventLoopDelayMs.p50} / ${open.eventLoopDelayMs.p99} / ${open.eventLoopDelayMs.max}`,
    );
  add('  double assignments / lost reviews', `${r.doubleAssignments} / ${r.lostReviews}`);
  add('  lost claim races', `${r.lostClaimRaces} (${round(100 * r.lostClaimRaceShare, 2)} %)`);
  add(
    '  pgbench claim-and-complete tps (50 clients) / ratio',
    r.pgbench?.tps ? `${r.pgbench.tps} / ${r.ratioToPgbench}` : (r.pgbench?.error ?? 'n/a'),
  );
} else if (r) add('review', r.error);

const s = results.scale;
if (s && !s.error) {
  add(
    `scale: ${s.seeded.tasks} tasks, ${s.seeded.requests} requests, ${s.seeded.reviewers} reviewers`,
    `seeded in ${s.seeded.seconds} s`,
  );
  add(
    `  GET /worker/tasks p50 / p99 ms (${s.callers} callers, closed loop: at saturation)`,
    `${s.workerTasks.p50} / ${s.workerTasks.p99} (${s.workerTasks.rps}/s)`,
  );
  add(`  GET /admin/stats p50 / p99 ms`, `${s.adminStats.p50} / ${s.adminStats.p99} (${s.adminStats.rps}/s)`);
  for (const [kind, l] of Object.entries(s.adminLists))
    add(`  GET /admin/${kind} p50 / p99 ms`, `${l.p50} / ${l.p99} (${l.rps}/s)`);
  const below = s.belowCapacity;
  if (below) {
    const show = (l) => `${l.p50} / ${l.p99} (${l.rps}/s)`;
    add(
      `  below capacity (${below.share} of those rates, evenly spaced): GET /worker/tasks`,
      show(below.workerTasks),
    );
    add('  below capacity: GET /admin/stats', show(below.adminStats));
    for (const [kind, l] of Object.entries(below.adminLists))
      add(`  below capacity: GET /admin/${kind}`, show(l));
  }
  const e = s.exportRequests;
  add(
    `  requests CSV export: ${e.rows} rows`,
    `${e.seconds} s, API RSS ${e.apiRssBeforeMb} → max ${e.apiRssMaxDuringMb} MB (peak ${e.apiPeakRssMb} MB)`,
  );
  const big = s.exportLarge;
  if (big)
    add(
      `  requests CSV export: ${big.rows} rows (table topped up by ${big.requestsAdded})`,
      `${big.seconds} s, ${big.megabytes} MB, API RSS ${big.apiRssBeforeMb} → max ${big.apiRssMaxDuringMb} MB (peak ${big.apiPeakRssMb} MB)`,
    );
} else if (s) add('scale', s.error);

const ui = results.reviewerUi;
if (ui && !ui.error) {
  const q = ui.queue10k ?? {};
  const n = ui.submitNext ?? {};
  add(
    `reviewer queue, ${q.tasks} tasks: first render`,
    `${q.firstRenderFromNavigationMs} ms (${q.rowsInDom} rows in the DOM)`,
  );
  add(
    '  search / type filter / sort p50 ms',
    `${q.searchMs?.p50} / ${q.typeFilterMs?.p50} / ${q.sortMs?.p50}`,
  );
  add(
    `submit to next task rendered p50 / p95 ms (${n.tasks} tasks)`,
    `${n.submitToNextRenderedMs?.p50} / ${n.submitToNextRenderedMs?.p95}`,
  );
  add(
    '  to its PDF text layer p50 / p95 ms',
    `${n.submitToNextPdfTextLayerMs?.p50} / ${n.submitToNextPdfTextLayerMs?.p95}`,
  );
} else if (ui) add('reviewer UI', ui.error);

const fp = results.firstPaint;
if (fp && !fp.error) {
  for (const app of ['requester', 'reviewer', 'admin']) {
    const f = fp[app] ?? {};
    add(
      `${app} dashboard, p50 of ${fp.loads} cold loads: FCP / first data`,
      `${f.fcpMs?.p50} ms / ${f.firstDataMs?.p50} ms (data call starts at ${f.firstDataCallStartMs?.p50} ms)`,
    );
  }
} else if (fp) add('first paint', fp.error);

const width = Math.max(...rows.map(([w]) => w.length));
console.log('\nSieve benchmark');
for (const [what, value] of rows) console.log(`${what.padEnd(width)}  ${value}`);
const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${results.startedAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(`\nwritten: ${path.relative(ROOT, file)}`);
