import { normaliseValue, valuesAgree } from '@sieve/contracts';
import { z } from 'zod';
import { clampConfidence, llmConfidence, rounded } from '../confidence/probability';
import { confidenceScore, notFound } from '../confidence/score';
import { ProviderError } from '../errors';
import { tableCandidates } from '../match/table-match';
import { cellAt, type LayoutTable } from '../model/layout';
import { formatLocation, sourceUrlOf } from '../model/location';
import type { ExtractedDocument, ExtractedItem, ExtractionResult, TextLine } from '../model/types';
import { columnHeaderPath } from '../tables/table-builder';

/**
 * What the LLM providers share: the prompt (instructions, formatting guidelines, the document
 * with a location marker on every line), the JSON schema of the answer, its validation, and
 * the mapping to an ExtractionResult.
 */

export interface LlmProviderOptions {
  apiKey?: string | undefined;
  /** Any compatible endpoint (local servers too); the vendor's default when absent. */
  baseUrl?: string | undefined;
  model: string;
  /** SDK retries with backoff on connection errors, 408/409/429 and 5xx. */
  maxRetries?: number;
  timeoutMs?: number;
  /** Characters of document text sent at most (the rest is cut, and the prompt says so). */
  maxInputChars?: number;
}

export const DEFAULT_MAX_INPUT_CHARS = 300_000;
export const TOOL_NAME = 'record_extraction';

// spec 01 §5, worded for the model.
const GUIDELINES = [
  'Numbers in US format: a period as the decimal point, no thousands separators (1234.5, not 1,234.50).',
  'Negative numbers with a minus sign; accounting parentheses (1,234) mean -1234.',
  'Percentages as decimals: 45% is 0.45, 12.5 percent is 0.125.',
  'Numbers fully expanded: $1.2 billion is 1200000000, $3.4M is 3400000. When the document states figures "in millions" (or thousands, billions), multiply them out: 1,234.5 in millions is 1234500000. Per-share amounts are not scaled.',
  'Dates as YYYYMMDD: March 5, 2024 is "20240305".',
  'A value not found in the document is null (never guess).',
];

export function systemPrompt(documentType: string, customPrompt?: string, examples: string[] = []): string {
  return [
    'You extract structured data from documents for a data-extraction service whose results human reviewers verify.',
    `Document type: ${documentType}.`,
    'For each data point give: the value; source_text, the exact line of the document it comes from, copied verbatim; location, the marker in square brackets at the start of that line (for example "page 2, line 14" or "Sheet1!B7"); and confidence, your probability from 0 to 1 that the value is right.',
    'Formatting guidelines for values:',
    ...GUIDELINES.map((g) => `- ${g}`),
    ...(customPrompt?.trim() ? ['Instructions from the requester:', customPrompt.trim()] : []),
    // DESIGN §14: what reviewers taught about this source's layout.
    ...(examples.length
      ? [
          'On earlier documents from this same source, reviewers found these values here (look there first):',
          ...examples.map((e) => `- ${e}`),
        ]
      : []),
  ].join('\n');
}

function lineMarker(line: TextLine): string {
  return formatLocation(line.location) || 'line ?';
}

/**
 * A table as the model should read it: its title and scale, then a header line naming each
 * column, then one line per row with its location, its label (and section) and its cells in
 * column order — so periods and scale are explicit rather than left to cell order.
 */
function tableText(table: LayoutTable, marker: (row: number) => string): string[] {
  const out: string[] = [];
  const scale = table.scale ? `; figures in ${table.scale} unless a column or row says otherwise` : '';
  out.push(`[table, page ${table.page}${table.title ? `: ${table.title}` : ''}${scale}]`);
  const columns: number[] = [];
  for (let c = table.labelColumns; c < table.columnCount; c++)
    if (!table.noteColumns.includes(c)) columns.push(c);
  out.push(
    `columns: ${columns.map((c, i) => `(${i + 1}) ${columnHeaderPath(table, c).join(' ') || '—'}${table.columnUnits[c] ? ` [${table.columnUnits[c]}]` : ''}`).join(' | ')}`,
  );
  for (let r = table.headerRows; r < table.rowCount; r++) {
    const label = table.rowLabels[r];
    if (!label || label.isHeading) continue;
    const cells = columns.map((c) => {
      const cell = cellAt(table, r, c);
      return cell && cell.row === r ? cell.text : '';
    });
    const section = label.section.length ? ` (${label.section.join(' › ')})` : '';
    out.push(
      `[${marker(r)}] ${label.name}${section}: ${cells.map((c, i) => `(${i + 1}) ${c || '—'}`).join(' | ')}`,
    );
  }
  return out;
}

