import { z } from 'zod';
import { ensureOk, type SafeFetch, type SafeFetchOptions } from '../../net/fetch-guard';
import { DocumentError, FetchFailedError } from '../errors';
import type { ExtractedDocument } from '../model/types';
import { loadHtml } from './html';
import { loadText } from './text';

/**
 * SEC filings from EDGAR's public endpoints (DESIGN §3): ticker → CIK (company_tickers.json),
 * the company's submissions → the filing of the requested form for a fiscal period, or nearest
 * an effective date in a direction, else the latest → its primary document, read as HTML.
 *
 * One base URL serves all three endpoints so tests can use a local fixture server. The real
 * EDGAR splits them over two hosts; a *.sec.gov base maps each to its host.
 */

export interface SecFilingQuery {
  ticker: string;
  /** 10-K, 10-Q, 8-K, 20-F, DEF 14A, S-1 (spec 02 §5); default 10-K. */
  filingType?: string;
  /** "2023" or "2023-Q2" (also "Q2 2023", "FY2023"): matched on the report date's fiscal year/quarter. */
  fiscalPeriod?: string;
  /** YYYY-MM-DD: the filing nearest this date in `searchDirection`. */
  effectiveDate?: string;
  searchDirection?: 'before' | 'after';
}

export interface SecOptions {
  baseUrl: string;
  /** SEC requires a User-Agent naming the requester (company and contact). */
  userAgent: string;
  fetch: SafeFetch;
  fetchOptions?: SafeFetchOptions;
  /** Cap for the primary document (10-K with inline XBRL run to tens of MB). */
  maxDocumentBytes?: number;
  /** Told of the primary document's bytes, so the job can keep the copy it read (DESIGN §11). */
  onDocument?: (document: {
    url: string;
    bytes: Uint8Array;
    contentType: string;
    filename: string | null;
  }) => void;
}

export interface Filing {
  accessionNumber: string;
  form: string;
  filingDate: string;
  reportDate: string;
  primaryDocument: string;
  primaryDocDescription?: string;
}

const FilingColumns = z.object({
  accessionNumber: z.array(z.string()),
  filingDate: z.array(z.string()),
  reportDate: z.array(z.string()).optional(),
  form: z.array(z.string()),
  primaryDocument: z.array(z.string()).optional(),
  primaryDocDescription: z.array(z.string()).optional(),
});
type FilingColumns = z.infer<typeof FilingColumns>;

const Submissions = z.object({
  cik: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  fiscalYearEnd: z.string().nullable().optional(),
  filings: z.object({
    recent: FilingColumns,
    files: z.array(z.object({ name: z.string() })).optional(),
  }),
});

const CompanyTickers = z.record(
  z.string(),
  z.object({ cik_str: z.union([z.number(), z.string()]), ticker: z.string(), title: z.string().optional() }),
);

export function secEndpoints(baseUrl: string) {
  const base = new URL(baseUrl);
  const isEdgar = base.hostname === 'sec.gov' || base.hostname.endsWith('.sec.gov');
  const trimmed = base.href.replace(/\/+$/, '');
  const www = isEdgar ? 'https://www.sec.gov' : trimmed;
  const data = isEdgar ? 'https://data.sec.gov' : trimmed;
  return {
    tickers: `${www}/files/company_tickers.json`,
    submissions: (file: string) => `${data}/submissions/${file}`,
    document: (cik: number, accession: string, document: string) =>
      `${www}/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/${document}`,
  };
}

function columnsToFilings(columns: FilingColumns): Filing[] {
  return columns.accessionNumber.map((accessionNumber, i) => {
    const filing: Filing = {
      accessionNumber,
      form: columns.form[i] ?? '',
      filingDate: columns.filingDate[i] ?? '',
      reportDate: columns.reportDate?.[i] ?? '',
      primaryDocument: columns.primaryDocument?.[i] ?? '',
    };
    const description = columns.primaryDocDescription?.[i];
    if (description) filing.primaryDocDescription = description;
    return filing;
  });
}

