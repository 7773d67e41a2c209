import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIDENCE } from '@sieve/contracts';
import { setPdfTextEngine } from '../src/extraction';
import { closeQualityReaders, qualityMode, qualityReader } from './api-harness';
import { runChartSuite } from './charts';
import { runGridSuite } from './grids';
import { runInvoiceSuite } from './invoices';
import { runLearningSuite } from './learning';
import { runChecksSuite, runLineItemSuite } from './line-items';
import { runNoiseSuite } from './noise';
import { runReceiptSuite } from './receipts';
import { realReceiptOptionsFromEnv, runRealReceiptSuite } from './receipts-real';
import { runScannedTableSuite } from './scanned-tables';
import { runTableSuite } from './tables';
import { tablesRealSummaries } from './tables-real';
import { type QualityCase, type QualitySuiteReport, sameAnswer } from './types';

/**
 * `pnpm quality`: the extraction-quality benchmark (DESIGN §11) over the generated corpus, every
 * document sent through the API of the embedded product as a requester sends it (api-harness.ts).
 * Prints accuracy by document form (PDF upload, website URL, SEC filing, CSV/XLSX/image upload)
 * and by form and markup, by case type, the share of values with source text, reliability by
 * confidence band and seconds per document; writes everything, misses included, to
 * bench/results/quality-*.json. A benchmark, not a test: CI does not run it.
 *
 *   pnpm quality                 every suite, through the API
 *   QUALITY_MODE=inprocess       the same documents read in this thread, no HTTP (development)
 *   QUALITY_PAGES=60 pnpm quality   a smaller table corpus
 *   QUALITY_SUITES=tables        only some suites (tables, grids, receipts, invoices, scanned-tables, tables-real, line-items, checks)
 *   QUALITY_RECEIPTS=160 QUALITY_SCANNED_PAGES=24 QUALITY_GRIDS=40   sizes of the other suites
 *   QUALITY_LINE_ITEM_RECEIPTS=60   generated receipts (of the first n) in the line-items suite
 *   QUALITY_INVOICES=96          generated invoices (and the hand-written ones; every other one scanned too)
 *   QUALITY_CONCURRENCY=2        documents in flight (and the product's JOB_CONCURRENCY)
 *   QUALITY_PDF_ENGINE=pdfjs     in-process mode: read PDF text with pdf.js alone (default: PDFium)
 *   QUALITY_SUITES=learning      the learning stream (API mode only): QUALITY_LEARNING_SOURCES=20 QUALITY_LEARNING_DOCUMENTS=10
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function pct(n: number, d: number) {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`;
}

function table(title: string, rows: [string, QualityCase[]][]) {
  console.log(`\n${title}`);
  for (const [name, cases] of rows) {
    const right = cases.filter((c) => c.correct).length;
    console.log(
      `  ${name.padEnd(34)} ${String(right).padStart(5)} / ${String(cases.length).padEnd(5)} ${pct(right, cases.length).padStart(8)}`,
    );
  }
}

function groupBy(cases: QualityCase[], key: (c: QualityCase) => string): [string, QualityCase[]][] {
  const map = new Map<string, QualityCase[]>();
  for (const c of cases) map.set(key(c), [...(map.get(key(c)) ?? []), c]);
  return [...map.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

function band(confidence: number) {
  if (confidence > CONFIDENCE.high) return 'High (> 0.95)';
  if (confidence >= CONFIDENCE.medium) return 'Medium (0.85–0.95)';
  return 'Low (< 0.85)';
}

export function summarise(report: QualitySuiteReport) {
  const { cases } = report;
  const right = cases.filter((c) => c.correct).length;
  const withValue = cases.filter((c) => c.expected !== null);
  const sourced = withValue.filter((c) => c.hasSourceText).length;
  const high = cases.filter((c) => c.confidence > CONFIDENCE.high);
  const secs = [...report.documentSeconds].sort((a, b) => a - b);
  const mean = secs.reduce((a, b) => a + b, 0) / Math.max(1, secs.length);
  console.log(
    `\n=== ${report.suite}: ${right} / ${cases.length} right (${pct(right, cases.length)}), ${report.documentSeconds.length} documents`,
  );
  console.log(`  values with source text: ${pct(sourced, withValue.length)}`);
  const placed = cases.filter((c) => c.anchored !== undefined);
  const anchored = placed.filter((c) => c.anchored).length;
  if (placed.length)
    console.log(
      `  answers anchored to their cell: ${anchored} / ${placed.length} (${pct(anchored, placed.length)})`,
    );
  console.log(
    `  High band: ${high.filter((c) => c.correct).length} / ${high.length} right (${pct(high.filter((c) => c.correct).length, high.length)}), ${pct(high.length, cases.length)} of cases`,
  );
  console.log(
    `  seconds per document: mean ${mean.toFixed(3)}, p50 ${(secs[Math.floor(secs.length / 2)] ?? 0).toFixed(3)}, max ${(secs.at(-1) ?? 0).toFixed(3)}`,
  );
  if (report.ocrPageSeconds?.length) {
    const o = [...report.ocrPageSeconds].sort((a, b) => a - b);
    console.log(
      `  OCR seconds per page: mean ${(o.reduce((a, b) => a + b, 0) / o.length).toFixed(2)}, max ${(o.at(-1) ?? 0).toFixed(2)}`,
    );
  }
  table(
    '  by document form',
    groupBy(cases, (c) => c.form ?? c.suite),
  );
  table(
    '  by form and markup',
    groupBy(cases, (c) => c.suite),
  );
  // The same page in every form should answer the same (issue 37): each form against the PDF upload.
  const reference = new Map<string, QualityCase>();
  for (const c of cases)
    if (c.source && c.form === 'PDF upload' && !reference.has(`${c.source}|${c.dataPoint}`))
      reference.set(`${c.source}|${c.dataPoint}`, c);
  const compared = cases.flatMap((c) => {
    const ref = c.source ? reference.get(`${c.source}|${c.dataPoint}`) : undefined;
    return ref && ref !== c ? [{ ...c, correct: sameAnswer(ref.value, c.value) }] : [];
  });
  if (compared.length)
    table(
      '  same answer as the PDF upload of the page',
      groupBy(compared, (c) => c.suite),
    );
  table(
    '  by case type',
    groupBy(cases, (c) => c.caseType),
  );
  table(
    '  by layout / kind',
    groupBy(cases, (c) => c.kind),
  );
  if (report.suite === 'receipts') {
    table(
      '  by corpus style and field',
      groupBy(
        cases.filter((c) => ['Company', 'Date', 'Address', 'Total'].includes(c.caseType)),
        (c) => `${c.kind.split('/')[0]} · ${c.caseType}`,
      ),
    );
  }
  table(
    '  reliability by confidence band',
    groupBy(cases, (c) => band(c.confidence)),
  );
  return {
    suite: report.suite,
    cases: cases.length,
    right,
    accuracy: right / Math.max(1, cases.length),
    sourceTextShare: sourced / Math.max(1, withValue.length),
    high: { cases: high.length, right: high.filter((c) => c.correct).length },
    secondsPerDocument: { mean, p50: secs[Math.floor(secs.length / 2)] ?? 0, max: secs.at(-1) ?? 0 },
    byCaseType: Object.fromEntries(
      groupBy(cases, (c) => c.caseType).map(([k, v]) => [
        k,
        { cases: v.length, right: v.filter((c) => c.correct).length },
      ]),
    ),
    ...(placed.length ? { anchored: { cases: placed.length, right: anchored } } : {}),
    ...(compared.length
      ? {
          sameAsPdf: Object.fromEntries(
            groupBy(compared, (c) => c.suite).map(([k, v]) => [
              k,
              { cases: v.length, same: v.filter((c) => c.correct).length },
            ]),
          ),
        }
      : {}),
    byDocumentForm: Object.fromEntries(
      groupBy(cases, (c) => c.form ?? c.suite).map(([k, v]) => [
        k,
        { cases: v.length, right: v.filter((c) => c.correct).length },
      ]),
    ),
    byForm: Object.fromEntries(
      groupBy(cases, (c) => c.suite).map(([k, v]) => [
        k,
        { cases: v.length, right: v.filter((c) => c.correct).length },
      ]),
    ),
    byBand: Object.fromEntries(
      groupBy(cases, (c) => band(c.confidence)).map(([k, v]) => [
        k,
        { cases: v.length, right: v.filter((c) => c.correct).length },
      ]),
    ),
  };
}

async function main() {
  if (process.env.QUALITY_PDF_ENGINE === 'pdfjs') await setPdfTextEngine('pdfjs');
  const wanted = (
    process.env.QUALITY_SUITES ??
    'tables,grids,receipts,invoices,scanned-tables,tables-real,receipts-real,noise,line-items,checks,learning'
  ).split(',');
  const pages = Number(process.env.QUALITY_PAGES ?? 170);
  const out = path.join(ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  const summaries = [];
  const t0 = performance.now();
  const mode = qualityMode();
  console.log(
    `pnpm quality: ${mode === 'api' ? 'through the API of the embedded product' : 'in-process (QUALITY_MODE=inprocess)'}`,
  );
  await qualityReader();
  if (wanted.includes('tables')) {
    const report = await runTableSuite({
      pages,
      ...(existsSync(CHROMIUM) && process.env.QUALITY_CHROMIUM !== '0' ? { chromiumPath: CHROMIUM } : {}),
    });
    summaries.push(summarise(report));
    writeFileSync(
      path.join(out, 'quality-tables-misses.json'),
      JSON.stringify(
        report.cases.filter((c) => !c.correct),
        null,
        1,
      ),
    );
  }
  if (wanted.includes('tables-real'))
    summaries.push(...(await tablesRealSummaries(summarise, existsSync(CHROMIUM) ? CHROMIUM : undefined)));
  // The grid suite (issue 37) and the OCR'd suites (issue 12): receipt images, image-only pages.
  const otherSuites = [
    ['grids', () => runGridSuite({ documents: Number(process.env.QUALITY_GRIDS ?? 40) })],
    ['receipts', () => runReceiptSuite({ count: Number(process.env.QUALITY_RECEIPTS ?? 160) })],
    ['receipts-real', () => runRealReceiptSuite(realReceiptOptionsFromEnv())],
    ['noise', () => runNoiseSuite()],
    [
      'invoices',
      () => runInvoiceSuite({ count: Number(process.env.QUALITY_INVOICES ?? 96), chromiumPath: CHROMIUM }),
    ],
    ['charts', () => runChartSuite()],
    [
      'line-items',
      () =>
        runLineItemSuite({
          count: Number(process.env.QUALITY_INVOICES ?? 96),
          receipts: Number(process.env.QUALITY_LINE_ITEM_RECEIPTS ?? 60),
          chromiumPath: CHROMIUM,
        }),
    ],
    [
      'checks',
      () => runChecksSuite({ count: Number(process.env.QUALITY_INVOICES ?? 96), chromiumPath: CHROMIUM }),
    ],
    [
      'scanned-tables',
      () => runScannedTableSuite({ pages: Number(process.env.QUALITY_SCANNED_PAGES ?? 24) }),
    ],
    // DESIGN §14: reviews teach the next document of a source; reviews need the API.
    [
      'learning',
      () =>
        runLearningSuite({
          sources: Number(process.env.QUALITY_LEARNING_SOURCES ?? 20),
          documents: Number(process.env.QUALITY_LEARNING_DOCUMENTS ?? 10),
        }),
    ],
  ] as const;
  for (const [name, run] of otherSuites) {
    if (!wanted.includes(name)) continue;
    if (name === 'learning' && mode !== 'api') {
      console.log(
        '\n=== learning: skipped (the stream reviews through the API; run without QUALITY_MODE=inprocess)',
      );
      continue;
    }
    const report = await run();
    summaries.push(summarise(report));
    writeFileSync(
      path.join(out, `quality-${name}-misses.json`),
      JSON.stringify(
        report.cases.filter((c) => !c.correct),
        null,
        1,
      ),
    );
  }
  writeFileSync(
    path.join(out, 'quality.json'),
    JSON.stringify(
      { at: new Date().toISOString(), mode, seconds: (performance.now() - t0) / 1000, summaries },
      null,
      1,
    ),
  );
  await closeQualityReaders();
}

await main();