/** The document as text, one "[location] text" line each (tables as rows of cells under their headers), cut at maxChars. */
export function documentText(doc: ExtractedDocument, maxChars = DEFAULT_MAX_INPUT_CHARS): string {
  const out: string[] = [];
  let size = 0;
  let currentUrl: string | undefined;
  const tables = (doc.layout ?? []).flatMap((page) => page.tables.map((table) => ({ page, table })));
  const written = new Set<LayoutTable>();
  const tableOf = (line: TextLine) =>
    tables.find(
      ({ page, table }) =>
        line.box &&
        page.number === (line.location.page ?? 1) &&
        (line.location.url ?? page.url) === page.url &&
        line.box[1] >= table.box[1] - 0.002 &&
        line.box[3] <= table.box[3] + 0.002,
    )?.table;
  const push = (text: string) => {
    if (size + text.length + 1 > maxChars) return false;
    out.push(text);
    size += text.length + 1;
    return true;
  };
  for (const [i, line] of doc.lines.entries()) {
    if (line.location.url && line.location.url !== currentUrl) {
      currentUrl = line.location.url;
      out.push(`=== Page ${currentUrl} ===`);
    }
    const table = tableOf(line);
    if (table) {
      if (written.has(table)) continue;
      written.add(table);
      const marker = (row: number) => {
        const text = table.rowTexts?.[row];
        const found = text
          ? doc.lines.find((l) => l.text === text && (l.location.page ?? 1) === table.page)
          : undefined;
        return formatLocation((found ?? line).location) || `page ${table.page}`;
      };
      if (!tableText(table, marker).every(push)) {
        out.push(`[… the document continues; ${doc.lines.length - i} more lines were cut]`);
        break;
      }
      continue;
    }
    if (!push(`[${lineMarker(line)}] ${line.text}`)) {
      out.push(`[… the document continues; ${doc.lines.length - i} more lines were cut]`);
      break;
    }
  }
  return out.join('\n');
}

export function userPrompt(doc: ExtractedDocument, dataPoints: string[], maxChars?: number): string {
  const wanted =
    dataPoints.length > 0
      ? `Extract these data points (use these names exactly as data_point): ${dataPoints.map((d) => JSON.stringify(d)).join(', ')}.`
      : 'Extract every labelled value the document states; name each data point in snake_case after its label.';
  const header = [doc.title ? `Title: ${doc.title}` : '', doc.sourceUrl ? `Source: ${doc.sourceUrl}` : '']
    .filter(Boolean)
    .join('\n');
  const body =
    doc.lines.length > 0
      ? `Document (each line starts with its location in square brackets):\n${documentText(doc, maxChars)}`
      : doc.image
        ? 'The document is the attached image; give locations as "image".'
        : 'The document has no text.';
  return [wanted, header, body].filter(Boolean).join('\n\n');
}

/** The answer's JSON schema (strict-mode compatible: every property required, no extras). */
export function resultSchema(dataPoints: string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['data_point', 'value', 'source_text', 'location', 'confidence'],
          properties: {
            data_point: dataPoints.length > 0 ? { type: 'string', enum: dataPoints } : { type: 'string' },
            value: {
              type: ['string', 'number', 'null'],
              description: 'Formatted per the guidelines; null if not found',
            },
            source_text: { type: 'string', description: 'The source line, verbatim; empty if not found' },
            location: {
              type: 'string',
              description: 'The line marker, e.g. "page 2, line 14"; empty if not found',
            },
            confidence: { type: 'number', description: 'Probability 0..1 that the value is right' },
          },
        },
      },
    },
  };
}

const ModelItem = z.object({
  data_point: z.string(),
  value: z.union([z.string(), z.number(), z.null()]).optional(),
  source_text: z.string().nullable().optional(),
  location: z.union([z.string(), z.number()]).nullable().optional(),
  confidence: z.number().nullable().optional(),
});
export const ModelAnswer = z.object({ items: z.array(ModelItem) });
export type ModelAnswer = z.infer<typeof ModelAnswer>;

