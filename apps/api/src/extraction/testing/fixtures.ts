import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The three facts every loader test extracts, in the wording a report would use, and the
 * values the formatting guidelines turn them into (spec 01 §5).
 */
export const REPORT_LINES = {
  revenue: 'Total revenue: $1,234.5 million',
  margin: 'Gross margin: 45%',
  date: 'Report date: March 5, 2024',
} as const;
export const DATA_POINTS = ['total_revenue', 'gross_margin', 'report_date'];
export const EXPECTED = { total_revenue: 1234500000, gross_margin: 0.45, report_date: '20240305' } as const;

/** A 2-page PDF whose second page carries the three facts among other text. */
export async function makeReportPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const first = doc.addPage([612, 792]);
  first.drawText('Acme Corporation', { x: 50, y: 740, size: 20, font: bold });
  first.drawText('Annual report to shareholders', { x: 50, y: 710, size: 12, font });
  first.drawText('Revenue grew strongly in every region this year.', { x: 50, y: 690, size: 12, font });
  const second = doc.addPage([612, 792]);
  second.drawText('Financial highlights', { x: 50, y: 740, size: 16, font: bold });
  second.drawText('The figures below are unaudited.', { x: 50, y: 715, size: 11, font });
  second.drawText(REPORT_LINES.revenue, { x: 50, y: 690, size: 11, font });
  second.drawText(REPORT_LINES.margin, { x: 50, y: 672, size: 11, font });
  second.drawText(REPORT_LINES.date, { x: 50, y: 654, size: 11, font });
  second.drawText('Operating expenses were broadly flat.', { x: 50, y: 636, size: 11, font });
  return doc.save();
}

/** A workbook with a cover sheet and a key/value sheet holding the facts (one by formula). */
export async function makeReportXlsx() {
  const workbook = new ExcelJS.Workbook();
  const cover = workbook.addWorksheet('Cover');
  cover.getCell('A1').value = 'Acme Corporation';
  cover.getCell('A2').value = 'Annual report';
  const sheet = workbook.addWorksheet('Highlights');
  sheet.getCell('A1').value = 'Metric';
  sheet.getCell('B1').value = 'Value';
  sheet.getCell('A2').value = 'Region revenue (in millions)';
  sheet.getCell('A3').value = 'North';
  sheet.getCell('B3').value = 1000;
  sheet.getCell('A4').value = 'South';
  sheet.getCell('B4').value = 234.5;
  sheet.getCell('A5').value = 'Total revenue';
  sheet.getCell('B5').value = { formula: 'SUM(B3:B4)', result: 1234.5 };
  sheet.getCell('A6').value = 'Gross margin';
  sheet.getCell('B6').value = 0.45;
  sheet.getCell('B6').numFmt = '0%';
  sheet.getCell('A7').value = 'Report date';
  sheet.getCell('B7').value = new Date(Date.UTC(2024, 2, 5));
  sheet.getCell('B7').numFmt = 'mmmm d, yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const REPORT_CSV = [
  'Metric,Value,Notes',
  'Total revenue,"$1,234.5 million",audited',
  'Gross margin,45%,',
  'Report date,"March 5, 2024",',
].join('\n');

export const REPORT_HTML_PAGES = {
  '/': `<!doctype html><html><head><title>Acme investors</title><style>p{color:red}</style>
<script>var secret = "Total revenue: $9 billion";</script></head>
<body><nav><a href="/highlights">Highlights</a> <a href="/about#team">About</a>
<a href="https://elsewhere.example.org/">Partner</a></nav>
<h1>Acme investor relations</h1><p>Welcome to our investor pages.</p></body></html>`,
  '/highlights': `<!doctype html><html><head><title>Financial highlights</title></head><body>
<h1>Financial highlights</h1>
<p>${REPORT_LINES.revenue}</p>
<table><tr><td>Gross margin</td><td>45%</td></tr></table>
<p>Report date: <b>March 5, 2024</b></p>
<a href="/">Home</a></body></html>`,
  '/about': '<html><head><title>About</title></head><body><p>Founded 1990.</p></body></html>',
};

