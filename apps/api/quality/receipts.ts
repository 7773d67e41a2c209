import {
  caseOf,
  formOf,
  mapPool,
  QUALITY_CONCURRENCY,
  type QualityReader,
  qualityReader,
} from './api-harness';
import { type ReceiptSpec, receiptSpecs, renderReceipt } from './corpus/receipts';
import type { QualityCase, QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'receipts': ≥ 150 generated receipt, card-slip and invoice images (thermal
 * and invoice styles, degraded like scans), uploaded as image requests (`receipt_mapping` for
 * invoices, `credit_card` for card slips, `pos_mapping` for till receipts) and OCR'd. One case
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
  /** How documents are sent (default: the run's reader, QUALITY_MODE). */
  reader?: QualityReader;
  /** Called per document (progress, debugging). */
  onDocument?: (spec: ReceiptSpec, cases: QualityCase[]) => void;
}

export async function runReceiptSuite(options: ReceiptSuiteOptions = {}): Promise<QualitySuiteReport> {
  const reader = options.reader ?? (await qualityReader());
  const documentSeconds: number[] = [];
  const ocrPageSeconds: number[] = [];
  const specs = receiptSpecs(options.count ?? 160, options.seed);
  const perReceipt = await mapPool(specs, QUALITY_CONCURRENCY, async (spec) => {
    const bytes = await renderReceipt(spec);
    const documentType =
      spec.kind === 'invoice' ? 'receipt_mapping' : spec.kind === 'card-slip' ? 'credit_card' : 'pos_mapping';
    const sent = { form: 'upload', documentType, bytes, filename: `${spec.id}.jpg` } as const;
    const answers = await reader.ask(
      sent,
      FIELDS.map((f) => f.dataPoint),
    );
    if (answers.status === 'completed') {
      documentSeconds.push(answers.seconds);
      // One image, one OCR'd page: the whole request is the page's time.
      ocrPageSeconds.push(answers.seconds);
    }
    const mine: QualityCase[] = FIELDS.map((field) =>
      caseOf(
        answers,
        {
          suite: 'receipts',
          form: formOf(sent),
          document: spec.id,
          kind: `${spec.style}/${spec.kind}`,
          caseType: field.caseType,
          dataPoint: field.dataPoint,
          expected: field.expected(spec),
        },
        { nullNeedsSource: false },
      ),
    );
    options.onDocument?.(spec, mine);
    return mine;
  });
  return { suite: 'receipts', cases: perReceipt.flat(), documentSeconds, ocrPageSeconds };
}