/** An answer that arrived but cannot be used (not JSON, wrong shape, a refusal): asked again once. */
export class UnusableAnswerError extends ProviderError {
  constructor(message: string) {
    super(message, { retryable: true });
    this.name = 'UnusableAnswerError';
  }
}

/** Validates the model's answer (a JSON string or an object). */
export function parseAnswer(raw: unknown, provider: string): ModelAnswer {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new UnusableAnswerError(`The AI provider (${provider}) answered with something that is not JSON`);
    }
  }
  const parsed = ModelAnswer.safeParse(value);
  if (!parsed.success) {
    throw new UnusableAnswerError(`The AI provider (${provider}) answered in an unexpected shape`);
  }
  return parsed.data;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function keyOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Maps the validated answer onto the requested data points, normalising values per the guidelines. */
export function toResult(
  answer: ModelAnswer,
  dataPoints: string[],
  doc: ExtractedDocument,
  provider: string,
  model: string,
): ExtractionResult {
  const byKey = new Map<string, ModelAnswer['items'][number]>();
  for (const item of answer.items)
    if (!byKey.has(keyOf(item.data_point))) byKey.set(keyOf(item.data_point), item);
  const names = dataPoints.length > 0 ? dataPoints : [...new Set(answer.items.map((i) => i.data_point))];
  const lines = doc.lines.map((line) => ({ line, squashed: squash(line.text) }));

  const result: Record<string, ExtractedItem> = {};
  for (const name of names) {
    const item = byKey.get(keyOf(name));
    const value = item ? normaliseValue(item.value ?? null, { dataPoint: name }) : null;
    if (!item || value === null) {
      result[name] = item ? { ...notFound(), confidence: clampConfidence(item.confidence, 0.2) } : notFound();
      continue;
    }
    const sourceText = (item.source_text ?? '').trim();
    const quoted = squash(sourceText);
    // The quote must be in the document; an unfounded value is trusted much less.
    const line = quoted
      ? lines.find((l) => l.squashed.includes(quoted) || (quoted.length > 20 && quoted.includes(l.squashed)))
          ?.line
      : undefined;
    const location =
      String(item.location ?? '')
        .replace(/^\[|\]$/g, '')
        .trim() || (line ? formatLocation(line.location) : '');
    // Where the value really is: a table cell with this value for this data point, else the
    // quoted line; a value the tables contradict is trusted less.
    const cells = doc.layout ? tableCandidates(doc.layout, name) : [];
    const cell = cells.find((c) => valuesAgree(c.value, value));
    const confidence = llmConfidence(item.confidence, {
      unquoted: doc.lines.length > 0 && !line,
      tablesDisagree: !cell && cells[0] !== undefined && cells[0].score >= 0.9 && !line,
    });
    const found: ExtractedItem = {
      value,
      location: cell?.item.location ?? location,
      source_text: cell?.item.source_text ?? sourceText,
      source_url: line ? sourceUrlOf(doc, line.location) : (doc.sourceUrl ?? null),
      confidence: rounded(confidence),
    };
    const anchor =
      cell?.item.anchor ?? (line?.box ? { page: line.location.page ?? 1, box: line.box } : undefined);
    if (anchor) found.anchor = anchor;
    result[name] = found;
  }
  return { result, confidence_score: confidenceScore(result), provider, model };
}

/** A readable, correctly-flagged error from an SDK failure. */
export function providerFailure(provider: string, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof status === 'number') {
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return new ProviderError(`The AI provider (${provider}) failed: HTTP ${status} ${message}`.trim(), {
      retryable,
      cause: error,
    });
  }
  return new ProviderError(`The AI provider (${provider}) could not be reached: ${message}`, {
    cause: error,
  });
}

/** Runs one call, once more if the answer was unusable (the SDK retries transport errors itself). */
export async function withAnswerRetry<T>(attempt: () => Promise<T>, attempts = 2): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await attempt();
    } catch (error) {
      last = error;
      // Only unusable answers are retried here; HTTP failures were already retried by the SDK.
      if (!(error instanceof UnusableAnswerError)) throw error;
    }
  }
  throw last;
}
