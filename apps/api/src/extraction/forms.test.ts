import { existsSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedItem } from './model/types';
import { type DocumentSource, extractFromSource, type LoadDocumentDeps } from './pipeline';
import { HeuristicProvider } from './providers/heuristic';
import { startServer, type TestServer } from './testing/fixtures';
import { makeZip } from './testing/zip';

/**
 * The same page answers the same whatever form it arrives in (issue 37): a report page as a
 * website, by URL and as the PDF printed from it; a grid as CSV or XLSX, read by the same table
 * matcher and anchored to its cell; every answer anchored whatever the request type; an empty
 * result says why.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const REPORT_PAGE = `<!doctype html><html><head><title>Northwind plc annual report 2024</title>
<style>body{font-family:Helvetica,Arial,sans-serif} td,th{padding:2px 12px} td+td,th+th{text-align:right}</style>
</head><body>
<h1>Northwind plc</h1>
<h2>Annual report 2024</h2>
<p>Revenue grew in every region. The statement below is audited.</p>
<h3>Consolidated income statement</h3>
<table>
<caption>For the year ended 31 December (£ million)</caption>
<thead><tr><th></th><th>2024</th><th>2023</th></tr></thead>
<tbody>
<tr><td>Revenue</td><td>1,532.4</td><td>1,445.7</td></tr>
<tr><td>Cost of sales</td><td>(912.3)</td><td>(871.0)</td></tr>
<tr><td>Gross profit</td><td>620.1</td><td>574.7</td></tr>
<tr><td>Operating expenses</td><td>(402.8)</td><td>(388.2)</td></tr>
<tr><td>Operating profit</td><td>217.3</td><td>186.5</td></tr>
<tr><td>Profit for the year</td><td>158.9</td><td>131.2</td></tr>
</tbody></table>
<p>Registered in England and Wales.</p>
</body></html>`;

const REPORT_EXPECTED = {
  'Revenue 2024': 1_532_400_000,
  'Revenue 2023': 1_445_700_000,
  'Cost of sales 2024': -912_300_000,
  'Gross profit 2023': 574_700_000,
  'Operating profit 2024': 217_300_000,
  'Profit for the year 2023': 131_200_000,
};

const BARE_TABLE = '<table><tr><td></td><td>2024</td></tr><tr><td>Revenue</td><td>5,120</td></tr></table>';

let server: TestServer;
let deps: LoadDocumentDeps;
const heuristic = new HeuristicProvider();

beforeAll(async () => {
  server = await startServer({
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /' },
    '/report': REPORT_PAGE,
    '/bare': BARE_TABLE,
    '/about':
      '<html><head><title>About</title></head><body><p>We make widgets.</p><a href="/gone">old</a><a href="/down">down</a></body></html>',
    '/down': { status: 500, body: 'oops' },
  });
  deps = {
    allowPrivateFetch: true,
    secBaseUrl: server.url,
    secUserAgent: 'Sieve tests ops@sieve.example',
    fetchTimeoutMs: 5_000,
  };
});
afterAll(() => server.close());

async function extract(source: DocumentSource, dataPoints: string[], documentType: string) {
  const { tasks } = await extractFromSource(
    source,
    { dataPoints, documentType },
    { ...deps, provider: heuristic },
  );
  return tasks;
}

function values(result: Record<string, ExtractedItem>) {
  return Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.value]));
}

async function printToPdf(html: string): Promise<Buffer> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox'],
  });
  try {
    const tab = await browser.newPage();
    await tab.setContent(html);
    return await tab.pdf({ format: 'A4', margin: { top: '1cm', bottom: '1cm', left: '1cm', right: '1cm' } });
  } finally {
    await browser.close();
  }
}

describe('a report page answers the same in every form', () => {
  const asked = Object.keys(REPORT_EXPECTED);

  it('as a website crawl: the page keeps its table, each value anchored to its cell', async () => {
    const [task, ...more] = await extract(
      { kind: 'website', url: `${server.url}/report`, maxPages: 1 },
      asked,
      'website',
    );
    expect(more).toHaveLength(0);
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual(REPORT_EXPECTED);
    expect(result['Revenue 2024']?.anchor).toMatchObject({
      page: 1,
      row_label: 'Revenue',
      column_label: '2024',
      url: `${server.url}/report`,
    });
    expect(task?.result.notes ?? []).toEqual([]);
  });

  it('by URL, as the same HTML', async () => {
    const [task] = await extract({ kind: 'url', url: `${server.url}/report` }, asked, 'html');
    expect(values(task?.result.result ?? {})).toEqual(REPORT_EXPECTED);
  });

  it.skipIf(!existsSync(CHROMIUM))('as the PDF Chromium prints of it', { timeout: 90_000 }, async () => {
    const pdf = await printToPdf(REPORT_PAGE);
    const [task] = await extract({ kind: 'file', bytes: pdf, filename: 'report.pdf' }, asked, 'pdf');
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual(REPORT_EXPECTED);
    expect(Object.values(result).every((item) => item.anchor?.row_label)).toBe(true);
  });

  it('a bare two-row <table> answers by URL and as a website', async () => {
    const [byUrl] = await extract(
      { kind: 'url', url: `${server.url}/bare` },
      ['Revenue 2024', 'Revenue'],
      'html',
    );
    expect(values(byUrl?.result.result ?? {})).toEqual({ 'Revenue 2024': 5120, Revenue: 5120 });
    const [crawled] = await extract(
      { kind: 'website', url: `${server.url}/bare`, maxPages: 1 },
      ['Revenue 2024'],
      'website',
    );
    expect(crawled?.result.result['Revenue 2024']).toMatchObject({
      value: 5120,
      anchor: { row_label: 'Revenue', column_label: '2024' },
    });
  });
});

describe('grids (CSV, XLSX, DOCX, fixed-width text) are tables read by the table matcher', () => {
  it('a CSV asked four row × column values answers each from its cell (it answered "Not found" four times)', async () => {
    const csv = [
      'Revenue (USD thousands),2023,2024',
      'East,"1,200","1,350"',
      'West,980,"1,010"',
      'Total,"2,180","2,360"',
    ].join('\n');
    const asked = ['Revenue East 2023', 'Revenue West 2024', 'Total revenue 2024', 'Revenue East 2024'];
    const [task] = await extract(
      { kind: 'file', bytes: Buffer.from(csv), filename: 'regions.csv', csv: {} },
      asked,
      'csv',
    );
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual({
      'Revenue East 2023': 1_200_000,
      'Revenue West 2024': 1_010_000,
      'Total revenue 2024': 2_360_000,
      'Revenue East 2024': 1_350_000,
    });
    expect(result['Revenue West 2024']).toMatchObject({
      location: 'row 3, column C',
      anchor: { page: 1, row: 3, column: 'C', row_label: 'West', column_label: '2024' },
    });
  });

  it('a CSV with two header rows and sections: a heading row over its rows, a year over its halves', async () => {
    const csv = [
      'Sales by region,,,,',
      'Region,2023,,2024,',
      ',H1,H2,H1,H2',
      'Europe,,,,',
      'East,100,110,120,130',
      'West,90,95,99,101',
      'Americas,,,,',
      'East,200,210,220,230',
    ].join('\n');
    const [task] = await extract(
      { kind: 'file', bytes: Buffer.from(csv), filename: 's.csv', csv: {} },
      ['Americas East H2 2024', 'Europe West H1 2023'],
      'csv',
    );
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual({ 'Americas East H2 2024': 230, 'Europe West H1 2023': 90 });
    expect(result['Americas East H2 2024']?.anchor).toMatchObject({ row: 8, column: 'E', row_label: 'East' });
  });

  it('every sheet of a workbook: sections, units in headers, years as rows, anchored by sheet, row and column', async () => {
    const workbook = new ExcelJS.Workbook();
    const units = workbook.addWorksheet('Units');
    const unitRows = [
      ['Units sold'],
      ['Product', 2023, 2024],
      ['Hardware'],
      ['Widget A', 120, 140],
      ['Widget B', 80, 95],
      ['Services'],
      ['Support plans', 30, 35],
    ];
    const quarters = workbook.addWorksheet('Quarterly');
    const quarterRows = [
      ['Period', 'Net sales ($m)', 'Operating income ($m)'],
      ['Q1 2024', 410, 52],
      ['Q2 2024', 430, 55],
      ['Q3 2024', 455, 61],
      ['Q4 2024', 470, 64],
    ];
    for (const [sheet, rows] of [
      [units, unitRows],
      [quarters, quarterRows],
    ] as const)
      for (const [r, row] of rows.entries())
        for (const [c, value] of row.entries()) sheet.getCell(r + 1, c + 1).value = value;
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const [task] = await extract(
      { kind: 'file', bytes, filename: 'book.xlsx' },
      ['Units sold Widget A', 'Support plans 2023', 'Q3 2024 Net sales'],
      'xlsx',
    );
    const result = task?.result.result ?? {};
    expect(values(result)).toEqual({
      'Units sold Widget A': 140,
      'Support plans 2023': 30,
      'Q3 2024 Net sales': 455_000_000,
    });
    expect(result['Units sold Widget A']).toMatchObject({
      location: 'Units!C4',
      anchor: { page: 1, sheet: 'Units', row: 4, column: 'C', row_label: 'Widget A', column_label: '2024' },
    });
    expect(result['Q3 2024 Net sales']).toMatchObject({
      location: 'Quarterly!B4',
      anchor: { page: 2, sheet: 'Quarterly', row: 4, column: 'B', column_label: 'Q3 2024' },
    });
  });

  it('a Word table answers from its cell', async () => {
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>
<w:p><w:r><w:t>Segment results (in thousands)</w:t></w:r></w:p>
<w:tbl>${row('', '2024', '2023')}${row('Retail revenue', '4,210', '3,980')}${row('Wholesale revenue', '1,150', '1,020')}</w:tbl>
</w:body></w:document>`;
    const types =
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
    const docx = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from(types) },
      { name: 'word/document.xml', data: Buffer.from(xml) },
    ]);
    const [task] = await extract(
      { kind: 'file', bytes: docx, filename: 'segments.docx' },
      ['Wholesale revenue 2023'],
      'pdf',
    );
    expect(task?.result.result['Wholesale revenue 2023']).toMatchObject({
      value: 1_020_000,
      anchor: { page: 1, row_label: 'Wholesale revenue', column_label: '2023' },
    });
  });

  it('a table typed in fixed-width text answers from its cell', async () => {
    const text = [
      'ACME CORP QUARTERLY REPORT',
      '(in millions)',
      '',
      '                         2024        2023',
      'Net sales               812.4       790.1',
      'Operating income         96.3        88.7',
    ].join('\n');
    const [task] = await extract(
      { kind: 'file', bytes: Buffer.from(text), filename: 'q.txt' },
      ['Operating income 2023'],
      'pdf',
    );
    expect(task?.result.result['Operating income 2023']).toMatchObject({
      value: 88_700_000,
      anchor: { page: 1, row_label: 'Operating income', column_label: '2023' },
    });
  });
});

describe('every answer is anchored, whatever the type it was sent as', () => {
  it('a plain text PDF sent as pdf answers with anchors, as the same file sent as receipt_mapping does', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([300, 400]);
    const lines = [
      'CORNER CAFE',
      '12 High Street',
      'Date: 05/03/2024',
      'Latte 3.40',
      'Muffin 2.60',
      'Total: 6.00',
    ];
    lines.forEach((text, i) => {
      page.drawText(text, { x: 30, y: 360 - i * 18, size: 11, font });
    });
    const bytes = Buffer.from(await pdf.save());
    for (const type of ['pdf', 'receipt_mapping']) {
      const [task] = await extract({ kind: 'file', bytes, filename: 'r.pdf' }, ['Total'], type);
      const total = task?.result.result.Total;
      expect(total?.value, type).toBe(6);
      expect(total?.anchor?.page, type).toBe(1);
      // The box is on the "Total" line, the sixth of six from the top.
      const [, y0, , y1] = total?.anchor?.box ?? [0, 0, 0, 0];
      expect(y0, type).toBeGreaterThan(0.3);
      expect(y1, type).toBeLessThan(0.4);
    }
  });
});

describe('an empty result says why', () => {
  it('a page that was read but holds nothing asked, apart from linked pages that could not be loaded', async () => {
    const tasks = await extract(
      { kind: 'website', url: `${server.url}/about`, maxPages: 5 },
      ['Revenue 2024'],
      'website',
    );
    expect(tasks).toHaveLength(1);
    const notes = tasks[0]?.result.notes ?? [];
    expect(notes).toContain(
      `Nothing was found: the page ${server.url}/about was read (no table, 2 lines of text) but no labelled value in its text matches "Revenue 2024"`,
    );
    expect(notes).toContain(
      `2 linked pages could not be loaded: ${server.url}/gone (the server answered HTTP 404); ${server.url}/down (the server answered HTTP 500)`,
    );
  });

  it('a data export too big to read as a table is read by its lines, and the result says so', async () => {
    const rows = [
      'Order,Customer,Region,Amount',
      ...Array.from({ length: 2600 }, (_, i) => `A-${i},Customer ${i},East,${i}.50`),
    ];
    rows.push('Grand total,,,"3,378,700.00"');
    const [task] = await extract(
      { kind: 'file', bytes: Buffer.from(rows.join('\n')), filename: 'orders.csv', csv: {} },
      ['Grand total'],
      'csv',
    );
    expect(task?.result.result['Grand total']?.value).toBe(3_378_700);
    expect(task?.result.notes).toEqual([
      expect.stringMatching(
        /^The file holds a table of 2602 rows \(\d+ cells\): its values were read row by row, not as a table \(tables are read up to 10000 cells\)$/,
      ),
    ]);
  });

  it('a grid read but with no row asked names its tables', async () => {
    const [task] = await extract(
      { kind: 'file', bytes: Buffer.from('Region,2024\nEast,10\nWest,12\n'), filename: 'r.csv', csv: {} },
      ['Net income 2024'],
      'csv',
    );
    expect(task?.result.notes).toEqual([
      'Nothing was found: the document was read (1 table, 3 lines of text) but no table row or labelled value matches "Net income 2024"',
    ]);
  });
});
