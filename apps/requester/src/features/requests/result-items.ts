import { isIdentifierDataPoint } from '@sieve/contracts';

/** One extracted data point as the details dialog and the downloads show it. */
export interface ResultRow {
  dataPoint: string;
  /** The normalised value as text; empty when the data point was not found. */
  value: string;
  /** The value as the result holds it (its JSON type decides whether digits are grouped). */
  rawValue: unknown;
  sourceText: string | null;
  location: string | null;
  sourceUrl: string | null;
  /** 0–1, when the extractor gave one. */
  confidence: number | null;
  /** Reviewers could not agree (DESIGN §4). */
  isDisputed: boolean;
  /** Reviewers changed the AI's value (issue 13); the AI's value, as text, beside it. */
  isCorrected: boolean;
  aiValue: string | null;
  aiRawValue: unknown;
  /** The page the value was read on, from its anchor. */
  page: number | null;
}

/**
 * Whether a value is a figure to group (issue 40): a JSON number only, and never one of an
 * identifier data point (a receipt number, card digits, a postcode read as a number). A string
 * stays as it is written, leading zeros included.
 */
export function isFigure(value: unknown, dataPoint = ''): value is number {
  return typeof value === 'number' && Number.isFinite(value) && !isIdentifierDataPoint(dataPoint);
}

/**
 * A value as people read it: numbers grouped (1,482,700,000); everything else, identifiers and
 * strings of digits included ("004817"), as it is. The downloads keep the plain number.
 */
export function readableValue(value: unknown, dataPoint = ''): string {
  if (!isFigure(value, dataPoint)) return asText(value);
  // Eight-digit dates (YYYYMMDD, spec 01 §5) are not amounts.
  if (/^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(String(value))) return String(value);
  if (Math.abs(value) < 1000) return String(value);
  return value.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The rows of a result map `{<data point>: {value, location, source_text, source_url, confidence}}`
 * (an AI result, a consensus or the final result). A bare value counts as `{value}`.
 */
export function resultRows(
  result: Record<string, unknown> | null | undefined,
  /** The data points as the requester listed them: rows follow that order, the rest after. */
  order: readonly string[] = [],
): ResultRow[] {
  if (!result) return [];
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index < 0 ? order.length : index;
  };
  const entries = Object.entries(result).sort(([a], [b]) => rank(a) - rank(b));
  return entries.map(([dataPoint, item]) => {
    const cell =
      item && typeof item === 'object' && !Array.isArray(item)
        ? (item as Record<string, unknown>)
        : { value: item };
    const confidence = typeof cell.confidence === 'number' ? cell.confidence : null;
    return {
      dataPoint,
      value: asText(cell.value),
      rawValue: cell.value ?? null,
      sourceText: optionalText(cell.source_text),
      location: optionalText(cell.location),
      sourceUrl: optionalText(cell.source_url),
      confidence,
      isDisputed: cell.disputed === true,
      isCorrected: cell.corrected === true,
      aiValue: cell.corrected === true && 'ai_value' in cell ? asText(cell.ai_value) : null,
      aiRawValue: cell.corrected === true && 'ai_value' in cell ? cell.ai_value : null,
      page:
        cell.anchor &&
        typeof cell.anchor === 'object' &&
        typeof (cell.anchor as { page?: unknown }).page === 'number'
          ? (cell.anchor as { page: number }).page
          : null,
    };
  });
}

/** spec 01 §4: a task's confidence_score is a log-probability; people read it as a percentage. */
export function probabilityOf(confidenceScore: number): number {
  return Math.min(1, Math.max(0, Math.exp(confidenceScore)));
}

export function formatPercent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}
