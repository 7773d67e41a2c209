import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIDENCE } from '@sieve/contracts';
import { closeOcrWorkers, closePdfWorkers } from '../src/extraction';
import { runChartSuite } from './charts';
import { runReceiptSuite } from './receipts';
import { runScannedTableSuite } from './scanned-tables';
import { runTableSuite } from './tables';
import type { QualityCase, QualitySuiteReport } from './types';

/**
 * `pnpm quality`: the extraction-quality benchmark (DESIGN §11) over the generated corpus. Prints
 * accuracy by suite and case type, the share of values with source text, reliability by
 * confidence band and seconds per document; writes everything, misses included, to
 * bench/results/quality-*.json. A benchmark, not a test: CI does not run it.
 *
 *   pnpm quality                 every suite
 *   QUALITY_PAGES=60 pnpm quality   a smaller table corpus
 *   QUALITY_SUITES=tables        only some suites (tables, receipts, scanned-tables)
 *   QUALITY_RECEIPTS=160 QUALITY_SCANNED_PAGES=24   sizes of the OCR suites
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
    '  by form',
    groupBy(cases, (c) => c.suite),
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
  const wanted = (process.env.QUALITY_SUITES ?? 'tables,receipts,scanned-tables').split(',');
  const pages = Number(process.env.QUALITY_PAGES ?? 170);
  const out = path.join(ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  const summaries = [];
  const t0 = performance.now();
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
  // The OCR'd suites (issue 12): generated receipt images and image-only report pages.
  const ocrSuites = [
    ['receipts', () => runReceiptSuite({ count: Number(process.env.QUALITY_RECEIPTS ?? 160) })],
    ['charts', () => runChartSuite()],
    [
      'scanned-tables',
      () => runScannedTableSuite({ pages: Number(process.env.QUALITY_SCANNED_PAGES ?? 24) }),
    ],
  ] as const;
  for (const [name, run] of ocrSuites) {
    if (!wanted.includes(name)) continue;
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
      { at: new Date().toISOString(), seconds: (performance.now() - t0) / 1000, summaries },
      null,
      1,
    ),
  );
  await closePdfWorkers();
  await closeOcrWorkers();
}

await main();
