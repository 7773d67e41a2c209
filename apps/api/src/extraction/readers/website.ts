import { WEBSITE_MAX_PAGES } from '@sieve/contracts';
import robotsParser from 'robots-parser';
import { ensureOk, type SafeFetch, type SafeFetchOptions } from '../../net/fetch-guard';
import { DocumentError } from '../errors';
import type { CrawledPage, ExtractedDocument, TextLine } from '../model/types';
import { parseHtml } from './html';

/**
 * Website crawl (DESIGN §3): breadth first from the start page, same site only (the start host,
 * or its registrable domain and subdomains when asked), robots.txt respected for "SieveBot",
 * each URL once (fragments stripped), up to maxPages (1–100) HTML pages.
 */

export const CRAWLER_USER_AGENT = 'SieveBot';

export interface CrawlOptions {
  maxPages?: number;
  includeSubdomains?: boolean;
  /** safeFetch, or a compatible function (tests, a pre-configured guard). */
  fetch: SafeFetch;
  /** Passed to every fetch (allowPrivate, timeouts, size caps). */
  fetchOptions?: SafeFetchOptions;
  signal?: AbortSignal;
  /** Stop following links once this much HTML has been read (default 50 MB). */
  maxTotalBytes?: number;
  /** Stop following links after this long (default 5 minutes); the pages read so far are kept. */
  maxDurationMs?: number;
  /** Told of each page read, with its bytes, so the job can keep a snapshot (DESIGN §11). */
  onPage?: (page: { url: string; bytes: Uint8Array; contentType: string; filename: string | null }) => void;
}

const DEFAULT_CRAWL_BYTES = 50 * 1024 * 1024;
const DEFAULT_CRAWL_MS = 5 * 60 * 1000;

// Second-level labels under which registrations happen one level down (example.co.uk).
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'ltd', 'plc', 'or', 'ne', 'go']);

/** example.com for www.example.com; example.co.uk for shop.example.co.uk (no public-suffix list). */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2 || /^\d+$/.test(labels.at(-1) ?? '') || host.includes(':')) return labels.join('.');
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const keep = tld.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

function stripWww(host: string): string {
  return host.replace(/^www\./, '');
}

/** Whether `url` belongs to the site being crawled. */
export function isSameSite(url: URL, start: URL, includeSubdomains: boolean): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  const startHost = start.hostname.toLowerCase();
  if (!includeSubdomains) return host === startHost || stripWww(host) === stripWww(startHost);
  const site = registrableDomain(startHost);
  return host === site || host.endsWith(`.${site}`);
}

// Links to files that are not pages.
const NOT_A_PAGE =
  /\.(?:pdf|zip|gz|tgz|rar|7z|jpe?g|png|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|mov|avi|webm|wav|css|js|json|xml|rss|atom|woff2?|ttf|eot|exe|dmg|docx?|xlsx?|pptx?|csv)$/i;

function normaliseUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

type Robots = ReturnType<typeof robotsParser>;