/** "2023", "FY2023", "2023-Q2", "2023Q2", "Q2 2023", "Q2-2023" → year and optional quarter. */
export function parseFiscalPeriod(text: string): { year: number; quarter?: number } | null {
  const s = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const yearOnly = /^(?:FY ?)?(\d{4})$/.exec(s);
  if (yearOnly) return { year: Number(yearOnly[1]) };
  const yearFirst = /^(?:FY ?)?(\d{4}) ?[- /]? ?Q([1-4])$/.exec(s);
  if (yearFirst) return { year: Number(yearFirst[1]), quarter: Number(yearFirst[2]) };
  const quarterFirst = /^Q([1-4]) ?[- /]? ?(?:FY ?)?(\d{4})$/.exec(s);
  if (quarterFirst) return { year: Number(quarterFirst[2]), quarter: Number(quarterFirst[1]) };
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The fiscal year and quarter a period-end date belongs to, given the company's fiscal year end
 * ("0930"; December when unknown). The fiscal year is named for the year it ends in; 52/53-week
 * years ending a few days past the nominal date still count.
 */
export function fiscalPeriodOf(
  date: string,
  fiscalYearEnd = '1231',
): { year: number; quarter: number } | null {
  const d = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(d)) return null;
  const mmdd = /^\d{4}$/.test(fiscalYearEnd) ? fiscalYearEnd : '1231';
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2));
  const endIn = (year: number) =>
    Date.UTC(year, month - 1, Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate()));
  const calendarYear = new Date(d).getUTCFullYear();
  const grace = 14 * DAY_MS;
  let year = d > endIn(calendarYear) + grace ? calendarYear + 1 : calendarYear;
  // A date just after a fiscal year end of the previous calendar year (Jan year-ends).
  if (d <= endIn(year - 1) + grace) year -= 1;
  const start = endIn(year - 1);
  const quarter = Math.min(4, Math.max(1, Math.floor((d - start - DAY_MS) / (DAY_MS * 91.3)) + 1));
  return { year, quarter };
}

const QUARTERLY_FORMS = new Set(['10-Q', '8-K']);

function describeQuery(
  query: Required<Pick<SecFilingQuery, 'ticker' | 'filingType'>> & SecFilingQuery,
): string {
  if (query.fiscalPeriod) return `in ${query.fiscalPeriod}`;
  if (query.effectiveDate) {
    return `${query.searchDirection === 'after' ? 'on or after' : query.searchDirection === 'before' ? 'on or before' : 'near'} ${query.effectiveDate}`;
  }
  return 'on EDGAR';
}

/** Picks the filing for the query among one company's filings (any order); null when none fits. */
export function chooseFiling(
  filings: Filing[],
  query: SecFilingQuery,
  fiscalYearEnd?: string | null,
): Filing | null {
  const form = (query.filingType ?? '10-K').toUpperCase();
  const candidates = filings
    .filter((f) => f.form.toUpperCase() === form)
    .sort(
      (a, b) =>
        b.filingDate.localeCompare(a.filingDate) || b.accessionNumber.localeCompare(a.accessionNumber),
    );
  if (candidates.length === 0) return null;

  if (query.fiscalPeriod) {
    const period = parseFiscalPeriod(query.fiscalPeriod);
    if (!period) {
      throw new DocumentError(
        `Fiscal period "${query.fiscalPeriod}" is not a year (2023) or a quarter (2023-Q2)`,
      );
    }
    const useQuarter = period.quarter !== undefined && QUARTERLY_FORMS.has(form);
    return (
      candidates.find((f) => {
        const of = fiscalPeriodOf(f.reportDate || f.filingDate, fiscalYearEnd ?? undefined);
        return of !== null && of.year === period.year && (!useQuarter || of.quarter === period.quarter);
      }) ?? null
    );
  }

  if (query.effectiveDate) {
    const target = query.effectiveDate;
    if (query.searchDirection === 'before') return candidates.find((f) => f.filingDate <= target) ?? null;
    if (query.searchDirection === 'after') {
      return [...candidates].reverse().find((f) => f.filingDate >= target) ?? null;
    }
    const at = Date.parse(target);
    return (
      [...candidates].sort(
        (a, b) => Math.abs(Date.parse(a.filingDate) - at) - Math.abs(Date.parse(b.filingDate) - at),
      )[0] ?? null
    );
  }

  return candidates[0] ?? null;
}

const tickerCache = new Map<string, { at: number; ciks: Map<string, { cik: number; title: string }> }>();
const TICKER_CACHE_MS = 6 * 60 * 60 * 1000;

