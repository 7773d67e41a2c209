import { DOCUMENT_TYPE_LABELS, type RequestStatus, type RequestSummary } from '@sieve/contracts';

export const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export const STATUS_TONES = {
  pending: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
} as const satisfies Record<RequestStatus, string>;

export const PRIORITY_LABELS: Record<RequestSummary['priority'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** spec 02 §4: pending and processing are shown together as active. */
export function isActive(request: Pick<RequestSummary, 'status'>): boolean {
  return request.status === 'pending' || request.status === 'processing';
}

export function documentTypeLabel(type: string): string {
  return (DOCUMENT_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** The first 8 characters of an id: enough to tell requests apart in a list. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const shortThisYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const shortOtherYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** For lists: "Mar 5, 2:03 PM" this year, "Mar 5, 2023" before. */
export function formatShortDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.getFullYear() === now.getFullYear() ? shortThisYear.format(date) : shortOtherYear.format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** What a request was about, in a few words: its file, URL, ticker or prompt. */
export function sourceLabel(request: Pick<RequestSummary, 'metadata'>): string {
  const meta = request.metadata;
  const ticker = text(meta.ticker);
  if (ticker)
    return [ticker, text(meta.filing_type), text(meta.fiscal_period) ?? text(meta.effective_date)]
      .filter(Boolean)
      .join(' · ');
  const name = text(meta.filename) ?? text(meta.url);
  if (name) return name;
  const prompt = text(meta.custom_prompt) ?? text(meta.text);
  if (prompt) return prompt.length > 60 ? `${prompt.slice(0, 57)}…` : prompt;
  return '—';
}

/** Matches the header search on what a list row shows (the server search covers the same fields). */
export function matchesSearch(request: RequestSummary, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [
    request.request_id,
    request.document_type,
    documentTypeLabel(request.document_type),
    request.status,
    sourceLabel(request),
  ].some((field) => field.toLowerCase().includes(needle));
}

/**
 * How the request is (or will be) checked. "Human verified" only once reviewers finished it
 * (issue 15: failed and in-progress requests said so too).
 */
export function reviewLabel(request: Pick<RequestSummary, 'status' | 'metadata'>): string {
  if (request.metadata.ai_only_mode === true) return 'AI only';
  if (request.status === 'completed') return 'Human verified';
  if (request.status === 'failed') return 'Not verified';
  return 'Awaiting review';
}
