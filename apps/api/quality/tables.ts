import {
  caseOf,
  formOf,
  mapPool,
  QUALITY_CONCURRENCY,
  type QualityDocument,
  type QualityReader,
  qualityReader,
} from './api-harness';
import { type HtmlStyle, reportHtml, reportPdf, reportPositionedHtml } from './corpus/render-report';
import { reportDocx } from './corpus/report-docx';
import type { PageModel } from './corpus/report-model';
import { casesOf, reportPages } from './corpus/report-pages';
import type { QualityCase, QualitySuiteReport } from './types';

/**
 * The table suite of `pnpm quality`: generated report pages in every layout, each sent as a
 * requester would (api-harness.ts): as a website page by URL (clean or EDGAR markup, or typed in
 * fixed-width text in <pre> as older filings are), as a website page converted from the PDF (runs
 * placed by position, no tables), as the primary document of a 10-K on the local EDGAR, as an
 * uploaded Word file, as an uploaded PDF drawn at positions (pdf-lib) and, where Chromium is there, as an uploaded Chromium
 * print of the HTML; every data point an analyst would ask, scored against the value the page
 * stands for.
 */

export interface TableSuiteOptions {
  pages: number;
  /** Print HTML to PDF with this Chromium too (undefined: skip that form). */
  chromiumPath?: string;
  seed?: number;
  /** How documents are sent (default: the run's reader, QUALITY_MODE). */
  reader?: QualityReader;
}

export interface RenderedDocument {
  id: string;
  form: 'html' | 'html-placed' | 'sec' | 'docx' | 'pdf' | 'pdf-chromium';
  /** The markup style of HTML and of the HTML Chromium printed. */
  style?: HtmlStyle;
  page: PageModel;
  bytes: Uint8Array;
  contentType: string;
}

/** Every document of the table corpus, in all its forms. */
export async function renderTableCorpus(options: TableSuiteOptions): Promise<RenderedDocument[]> {
  const pages = reportPages(options.pages, options.seed);
  const docs: RenderedDocument[] = [];
  for (const [i, page] of pages.entries()) {
    const style = (['clean', 'edgar', 'typed', 'filing'] as const)[i % 4] as HtmlStyle;
    docs.push({
      id: `${page.id}.html`,
      form: 'html',
      style,
      page,
      bytes: Buffer.from(reportHtml(page, style)),
      contentType: 'text/html',
    });
    docs.push({
      id: `${page.id}.placed.html`,
      form: 'html-placed',
      page,
      bytes: Buffer.from(await reportPositionedHtml(page, i)),
      contentType: 'text/html',
    });
    const filingStyle = (['filing', 'edgar', 'typed'] as const)[i % 3] as HtmlStyle;
    docs.push({
      id: `${page.id}.10-K.htm`,
      form: 'sec',
      style: filingStyle,
      page,
      bytes: Buffer.from(inFiling(reportHtml(page, filingStyle), page.company)),
      contentType: 'text/html',
    });
    docs.push({
      id: `${page.id}.docx`,
      form: 'docx',
      page,
      bytes: reportDocx(page),
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    docs.push({
      id: `${page.id}.pdf`,
      form: 'pdf',
      page,
      bytes: await reportPdf(page, i),
      contentType: 'application/pdf',
    });
  }
  if (options.chromiumPath) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: options.chromiumPath,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const tab = await browser.newPage();
      for (const [i, page] of pages.entries()) {
        const font = ['Helvetica, Arial, sans-serif', 'Georgia, serif', 'DejaVu Sans, sans-serif'][
          i % 3
        ] as string;
        const style = (['edgar', 'filing', 'clean'] as const)[i % 3] as HtmlStyle;
        await tab.setContent(reportHtml(page, style, font, true));
        const pdf = await tab.pdf({
          format: 'Letter',
          margin: { top: '0.5in', bottom: '0.5in', left: '0.5in', right: '0.5in' },
        });
        docs.push({
          id: `${page.id}.chromium.pdf`,
          form: 'pdf-chromium',
          style,
          page,
          bytes: pdf,
          contentType: 'application/pdf',
        });
      }
    } finally {
      await browser.close();
    }
  }
  return docs;
}

/** The page as the body of an annual report on EDGAR: the form's cover first, then the page. */
function inFiling(html: string, company: string): string {
  const cover = [
    '<p style="text-align:center"><b>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</b></p>',
    '<p style="text-align:center">Washington, D.C. 20549</p>',
    '<p style="text-align:center"><b>FORM 10-K</b></p>',
    '<p>ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934</p>',
    '<p>For the fiscal year ended December 31, 2023</p>',
    `<p style="text-align:center"><b>${company.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</b></p>`,
    '<p>Item 8. Financial Statements and Supplementary Data</p>',
  ].join('\n');
  return html.replace(/<body>/, `<body>\n${cover}\n`);
}

/** How a rendered document reaches the product: HTML by URL or on EDGAR, PDFs uploaded. */
export function asSent(doc: RenderedDocument): QualityDocument {
  if (doc.form === 'html' || doc.form === 'html-placed')
    return { form: 'website', html: doc.bytes, name: `${doc.page.id}.html` };
  if (doc.form === 'sec') return { form: 'sec', html: Buffer.from(doc.bytes).toString('utf8') };
  // Word files go with the document types that take any document (spec 02 §5: PDF-only types refuse them).
  if (doc.form === 'docx')
    return { form: 'upload', documentType: 'earnings_search', bytes: doc.bytes, filename: doc.id };
  return { form: 'upload', documentType: 'pdf', bytes: doc.bytes, filename: doc.id };
}

const SUITE_OF_FORM: Record<RenderedDocument['form'], string> = {
  html: 'tables-website',
  'html-placed': 'tables-website-placed',
  sec: 'tables-sec',
  docx: 'tables-docx',
  pdf: 'tables-pdf',
  'pdf-chromium': 'tables-pdf-chromium',
};

export async function runTableSuite(options: TableSuiteOptions): Promise<QualitySuiteReport> {
  const reader = options.reader ?? (await qualityReader());
  const docs = await renderTableCorpus(options);
  const documentSeconds: number[] = [];
  let done = 0;
  const perDocument = await mapPool(docs, QUALITY_CONCURRENCY, async (doc) => {
    const corpusCases = casesOf(doc.page);
    const sent = asSent(doc);
    const answers = await reader.ask(
      sent,
      corpusCases.map((c) => c.dataPoint),
    );
    if (answers.status === 'completed') documentSeconds.push(answers.seconds);
    done += 1;
    if (done % 50 === 0) console.error(`  tables: ${done} / ${docs.length} documents`);
    return corpusCases.map(
      (c): QualityCase =>
        caseOf(answers, {
          suite: `${SUITE_OF_FORM[doc.form]}${doc.style ? ` (${doc.style})` : ''}`,
          form: formOf(sent),
          document: doc.id,
          source: doc.page.id,
          kind: doc.page.kind,
          caseType: c.caseType,
          dataPoint: c.dataPoint,
          expected: c.expected,
        }),
    );
  });
  return { suite: 'tables', cases: perDocument.flat(), documentSeconds };
}
