import { HeuristicProvider, loadBytes } from '../src/extraction';
import { HAND_INVOICES, type InvoiceSpec, type InvoiceTruth, invoiceSpecs } from './corpus/invoices';
import { scanPdf } from './corpus/scanned-reports';
import { isCorrect, type QualityCase, type QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'invoices' (issue 39): generated invoices in English, German, French and
 * Spanish in a dozen layouts, and invoices written by hand, printed to PDF by Chromium and sent as
 * `pdf` (each also scanned: rasterised, skewed, blurred, JPEG'd, so only OCR reads it). One case
 * per field asked of each invoice; caseType is the field, kind `<lang>/<digital|scanned>`, the layout in
 * the document id.
 *
 * Submission (`submit`) is kept apart from scoring, so the in-process reader here can be swapped
 * for the API harness without touching the scoring.
 */

export const INVOICE_FIELDS: { dataPoint: string; expected: (t: InvoiceTruth) => string | number | null }[] =
  [
    { dataPoint: 'Invoice number', expected: (t) => t.invoiceNumber },
    { dataPoint: 'Invoice date', expected: (t) => t.invoiceDate },
    { dataPoint: 'Due date', expected: (t) => t.dueDate },
    { dataPoint: 'Vendor', expected: (t) => t.vendor },
    { dataPoint: 'Customer', expected: (t) => t.customer },
    { dataPoint: 'Subtotal', expected: (t) => t.subtotal },
    { dataPoint: 'Tax', expected: (t) => t.tax },
    { dataPoint: 'Total', expected: (t) => t.total },
    { dataPoint: 'Currency', expected: (t) => t.currency },
  ];

export interface SubmittedAnswer {
  value: unknown;
  confidence: number;
  sourceText: boolean;
}
/** Sends one document and returns the answer per data point (in process today; the API later). */
export type Submit = (
  bytes: Uint8Array,
  contentType: string,
  dataPoints: string[],
  documentType: string,
) => Promise<Record<string, SubmittedAnswer>>;

const provider = new HeuristicProvider();
export const submitInProcess: Submit = async (bytes, contentType, dataPoints, documentType) => {
  const doc = await loadBytes(bytes, { contentType });
  const { result } = await provider.extract(doc, dataPoints, { documentType });
  return Object.fromEntries(
    dataPoints.map((d) => [
      d,
      {
        value: result[d]?.value ?? null,
        confidence: result[d]?.confidence ?? 0,
        sourceText: !!result[d]?.source_text,
      },
    ]),
  );
};

export interface InvoiceSuiteOptions {
  count?: number;
  seed?: number;
  chromiumPath: string;
  /** Scan every n-th invoice as well (1: all; 0: none). */
  scanEvery?: number;
  submit?: Submit;
  onDocument?: (id: string, cases: QualityCase[]) => void;
  /** Only these ids (debugging). */
  only?: (spec: InvoiceSpec) => boolean;
  /** More documents made from each invoice (an altered copy), rendered and scanned like it. */
  extra?: (spec: InvoiceSpec) => InvoiceSpec[];
}

export interface RenderedInvoice {
  spec: InvoiceSpec;
  form: 'digital' | 'scanned';
  pdf: Uint8Array;
}

/** Every invoice printed to PDF by Chromium, and the scanned ones. */
export async function renderInvoices(options: InvoiceSuiteOptions): Promise<RenderedInvoice[]> {
  const specs = [...invoiceSpecs(options.count ?? 96, options.seed), ...HAND_INVOICES].filter(
    (s) => options.only?.(s) ?? true,
  );
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const out: RenderedInvoice[] = [];
  try {
    const tab = await browser.newPage();
    for (const [i, base] of specs.entries()) {
      for (const spec of [base, ...(options.extra?.(base) ?? [])]) {
        await tab.setContent(spec.html);
        const pdf = await tab.pdf({ format: i % 3 === 0 ? 'Letter' : 'A4', printBackground: true });
        out.push({ spec, form: 'digital', pdf });
        const every = options.scanEvery ?? 2;
        if (every > 0 && i % every === 0)
          out.push({
            spec,
            form: 'scanned',
            pdf: await scanPdf(pdf, {
              dpi: [200, 240, 300][i % 3] as number,
              angle: [0, 0.4, -0.6, 0.8, -0.3][i % 5] as number,
              blur: i % 4 === 1 ? 0.5 : 0,
              jpegQuality: [60, 75, 85][i % 3] as number,
            }),
          });
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

export async function runInvoiceSuite(options: InvoiceSuiteOptions): Promise<QualitySuiteReport> {
  const submit = options.submit ?? submitInProcess;
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  const dataPoints = INVOICE_FIELDS.map((f) => f.dataPoint);
  for (const { spec, form, pdf } of await renderInvoices(options)) {
    const started = performance.now();
    let answers: Record<string, SubmittedAnswer>;
    try {
      answers = await submit(pdf, 'application/pdf', dataPoints, 'pdf');
    } catch (error) {
      const message = `ERROR ${(error as Error).message}`;
      answers = Object.fromEntries(
        dataPoints.map((d) => [d, { value: message, confidence: 0, sourceText: false }]),
      );
    }
    documentSeconds.push((performance.now() - started) / 1000);
    const mine = INVOICE_FIELDS.map((field): QualityCase => {
      const expected = field.expected(spec.truth);
      const got = answers[field.dataPoint] ?? { value: null, confidence: 0, sourceText: false };
      return {
        suite: `invoices-${form}`,
        document: `${spec.id}.${form}.pdf`,
        kind: `${spec.lang}/${form}`,
        caseType: field.dataPoint,
        dataPoint: field.dataPoint,
        expected,
        value: got.value,
        correct: isCorrect(expected, got.value),
        confidence: got.confidence,
        hasSourceText: got.sourceText,
      };
    });
    cases.push(...mine);
    options.onDocument?.(`${spec.id}.${form}`, mine);
  }
  return { suite: 'invoices', cases, documentSeconds };
}
