import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcrWorkers } from './ocr/worker-pool';
import {
  type DocumentSource,
  extractFromSource,
  type LoadDocumentDeps,
  loadDocument,
  sourceFromRequest,
  taskDocuments,
} from './pipeline';
import { HeuristicProvider } from './providers/heuristic';
import {
  DATA_POINTS,
  EDGAR_CIK,
  EXPECTED,
  edgarRoutes,
  makeReportPdf,
  makeReportXlsx,
  REPORT_CSV,
  REPORT_HTML_PAGES,
  REPORT_LINES,
  startServer,
  type TestServer,
} from './testing/fixtures';

let site: TestServer;
let edgar: TestServer;
let deps: LoadDocumentDeps;
const heuristic = new HeuristicProvider();

beforeAll(async () => {
  const pdf = Buffer.from(await makeReportPdf());
  site = await startServer({
    ...REPORT_HTML_PAGES,
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /' },
    '/files/report.pdf': { type: 'application/pdf', body: pdf },
    '/files/report.csv': { type: 'text/csv', body: REPORT_CSV },
    '/files/octet': { type: 'application/octet-stream', body: pdf },
  });
  edgar = await startServer(edgarRoutes());
  deps = {
    allowPrivateFetch: true,
    secBaseUrl: edgar.url,
    secUserAgent: 'Sieve tests ops@sieve.example',
    fetchTimeoutMs: 5_000,
  };
});
afterAll(async () => {
  await site.close();
  await edgar.close();
  await closeOcrWorkers();
});

async function extract(source: DocumentSource, dataPoints = DATA_POINTS, documentType = 'pdf') {
  const { tasks } = await extractFromSource(
    source,
    { dataPoints, documentType },
    { ...deps, provider: heuristic },
  );
  return tasks;
}

function values(result: Record<string, { value: unknown }>) {
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value]));
}

