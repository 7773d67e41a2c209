import { HeuristicProvider, loadBytes } from '../src/extraction';
import { casesOf, reportPages } from './corpus/report-pages';
import { scannedReport } from './corpus/scanned-reports';
import { isCorrect, type QualityCase, type QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'scanned-tables': report pages of the table corpus as image-only PDFs
 * (rasterised, skewed, blurred, JPEG'd; no text layer), read through OCR and the table matcher.
 */

export interface ScannedTableOptions {
  pages?: number;
  seed?: number;
}

export async function runScannedTableSuite(options: ScannedTableOptions = {}): Promise<QualitySuiteReport> {
  const provider = new HeuristicProvider();
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  const ocrPageSeconds: number[] = [];
  for (const [i, page] of reportPages(options.pages ?? 24, options.seed).entries()) {
    const bytes = await scannedReport(page, i);
    const corpusCases = casesOf(page);
    const started = performance.now();
    let value: (dataPoint: string) => { value: unknown; confidence: number; source: boolean };
    try {
      const doc = await loadBytes(bytes, { contentType: 'application/pdf' });
      const ocrPages = doc.layout?.filter((p) => p.source === 'ocr').length ?? 0;
      const result = await provider.extract(
        doc,
        corpusCases.map((c) => c.dataPoint),
        { documentType: 'pdf' },
      );
      const seconds = (performance.now() - started) / 1000;
      documentSeconds.push(seconds);
      for (let n = 0; n < ocrPages; n++) ocrPageSeconds.push(seconds / ocrPages);
      value = (dataPoint) => {
        const item = result.result[dataPoint];
        return { value: item?.value ?? null, confidence: item?.confidence ?? 0, source: !!item?.source_text };
      };
    } catch (error) {
      value = () => ({ value: `ERROR ${(error as Error).message}`, confidence: 0, source: false });
    }
    for (const c of corpusCases) {
      const got = value(c.dataPoint);
      cases.push({
        suite: 'scanned-tables',
        document: `${page.id}.scan.pdf`,
        kind: page.kind,
        caseType: c.caseType,
        dataPoint: c.dataPoint,
        expected: c.expected,
        value: got.value,
        correct: isCorrect(c.expected, got.value) && (c.expected !== null || got.source),
        confidence: got.confidence,
        hasSourceText: got.source,
      });
    }
  }
  return { suite: 'scanned-tables', cases, documentSeconds, ocrPageSeconds };
}
