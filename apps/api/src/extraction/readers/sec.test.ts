import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch } from '../../net/fetch-guard';
import { EDGAR_CIK, edgarRoutes, startServer, type TestServer } from '../testing/fixtures';
import {
  chooseFiling,
  type Filing,
  fiscalPeriodOf,
  loadSecFiling,
  parseFiscalPeriod,
  secEndpoints,
} from './sec';

let edgar: TestServer;
const USER_AGENT = 'Sieve tests ops@sieve.example';

beforeAll(async () => {
  edgar = await startServer(edgarRoutes());
});
afterAll(() => edgar.close());

const options = () => ({
  baseUrl: edgar.url,
  userAgent: USER_AGENT,
  fetch: safeFetch,
  fetchOptions: { allowPrivate: true },
});

describe('loadSecFiling', () => {
  it('finds the latest 10-K by ticker and reads its primary document as HTML', async () => {
    const doc = await loadSecFiling({ ticker: 'acme' }, options());
    expect(doc.kind).toBe('sec');
    expect(doc.sourceUrl).toBe(
      `${edgar.url}/Archives/edgar/data/${EDGAR_CIK}/000123456724000010/acme-20231231.htm`,
    );
    expect(doc.title).toBe('ACME CORP 10-K for the period ended 2023-12-31 (filed 2024-03-05)');
    const texts = doc.lines.map((l) => l.text);
    expect(texts).toContain('Total revenue | $ | 1,234.5');
    expect(texts).toContain('Report date: March 5, 2024');
    // Inline-XBRL header text is hidden on EDGAR and stays out.
    expect(texts.some((t) => t.includes('999'))).toBe(false);
  });

  it('sends the configured User-Agent on every EDGAR call', async () => {
    edgar.userAgents.length = 0;
    await loadSecFiling({ ticker: 'ACME', fiscalPeriod: '2022' }, options());
    expect(edgar.userAgents.length).toBeGreaterThanOrEqual(2);
    expect(new Set(edgar.userAgents)).toEqual(new Set([USER_AGENT]));
  });

  it('chooses by fiscal period, quarter, or effective date and direction', async () => {
    const url = async (query: Parameters<typeof loadSecFiling>[0]) =>
      (await loadSecFiling(query, options())).sourceUrl;
    expect(await url({ ticker: 'ACME', filingType: '10-K', fiscalPeriod: '2022' })).toContain(
      'acme-20221231.htm',
    );
    expect(await url({ ticker: 'ACME', filingType: '10-Q', fiscalPeriod: '2023-Q2' })).toContain(
      'acme-20230630.htm',
    );
    expect(await url({ ticker: 'ACME', effectiveDate: '2023-06-01', searchDirection: 'before' })).toContain(
      'acme-20221231.htm',
    );
    expect(await url({ ticker: 'ACME', effectiveDate: '2023-06-01', searchDirection: 'after' })).toContain(
      'acme-20231231.htm',
    );
  });

  it('answers readably when the ticker or the filing does not exist', async () => {
    await expect(loadSecFiling({ ticker: 'ZZZZ' }, options())).rejects.toThrow(
      'Ticker ZZZZ not found on EDGAR',
    );
    await expect(
      loadSecFiling({ ticker: 'ACME', filingType: '10-Q', fiscalPeriod: '2019' }, options()),
    ).rejects.toThrow('No 10-Q filing for ACME in 2019');
    await expect(loadSecFiling({ ticker: 'ACME', filingType: '8-K' }, options())).rejects.toThrow(
      'No 8-K filing for ACME on EDGAR',
    );
    await expect(
      loadSecFiling({ ticker: 'ACME', effectiveDate: '2020-01-01', searchDirection: 'before' }, options()),
    ).rejects.toThrow('No 10-K filing for ACME on or before 2020-01-01');
    await expect(loadSecFiling({ ticker: 'ACME', fiscalPeriod: 'last year' }, options())).rejects.toThrow(
      'Fiscal period "last year" is not a year (2023) or a quarter (2023-Q2)',
    );
  });
});

describe('filing choice', () => {
  it('maps fiscal years that do not end in December', () => {
    // Apple-like: fiscal year ends late September.
    expect(fiscalPeriodOf('2022-12-31', '0930')).toEqual({ year: 2023, quarter: 1 });
    expect(fiscalPeriodOf('2023-04-01', '0930')).toEqual({ year: 2023, quarter: 2 });
    expect(fiscalPeriodOf('2023-07-01', '0930')).toEqual({ year: 2023, quarter: 3 });
    expect(fiscalPeriodOf('2023-09-30', '0926')).toEqual({ year: 2023, quarter: 4 });
    // Retail: fiscal year ends in January and is named for that year.
    expect(fiscalPeriodOf('2023-04-30', '0131')).toEqual({ year: 2024, quarter: 1 });
    expect(fiscalPeriodOf('2024-02-02', '0131')).toEqual({ year: 2024, quarter: 4 });
    // Calendar year, and a 52/53-week year ending just after New Year.
    expect(fiscalPeriodOf('2023-06-30')).toEqual({ year: 2023, quarter: 2 });
    expect(fiscalPeriodOf('2024-01-02', '1231')).toEqual({ year: 2023, quarter: 4 });
  });

  it('reads fiscal periods in the usual spellings', () => {
    expect(parseFiscalPeriod('2023')).toEqual({ year: 2023 });
    expect(parseFiscalPeriod('FY2023')).toEqual({ year: 2023 });
    expect(parseFiscalPeriod('2023-Q2')).toEqual({ year: 2023, quarter: 2 });
    expect(parseFiscalPeriod('Q3 2023')).toEqual({ year: 2023, quarter: 3 });
    expect(parseFiscalPeriod('2023 q4')).toEqual({ year: 2023, quarter: 4 });
    expect(parseFiscalPeriod('soon')).toBeNull();
  });

  it('picks the nearest filing either side when no direction is given', () => {
    const filings: Filing[] = [
      {
        accessionNumber: 'a',
        form: '8-K',
        filingDate: '2024-01-10',
        reportDate: '',
        primaryDocument: 'a.htm',
      },
      {
        accessionNumber: 'b',
        form: '8-K',
        filingDate: '2024-02-20',
        reportDate: '',
        primaryDocument: 'b.htm',
      },
    ];
    expect(
      chooseFiling(filings, { ticker: 'X', filingType: '8-K', effectiveDate: '2024-02-10' })?.accessionNumber,
    ).toBe('b');
    expect(chooseFiling(filings, { ticker: 'X', filingType: '8-K' })?.accessionNumber).toBe('b');
    expect(chooseFiling(filings, { ticker: 'X', filingType: 'DEF 14A' })).toBeNull();
  });

  it('maps a *.sec.gov base to EDGAR’s two hosts and keeps any other base whole', () => {
    const real = secEndpoints('https://data.sec.gov');
    expect(real.tickers).toBe('https://www.sec.gov/files/company_tickers.json');
    expect(real.submissions('CIK0000320193.json')).toBe(
      'https://data.sec.gov/submissions/CIK0000320193.json',
    );
    expect(real.document(320193, '0000320193-23-000106', 'aapl-20230930.htm')).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019323000106/aapl-20230930.htm',
    );
    const local = secEndpoints('http://127.0.0.1:4000/edgar/');
    expect(local.tickers).toBe('http://127.0.0.1:4000/edgar/files/company_tickers.json');
  });
});
