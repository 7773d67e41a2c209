/**
 * The shape every `pnpm quality` suite reports (DESIGN §11): one row per data point asked of one
 * generated document, so the runner can print accuracy by case type and field, the share of values
 * with source text, and reliability by confidence band.
 */
export interface QualityCase {
  /** "tables-pdf", "tables-website (edgar)", "receipts", "scanned-tables", … */
  suite: string;
  /** How the document was sent ("PDF upload", "website URL", "SEC filing (HTML)", "XLSX upload", …). */
  form?: string;
  /** The generated document's id. */
  document: string;
  /** The generated item the document was made from (a report page's id): its forms are compared. */
  source?: string;
  /** The layout or style it was made in ("us-10k", "thermal", "invoice", …). */
  kind: string;
  /** What the data point tests ("two-row header", "total under section", "Total", "Date", …). */
  caseType: string;
  dataPoint: string;
  expected: string | number | null;
  value: unknown;
  correct: boolean;
  confidence: number;
  hasSourceText: boolean;
  /** Where the suite knows the value's cell: whether the answer's anchor points at it. */
  anchored?: boolean;
}

export interface QualitySuiteReport {
  suite: string;
  cases: QualityCase[];
  /** Seconds per document (whole extraction), and per OCR'd page where OCR ran. */
  documentSeconds: number[];
  ocrPageSeconds?: number[];
}

/** Numbers within 0.5 % (after scale), dates and text exactly (case and spacing aside). */
export function isCorrect(expected: string | number | null, value: unknown): boolean {
  if (expected === null) return value === null || value === undefined || value === '';
  if (typeof expected === 'number') {
    if (typeof value !== 'number') return false;
    if (expected === 0) return value === 0;
    return Math.abs(value - expected) <= Math.abs(expected) * 0.005;
  }
  const clean = (s: unknown) =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return clean(expected) === clean(value);
}

/** Whether two answers say the same (numbers within 0.5 %, text case and spacing aside). */
export function sameAnswer(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === 'number' && typeof b === 'number') return isCorrect(a, b);
  return isCorrect(String(a), b);
}