describe('the three facts, from every kind of source (heuristic provider)', () => {
  it('a 2-page PDF: values normalised, source text and page 2 in the location', async () => {
    const [task] = await extract({ kind: 'file', bytes: await makeReportPdf(), filename: 'report.pdf' });
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual(EXPECTED);
    expect(result.total_revenue).toEqual({
      value: 1234500000,
      location: 'page 2, line 3',
      source_text: REPORT_LINES.revenue,
      source_url: null,
      confidence: 0.97,
      // A labelled line's value is anchored like a table cell: its page and the box of its words.
      anchor: { page: 2, box: expect.any(Array) },
      // DESIGN §13: a plain data point's type is inferred from its name; money carries its currency.
      type: 'money',
      currency: 'USD',
    });
    const [x0, y0, x1, y1] = result.total_revenue?.anchor?.box ?? [0, 0, 0, 0];
    // The value's words ("$1,234.5 million"), right of the label, on the line 690 pt up the page.
    expect(x0).toBeGreaterThan(0.15);
    expect(x1).toBeLessThan(0.5);
    expect(y0).toBeGreaterThan(0.1);
    expect(y1).toBeLessThan(0.15);
    expect(result.gross_margin).toMatchObject({
      location: 'page 2, line 4',
      source_text: REPORT_LINES.margin,
    });
    expect(result.report_date).toMatchObject({ location: 'page 2, line 5', source_text: REPORT_LINES.date });
    expect(task?.result.confidence_score).toBeCloseTo(Math.log(0.97), 4);
    expect(task?.result.provider).toBe('heuristic');
  });

  it('a website crawled from a local server: one task per page, the facts on the linked page', async () => {
    const tasks = await extract(
      { kind: 'website', url: `${site.url}/`, maxPages: 2 },
      DATA_POINTS,
      'website',
    );
    expect(tasks.map((t) => t.document.sourceUrl)).toEqual([`${site.url}/`, `${site.url}/highlights`]);
    const [home, highlights] = tasks;
    expect(values(highlights?.result.result ?? {})).toEqual(EXPECTED);
    expect(highlights?.result.result.total_revenue).toMatchObject({
      source_text: REPORT_LINES.revenue,
      source_url: `${site.url}/highlights`,
      location: 'line 2',
    });
    expect(highlights?.result.result.gross_margin).toMatchObject({
      source_text: 'Gross margin | 45%',
      location: 'line 3, column 2',
    });
    expect(highlights?.name).toBe('Financial highlights');
    // The home page states none of them (its script's decoy is not text): nothing found.
    expect(values(home?.result.result ?? {})).toEqual({
      total_revenue: null,
      gross_margin: null,
      report_date: null,
    });
    expect(home?.result.confidence_score).toBe(-10);
  });

  it('a CSV (uploaded, and by URL)', async () => {
    for (const source of [
      { kind: 'file', bytes: Buffer.from(REPORT_CSV), filename: 'report.csv', csv: { hasHeaders: true } },
      { kind: 'url', url: `${site.url}/files/report.csv` },
    ] as DocumentSource[]) {
      const [task] = await extract(source, DATA_POINTS, 'csv');
      expect(values(task?.result.result ?? {})).toEqual(EXPECTED);
      expect(task?.result.result.total_revenue).toMatchObject({
        location: 'row 2, column B',
        source_text: 'Total revenue | $1,234.5 million | audited',
      });
    }
  });

  it('an XLSX generated with exceljs ("in millions" stated above the figures)', async () => {
    const [task] = await extract(
      { kind: 'file', bytes: await makeReportXlsx(), filename: 'report.xlsx' },
      DATA_POINTS,
      'excel',
    );
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual(EXPECTED);
    expect(result.total_revenue).toMatchObject({
      location: 'Highlights!B5',
      source_text: 'Total revenue | 1234.5',
    });
    expect(result.gross_margin).toMatchObject({
      location: 'Highlights!B6',
      source_text: 'Gross margin | 45%',
    });
    expect(result.report_date).toMatchObject({ location: 'Highlights!B7' });
  });

  it('an SEC filing from a local EDGAR fixture server', async () => {
    const [task] = await extract(
      { kind: 'sec', ticker: 'ACME', filingType: '10-K', fiscalPeriod: '2023' },
      DATA_POINTS,
      'sec',
    );
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual(EXPECTED);
    expect(result.total_revenue).toMatchObject({
      source_text: 'Total revenue | $ | 1,234.5',
      source_url: `${edgar.url}/Archives/edgar/data/${EDGAR_CIK}/000123456724000010/acme-20231231.htm`,
      // Read from the filing's table by the HTML reader, as an uploaded page would be.
      anchor: { page: 1, row_label: 'Total revenue' },
    });
    expect(task?.name).toBe('ACME CORP 10-K for the period ended 2023-12-31 (filed 2024-03-05)');
  });

  it('a PDF by URL, routed by its bytes whatever the server calls it', async () => {
    const [task] = await extract({ kind: 'url', url: `${site.url}/files/octet` });
    expect(values(task?.result.result ?? {})).toEqual(EXPECTED);
    expect(task?.result.result.total_revenue?.source_url).toBe(`${site.url}/files/octet`);
  });
});

