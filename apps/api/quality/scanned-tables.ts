import {
  caseOf,
  formOf,
  mapPool,
  QUALITY_CONCURRENCY,
  type QualityReader,
  qualityReader,
} from './api-harness';
import { casesOf, reportPages } from './corpus/report-pages';
import { scannedReport } from './corpus/scanned-reports';
import type { QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'scanned-tables': report pages of the table corpus as image-only PDFs
 * (rasterised, skewed, blurred, JPEG'd; no text layer), uploaded as `pdf` requests and read
 * through OCR and the table matcher.
 */

export interface ScannedTableOptions {
  pages?: number;
  seed?: number;
  /** How documents are sent (default: the run's reader, QUALITY_MODE). */
  reader?: QualityReader;
}

export async function runScannedTableSuite(options: ScannedTableOptions = {}): Promise<QualitySuiteReport> {
  const reader = options.reader ?? (await qualityReader());
  const documentSeconds: number[] = [];
  const ocrPageSeconds: number[] = [];
  const pages = reportPages(options.pages ?? 24, options.seed);
  const perPage = await mapPool(pages, QUALITY_CONCURRENCY, async (page, i) => {
    const bytes = await scannedReport(page, i);
    const corpusCases = casesOf(page);
    const sent = { form: 'upload', documentType: 'pdf', bytes, filename: `${page.id}.scan.pdf` } as const;
    const answers = await reader.ask(
      sent,
      corpusCases.map((c) => c.dataPoint),
    );
    if (answers.status === 'completed') {
      documentSeconds.push(answers.seconds);
      // Each scanned page is one OCR'd page (the split table's second page aside).
      ocrPageSeconds.push(answers.seconds / (page.splitAfterRows !== undefined ? 2 : 1));
    }
    return corpusCases.map((c) =>
      caseOf(answers, {
        suite: 'scanned-tables',
        form: formOf(sent),
        document: `${page.id}.scan.pdf`,
        kind: page.kind,
        caseType: c.caseType,
        dataPoint: c.dataPoint,
        expected: c.expected,
      }),
    );
  });
  return { suite: 'scanned-tables', cases: perPage.flat(), documentSeconds, ocrPageSeconds };
}
