import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The outside world `pnpm quality` sends the product to (DESIGN §11): a local web server for pages
 * asked for by URL and a local EDGAR (the shape of `extraction/testing/fixtures.ts`) for filings
 * asked for by ticker. The product reaches it with `ALLOW_PRIVATE_FETCH=1` and `SEC_BASE_URL`.
 *
 * EDGAR's ticker list is read once and cached by the SEC reader, so it lists a fixed block of
 * companies from the start (`QA…` tickers); each filing added takes the next one.
 */

const SEC_COMPANIES = 26 ** 3;
const CIK_BASE = 9_100_000;

function tickerOf(index: number): string {
  const a = String.fromCharCode(65 + Math.floor(index / 676));
  const b = String.fromCharCode(65 + (Math.floor(index / 26) % 26));
  const c = String.fromCharCode(65 + (index % 26));
  return `QA${a}${b}${c}`;
}

export interface FixtureServer {
  url: string;
  /** Serves `body` at a fresh path; returns its URL. */
  page(body: string | Uint8Array, options?: { name?: string; contentType?: string }): string;
  /** Files `html` as the primary document of a company's only filing; returns the ticker to ask for. */
  filing(html: string, options?: { form?: string; reportDate?: string }): string;
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const pages = new Map<string, { body: Buffer; type: string }>();
  const filings = new Map<number, { html: string; form: string; reportDate: string }>();
  let nextPage = 0;
  let nextFiling = 0;
  let tickers: Buffer | undefined;
  const tickerList = () => {
    tickers ??= Buffer.from(
      JSON.stringify(
        Object.fromEntries(
          Array.from({ length: SEC_COMPANIES }, (_, i) => [
            i,
            { cik_str: CIK_BASE + i, ticker: tickerOf(i), title: `Quality Corpus ${tickerOf(i)} Inc.` },
          ]),
        ),
      ),
    );
    return tickers;
  };
  const accession = (cik: number) => `000${cik}-24-000001`;

  const server = http.createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const send = (status: number, type: string, body: string | Buffer) => {
      res.statusCode = status;
      res.setHeader('content-type', type);
      res.end(body);
    };
    const page = pages.get(path);
    if (page) return send(200, page.type, page.body);
    if (path === '/files/company_tickers.json') return send(200, 'application/json', tickerList());
    const submissions = /^\/submissions\/CIK(\d{10})\.json$/.exec(path);
    if (submissions) {
      const cik = Number(submissions[1]);
      const filing = filings.get(cik);
      if (!filing) return send(404, 'text/plain', 'not found');
      return send(
        200,
        'application/json',
        JSON.stringify({
          cik: String(cik),
          name: `QUALITY CORPUS ${tickerOf(cik - CIK_BASE)}`,
          fiscalYearEnd: '1231',
          filings: {
            recent: {
              accessionNumber: [accession(cik)],
              filingDate: ['2024-03-01'],
              reportDate: [filing.reportDate],
              form: [filing.form],
              primaryDocument: [`q${cik}.htm`],
              primaryDocDescription: [filing.form],
            },
            files: [],
          },
        }),
      );
    }
    const document = /^\/Archives\/edgar\/data\/(\d+)\/(\d+)\/q(\d+)\.htm$/.exec(path);
    if (document) {
      const filing = filings.get(Number(document[1]));
      if (filing) return send(200, 'text/html; charset=utf-8', filing.html);
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page(body, options = {}) {
      nextPage += 1;
      const path = `/site/${nextPage}/${options.name ?? 'index.html'}`;
      pages.set(path, {
        body: Buffer.from(body),
        type: options.contentType ?? 'text/html; charset=utf-8',
      });
      return `${url}${path}`;
    },
    filing(html, options = {}) {
      if (nextFiling >= SEC_COMPANIES) throw new Error('The local EDGAR has no more companies to file for');
      const index = nextFiling++;
      filings.set(CIK_BASE + index, {
        html,
        form: options.form ?? '10-K',
        reportDate: options.reportDate ?? '2023-12-31',
      });
      return tickerOf(index);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