export async function crawlWebsite(startUrl: string, options: CrawlOptions): Promise<ExtractedDocument> {
  const maxPages = Math.min(
    WEBSITE_MAX_PAGES.max,
    Math.max(WEBSITE_MAX_PAGES.min, Math.trunc(options.maxPages ?? WEBSITE_MAX_PAGES.default)),
  );
  const includeSubdomains = options.includeSubdomains ?? false;
  const fetchOptions: SafeFetchOptions = {
    ...options.fetchOptions,
    headers: { 'user-agent': `${CRAWLER_USER_AGENT}/1.0`, ...options.fetchOptions?.headers },
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const start = normaliseUrl(startUrl);
  if (!start) throw new DocumentError(`Not a valid URL: ${startUrl}`);

  const robotsByOrigin = new Map<string, Robots | null>();
  const robotsFor = async (url: URL): Promise<Robots | null> => {
    if (robotsByOrigin.has(url.origin)) return robotsByOrigin.get(url.origin) ?? null;
    const robotsUrl = `${url.origin}/robots.txt`;
    let robots: Robots | null = null;
    try {
      const response = await options.fetch(robotsUrl, { ...fetchOptions, maxBytes: 512 * 1024 });
      // No robots.txt (4xx), or one we cannot read: crawl as allowed.
      if (response.status >= 200 && response.status < 300) {
        robots = robotsParser(robotsUrl, response.body.toString('utf8'));
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
    }
    robotsByOrigin.set(url.origin, robots);
    return robots;
  };
  const allowedByRobots = async (url: URL) =>
    (await robotsFor(url))?.isAllowed(url.href, CRAWLER_USER_AGENT) !== false;

  let site = new URL(start);
  const queue: string[] = [start];
  const seen = new Set<string>([start]);
  const pages: CrawledPage[] = [];
  // Linked pages that could not be read, said in the result's notes (never silently dropped).
  const failedPages: { url: string; reason: string }[] = [];

  const deadline = Date.now() + (options.maxDurationMs ?? DEFAULT_CRAWL_MS);
  const byteBudget = options.maxTotalBytes ?? DEFAULT_CRAWL_BYTES;
  let bytesRead = 0;
  // The budgets end the crawl early, never the start page: a partial site is still a result.
  const withinBudget = () => pages.length === 0 || (Date.now() < deadline && bytesRead < byteBudget);

  while (queue.length > 0 && pages.length < maxPages && withinBudget()) {
    const next = queue.shift() as string;
    const isStart = pages.length === 0 && next === start;
    const url = new URL(next);
    if (!(await allowedByRobots(url))) {
      if (isStart) throw new DocumentError(`robots.txt of ${url.host} does not allow crawling ${url.href}`);
      continue;
    }
    let response: Awaited<ReturnType<SafeFetch>>;
    try {
      response = ensureOk(await options.fetch(url.href, fetchOptions));
    } catch (error) {
      // The start page must load; a broken link further in is skipped, and said.
      if (isStart || options.signal?.aborted) throw error;
      failedPages.push({ url: url.href, reason: failureReason(error, url.href) });
      continue;
    }
    bytesRead += response.body.length;
    const finalUrl = new URL(response.url);
    if (isStart) {
      // The site is where the start page ended up (example.com → www.example.com).
      site = finalUrl;
    } else if (!isSameSite(finalUrl, site, includeSubdomains)) {
      continue;
    }
    const finalHref = normaliseUrl(finalUrl.href) ?? finalUrl.href;
    seen.add(finalHref);
    if (!/html|xml/i.test(response.contentType) && response.contentType !== '') {
      if (isStart) {
        throw new DocumentError(`${url.href} is not a web page (${response.contentType.split(';')[0]})`);
      }
      continue;
    }
    // Each page is read by the HTML reader like an HTML upload: its lines and its layout (tables).
    const { document, links } = parseHtml(response.body, finalHref);
    const lines: TextLine[] = document.lines.map((line) => ({
      ...line,
      location: { ...line.location, url: finalHref },
    }));
    const page: CrawledPage = { url: finalHref, title: document.title ?? finalHref, lines };
    if (document.layout) page.layout = document.layout.map((p) => ({ ...p, url: finalHref }));
    if (document.notes?.length) page.notes = document.notes;
    pages.push(page);
    options.onPage?.({
      url: finalHref,
      bytes: response.body,
      contentType: response.contentType || 'text/html',
      filename: null,
    });

    for (const link of links) {
      const normalised = normaliseUrl(link);
      if (!normalised || seen.has(normalised)) continue;
      const linkUrl = new URL(normalised);
      if (!isSameSite(linkUrl, site, includeSubdomains) || NOT_A_PAGE.test(linkUrl.pathname)) continue;
      seen.add(normalised);
      queue.push(normalised);
    }
  }

  const first = pages[0];
  return {
    kind: 'website',
    lines: pages.flatMap((page) => page.lines),
    pages,
    ...(failedPages.length ? { failedPages } : {}),
    sourceUrl: first?.url ?? start,
    ...(first ? { title: first.title } : {}),
  };
}

/** Why a page could not be loaded, in a requester's words ("the server answered HTTP 500"). */
function failureReason(error: unknown, url: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const prefix = `Could not fetch ${url}: `;
  const reason = message.startsWith(prefix)
    ? message.slice(prefix.length)
    : message.replace(/^Could not fetch \S+:\s*/, '');
  return reason || 'it could not be loaded';
}
