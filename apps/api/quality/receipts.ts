import { HeuristicProvider, loadImage } from '../src/extraction';
import { type ReceiptSpec, receiptSpecs, renderReceipt } from './corpus/receipts';
import { isCorrect, type QualityCase, type QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'receipts': ≥ 150 generated receipt, card-slip and invoice images (thermal
 * and invoice styles, degraded like scans), OCR'd and read as `receipt_mapping` requests. One case
 * per field asked of each image; caseType is the field.
 */

const FIELDS: {
  dataPoint: string;
  caseType: string;
  expected: (s: ReceiptSpec) => string | number | null;
}[] = [
  { dataPoint: 'Company', caseType: 'Company', expected: (s) => s.truth.company },
  { dataPoint: 'Date', caseType: 'Date', expected: (s) => s.truth.date },
  { dataPoint: 'Address', caseType: 'Address', expected: (s) => s.truth.address },
  { dataPoint: 'Total', caseType: 'Total', expected: (s) => s.truth.total },
  { dataPoint: 'Tax', caseType: 'Tax', expected: (s) => s.truth.tax },
  { dataPoint: 'Currency', caseType: 'Currency', expected: (s) => s.truth.currency },
  { dataPoint: 'Receipt number', caseType: 'Receipt number', expected: (s) => s.truth.receiptNumber },
  { dataPoint: 'Card last four', caseType: 'Card last four', expected: (s) => s.truth.cardLastFour },
];

export interface ReceiptSuiteOptions {
  count?: number;
  seed?: number;
  /** Called per document (progress, debugging). */
  onDocument?: (spec: ReceiptSpec, cases: QualityCase[]) => void;
}

export async function runReceiptSuite(options: ReceiptSuiteOptions = {}): Promise<QualitySuiteReport> {
  const provider = new HeuristicProvider();
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  const ocrPageSeconds: number[] = [];
  for (const spec of receiptSpecs(options.count ?? 160, options.seed)) {
    const bytes = await renderReceipt(spec);
    const started = performance.now();
    const ocrStarted = performance.now();
    const doc = await loadImage(bytes, { mediaType: 'image/jpeg' });
    ocrPageSeconds.push((performance.now() - ocrStarted) / 1000);
    const result = await provider.extract(
      doc,
      FIELDS.map((f) => f.dataPoint),
      {
        documentType:
          spec.kind === 'invoice'
            ? 'receipt_mapping'
            : spec.kind === 'card-slip'
              ? 'credit_card'
              : 'pos_mapping',
      },
    );
    documentSeconds.push((performance.now() - started) / 1000);
    const mine: QualityCase[] = FIELDS.map((field) => {
      const item = result.result[field.dataPoint];
      const expected = field.expected(spec);
      const value = item?.value ?? null;
      return {
        suite: 'receipts',
        document: spec.id,
        kind: `${spec.style}/${spec.kind}`,
        caseType: field.caseType,
        dataPoint: field.dataPoint,
        expected,
        value,
        correct: isCorrect(expected, value),
        confidence: item?.confidence ?? 0,
        hasSourceText: Boolean(item?.source_text),
      };
    });
    cases.push(...mine);
    options.onDocument?.(spec, mine);
  }
  return { suite: 'receipts', cases, documentSeconds, ocrPageSeconds };
}
