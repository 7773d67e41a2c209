import { FetchFailedError, isExtractionFailure } from '../../extraction';

/**
 * The words a requester reads when a request fails (issue 40): a fetch that failed says which site
 * could not be reached and what for ("We could not reach sec.gov to look up the ticker"), never
 * the URL and resolver's wording; other extraction errors are already written for the requester.
 */

const GENERIC = 'Extraction failed after several attempts. Please try again or contact support.';

/** What the fetched URL was for, as the requester would say it. */
function purposeOf(url: URL): string {
  const isSec = url.hostname === 'sec.gov' || url.hostname.endsWith('.sec.gov');
  if (isSec && url.pathname.endsWith('/company_tickers.json')) return 'to look up the ticker';
  if (isSec && url.pathname.startsWith('/submissions/')) return "to find the company's filings";
  if (isSec) return 'to fetch the filing';
  return 'to fetch the document';
}

function siteOf(url: URL): string {
  if (url.hostname === 'sec.gov' || url.hostname.endsWith('.sec.gov')) return 'sec.gov';
  return url.hostname.replace(/^www\./, '');
}

/** `Could not fetch <url>[ (redirected from <url>)]: <reason>` → the plain sentence, else null. */
export function plainFetchFailure(message: string): string | null {
  const match = /^Could not fetch (\S+)(?: \(redirected from \S+\))?: (.+)$/s.exec(message);
  if (!match?.[1] || !match[2]) return null;
  let url: URL;
  try {
    url = new URL(match[1]);
  } catch {
    return null;
  }
  const site = siteOf(url);
  const purpose = purposeOf(url);
  const reason = match[2];
  if (/^timed out/.test(reason)) {
    return `${site} took too long to answer when we tried ${purpose}. Please try again later.`;
  }
  const status = /HTTP (\d{3})/.exec(reason)?.[1];
  if (status === '404') return `${site} has no such page: we could not find what we needed ${purpose}.`;
  if (status) {
    return `${site} answered with an error (HTTP ${status}) when we tried ${purpose}. Please try again later.`;
  }
  if (/^larger than/.test(reason)) return `The document at ${site} is ${reason}, too large to read.`;
  if (/^redirect/.test(reason)) return `${site} sent us to an address we cannot follow ${purpose}.`;
  // Host not found, no address, refused or reset: the site could not be reached.
  return `We could not reach ${site} ${purpose}. Please check the address or try again later.`;
}

export function readableFailure(error: unknown): string {
  if (error instanceof FetchFailedError) return plainFetchFailure(error.message) ?? error.message;
  if (isExtractionFailure(error)) return error.message;
  return GENERIC;
}

/**
 * A result with no value at all and notes saying why (an image with no readable text, pages not
 * read): the request fails with those notes as its reason rather than completing empty (issue 40).
 */
/** The readers' notes on what they could not read ("no text that could be read", "hard to read"). */
const READING_PROBLEM =
  /could not be read|hard to read|no text|not read\b|were read\b|cannot be opened|damaged/i;

export function unreadableReason(result: {
  result: Record<string, { value: unknown }>;
  notes?: string[] | undefined;
}): string | null {
  const items = Object.values(result.result);
  const isEmpty = items.every((item) => item.value === null || item.value === undefined || item.value === '');
  // A document that was read but holds nothing matching the data points completes, its note
  // saying so (issue 37); only notes on what could not be read fail the request.
  const reasons = (result.notes ?? []).filter((note) => !/^Nothing was found\b/.test(note));
  if (!isEmpty || reasons.length === 0) return null;
  const notes = reasons.map((note) => note.replace(/[.\s]+$/, ''));
  // Only notes on reading say the document could not be read; others (a custom prompt the offline
  // extractor cannot follow) say why nothing was extracted.
  return reasons.some((note) => READING_PROBLEM.test(note))
    ? `We could not read the document: ${notes.join('; ')}.`
    : `No values could be extracted: ${notes.join('; ')}.`;
}