export interface TestServer {
  url: string;
  port: number;
  requests: string[];
  userAgents: string[];
  close(): Promise<void>;
}

/** A local HTTP server answering fixed routes (path → body, or a handler). */
export async function startServer(
  routes: Record<string, string | Buffer | { status?: number; type?: string; body: string | Buffer }>,
): Promise<TestServer> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(req.url ?? '/');
    userAgents.push(req.headers['user-agent'] ?? '');
    const route = routes[path];
    if (route === undefined) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const spec = typeof route === 'string' || Buffer.isBuffer(route) ? { body: route } : route;
    res.statusCode = spec.status ?? 200;
    const type =
      spec.type ??
      (path.endsWith('.json')
        ? 'application/json'
        : path.endsWith('.txt')
          ? 'text/plain'
          : 'text/html; charset=utf-8');
    res.setHeader('content-type', type);
    res.end(spec.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    userAgents,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A local EDGAR: the ticker list, one company's submissions (two annual reports and a
 * quarterly one) and their primary documents. The latest 10-K carries the three facts in an
 * SEC-style table "(In millions …)" and hides inline-XBRL header text as EDGAR does.
 */
export const EDGAR_CIK = 1234567;
export function edgarRoutes() {
  const archive = (accession: string, doc: string) =>
    `/Archives/edgar/data/${EDGAR_CIK}/${accession.replace(/-/g, '')}/${doc}`;
  const filingHtml = (
    revenue: string,
    margin: string,
    date: string,
  ) => `<!doctype html><html><head><title>acme-10k</title></head><body>
<div style="display:none"><ix:header><ix:hidden>Total revenue 999</ix:hidden></ix:header></div>
<p style="text-align:center"><b>ACME CORPORATION</b></p>
<p>ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934</p>
<p>Item 7. Management's Discussion and Analysis</p>
<table>
<tr><td colspan="3">(In millions, except per share amounts)</td></tr>
<tr><td>Total revenue</td><td>$</td><td>${revenue}</td></tr>
<tr><td>Gross margin</td><td></td><td>${margin}</td></tr>
<tr><td>Diluted earnings per share</td><td>$</td><td>2.15</td></tr>
</table>
<p>Report date: ${date}</p>
</body></html>`;
  return {
    '/files/company_tickers.json': JSON.stringify({
      0: { cik_str: 320193, ticker: 'AAPL', title: 'Apple Inc.' },
      1: { cik_str: EDGAR_CIK, ticker: 'ACME', title: 'Acme Corp' },
    }),
    [`/submissions/CIK${String(EDGAR_CIK).padStart(10, '0')}.json`]: JSON.stringify({
      cik: String(EDGAR_CIK),
      name: 'ACME CORP',
      fiscalYearEnd: '1231',
      filings: {
        recent: {
          accessionNumber: ['0001234567-24-000010', '0001234567-23-000030', '0001234567-23-000012'],
          filingDate: ['2024-03-05', '2023-08-01', '2023-03-01'],
          reportDate: ['2023-12-31', '2023-06-30', '2022-12-31'],
          form: ['10-K', '10-Q', '10-K'],
          primaryDocument: ['acme-20231231.htm', 'acme-20230630.htm', 'acme-20221231.htm'],
          primaryDocDescription: ['10-K', '10-Q', '10-K'],
        },
        files: [],
      },
    }),
    [archive('0001234567-24-000010', 'acme-20231231.htm')]: filingHtml('1,234.5', '45%', 'March 5, 2024'),
    [archive('0001234567-23-000012', 'acme-20221231.htm')]: filingHtml('1,000.0', '41%', 'March 1, 2023'),
    [archive('0001234567-23-000030', 'acme-20230630.htm')]: filingHtml('600.0', '44%', 'August 1, 2023'),
  };
}