function tickerKey(ticker: string) {
  return ticker
    .trim()
    .toUpperCase()
    .replace(/[.\s/]/g, '-');
}

async function parseJson<T>(body: Buffer, schema: z.ZodType<T>, what: string): Promise<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new FetchFailedError(`EDGAR answered ${what} with something that is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new FetchFailedError(`EDGAR answered ${what} in an unexpected shape`);
  return parsed.data;
}

export async function loadSecFiling(query: SecFilingQuery, options: SecOptions): Promise<ExtractedDocument> {
  const endpoints = secEndpoints(options.baseUrl);
  const ticker = query.ticker.trim().toUpperCase();
  const filingType = query.filingType ?? '10-K';
  const fetchOptions: SafeFetchOptions = {
    ...options.fetchOptions,
    headers: {
      ...options.fetchOptions?.headers,
      'user-agent': options.userAgent,
      accept: 'application/json, text/html, */*',
    },
  };
  const get = async (url: string, what: string, maxBytes?: number) => {
    const response = await options.fetch(url, maxBytes ? { ...fetchOptions, maxBytes } : fetchOptions);
    return ensureOk(response, `${what} (${url})`);
  };

  // 1. Ticker → CIK
  let cached = tickerCache.get(endpoints.tickers);
  if (!cached || Date.now() - cached.at > TICKER_CACHE_MS) {
    const response = await get(endpoints.tickers, 'the EDGAR ticker list', 20 * 1024 * 1024);
    const table = await parseJson(response.body, CompanyTickers, 'the ticker list');
    const ciks = new Map<string, { cik: number; title: string }>();
    for (const row of Object.values(table)) {
      ciks.set(tickerKey(row.ticker), { cik: Number(row.cik_str), title: row.title ?? row.ticker });
    }
    cached = { at: Date.now(), ciks };
    tickerCache.set(endpoints.tickers, cached);
  }
  const company = cached.ciks.get(tickerKey(ticker));
  if (!company) throw new DocumentError(`Ticker ${ticker} not found on EDGAR`);
  const cik10 = String(company.cik).padStart(10, '0');

  // 2. Submissions → the filing (recent first; older pages only when needed)
  const submissionsUrl = endpoints.submissions(`CIK${cik10}.json`);
  const submissions = await parseJson(
    (await get(submissionsUrl, `the filings of ${ticker}`, 30 * 1024 * 1024)).body,
    Submissions,
    `the filings of ${ticker}`,
  );
  const companyName = submissions.name ?? company.title;
  let filing = chooseFiling(columnsToFilings(submissions.filings.recent), query, submissions.fiscalYearEnd);
  for (const file of (submissions.filings.files ?? []).slice(0, 10)) {
    if (filing) break;
    const older = await parseJson(
      (await get(endpoints.submissions(file.name), `older filings of ${ticker}`, 30 * 1024 * 1024)).body,
      FilingColumns,
      `older filings of ${ticker}`,
    );
    filing = chooseFiling(columnsToFilings(older), query, submissions.fiscalYearEnd);
  }
  if (!filing) {
    throw new DocumentError(
      `No ${filingType} filing for ${ticker} ${describeQuery({ ...query, ticker, filingType })}`,
    );
  }

  // 3. The primary document
  const documentName = filing.primaryDocument || `${filing.accessionNumber}.txt`;
  const documentUrl = endpoints.document(company.cik, filing.accessionNumber, documentName);
  const response = await get(
    documentUrl,
    `the ${filing.form} of ${ticker}`,
    options.maxDocumentBytes ?? 50 * 1024 * 1024,
  );
  const title = `${companyName} ${filing.form}${filing.reportDate ? ` for the period ended ${filing.reportDate}` : ''} (filed ${filing.filingDate})`;
  const isHtml = /html|xml/i.test(response.contentType) || /\.html?$/i.test(documentName);
  options.onDocument?.({
    url: response.url,
    bytes: response.body,
    contentType: isHtml ? 'text/html' : 'text/plain',
    filename: documentName,
  });
  const loaded = isHtml
    ? loadHtml(response.body, response.url)
    : loadText(response.body, { sourceUrl: response.url });
  return { ...loaded, kind: 'sec', sourceUrl: response.url, title };
}