describe('loadDocument', () => {
  it('refuses private addresses unless ALLOW_PRIVATE_FETCH is on', async () => {
    await expect(
      loadDocument(
        { kind: 'url', url: `${site.url}/files/report.pdf` },
        { ...deps, allowPrivateFetch: false },
      ),
    ).rejects.toThrow(`Refused to fetch ${site.url}/files/report.pdf: loopback address 127.0.0.1`);
  });

  it('reports a missing URL readably', async () => {
    await expect(loadDocument({ kind: 'url', url: `${site.url}/nope.pdf` }, deps)).rejects.toThrow(
      `Could not fetch ${site.url}/nope.pdf: the server answered HTTP 404`,
    );
  });

  it('reads images with OCR, keeps them for AI providers, and refuses unknown files', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const image = await loadDocument({ kind: 'file', bytes: png }, deps);
    expect(image).toMatchObject({
      kind: 'image',
      lines: [],
      image: { mediaType: 'image/png', base64: png.toString('base64') },
      notes: [expect.stringContaining('no text that could be read')],
    });
    await expect(
      loadDocument({ kind: 'file', bytes: Buffer.from([0, 1, 2, 3, 0, 0, 7, 8, 9, 0]) }, deps),
    ).rejects.toThrow('The file type is not supported');
    await expect(loadDocument({ kind: 'text', text: '  ' }, deps)).rejects.toThrow(
      'The document text is empty',
    );
  });

  it('reads custom-prompt text line by line', async () => {
    const doc = await loadDocument(
      { kind: 'text', text: `${REPORT_LINES.revenue}\n${REPORT_LINES.margin}` },
      deps,
    );
    expect(doc.lines.map((l) => l.location.line)).toEqual([1, 2]);
  });
});

describe('types that must not pretend (issue 12)', () => {
  it('refuses an earnings search whose only document is the query text', async () => {
    await expect(
      extractFromSource(
        { kind: 'text', text: 'Apple Q3 2024 revenue' },
        { dataPoints: ['Revenue'], documentType: 'earnings_search' },
        { ...deps, provider: heuristic },
      ),
    ).rejects.toThrow('Earnings search reads an earnings release or filing you give it');
  });

  it('says a custom prompt was not followed without an AI provider, and still reads the labels', async () => {
    const { tasks } = await extractFromSource(
      { kind: 'text', text: REPORT_LINES.revenue },
      { dataPoints: ['total_revenue'], documentType: 'custom_prompt', customPrompt: 'Only in euros' },
      { ...deps, provider: heuristic },
    );
    const result = tasks[0]?.result;
    expect(result?.notes).toEqual([expect.stringContaining('The custom prompt was not followed')]);
    expect(result?.result.total_revenue?.value).toBe(EXPECTED.total_revenue);
  });
});

describe('request metadata → source', () => {
  it('maps each document type to its source', () => {
    const bytes = Buffer.from('a,b');
    expect(
      sourceFromRequest('sec', { ticker: 'AAPL', filing_type: '10-Q', fiscal_period: '2023-Q2' }),
    ).toEqual({
      kind: 'sec',
      ticker: 'AAPL',
      filingType: '10-Q',
      fiscalPeriod: '2023-Q2',
    });
    expect(
      sourceFromRequest('website', { url: 'https://x.example/', max_pages: 5, include_subdomains: true }),
    ).toEqual({
      kind: 'website',
      url: 'https://x.example/',
      maxPages: 5,
      includeSubdomains: true,
    });
    expect(sourceFromRequest('csv', { has_headers: false, columns: ['A'] }, { bytes })).toEqual({
      kind: 'file',
      bytes,
      csv: { hasHeaders: false, columns: ['A'] },
    });
    expect(sourceFromRequest('pdf', { url: 'https://x.example/a.pdf' })).toEqual({
      kind: 'url',
      url: 'https://x.example/a.pdf',
    });
    expect(sourceFromRequest('custom_prompt', { text: 'hello' })).toEqual({ kind: 'text', text: 'hello' });
    expect(() => sourceFromRequest('pdf', {})).toThrow('The request has no document');
  });

  it('splits a crawl into one task document per page', () => {
    const docs = taskDocuments({
      kind: 'website',
      lines: [],
      pages: [
        { url: 'https://a/', title: 'A', lines: [{ text: 'x', location: { line: 1, url: 'https://a/' } }] },
        { url: 'https://a/b', title: 'B', lines: [] },
      ],
    });
    expect(docs.map((d) => [d.sourceUrl, d.title, d.lines.length])).toEqual([
      ['https://a/', 'A', 1],
      ['https://a/b', 'B', 0],
    ]);
  });
});
