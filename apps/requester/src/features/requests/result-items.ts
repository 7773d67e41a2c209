/** One extracted data point as the details dialog and the downloads show it. */
export interface ResultRow {
  dataPoint: string;
  /** The normalised value as text; empty when the data point was not found. */
  value: string;
  sourceText: string | null;
  location: string | null;
  sourceUrl: string | null;
  /** 0–1, when the extractor gave one. */
  confidence: number | null;
  /** Reviewers could not agree (DESIGN §4). */
  isDisputed: boolean;
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
      sourceText: optionalText(cell.source_text),
      location: optionalText(cell.location),
      sourceUrl: optionalText(cell.source_url),
      confidence,
      isDisputed: cell.disputed === true,
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
