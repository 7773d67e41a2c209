import type { ExtractedDocument } from '../src/extraction';
import { HeuristicProvider, loadBytes } from '../src/extraction';
import { type HtmlStyle, reportHtml, reportPdf, reportPositionedHtml } from './corpus/render-report';
import type { PageModel } from './corpus/report-model';
import { casesOf, reportPages } from './corpus/report-pages';
import { isCorrect, type QualityCase, type QualitySuiteReport } from './types';

/**
 * The table suite of `pnpm quality`: generated report pages in every layout, each read as HTML
 * (clean or EDGAR markup, or typed in fixed-width text in <pre> as older filings are), as HTML
 * converted from the PDF (runs placed by position, no tables), as a PDF drawn at positions (pdf-lib) and, where Chromium is there, as
 * Chromium's print of the HTML; every data point an analyst would ask, scored against the value
 * the page stands for.
 */

export interface TableSuiteOptions {
  pages: number;
  /** Print HTML to PDF with this Chromium too (undefined: skip that form). */
  chromiumPath?: string;
  seed?: number;
}

export interface RenderedDocument {
  id: string;
  form: 'html' | 'html-placed' | 'pdf' | 'pdf-chromium';
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

export async function runTableSuite(options: TableSuiteOptions): Promise<QualitySuiteReport> {
  const provider = new HeuristicProvider();
  const docs = await renderTableCorpus(options);
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  for (const doc of docs) {
    const corpusCases = casesOf(doc.page);
    const t0 = performance.now();
    let extracted: ExtractedDocument;
    try {
      extracted = await loadBytes(doc.bytes, { contentType: doc.contentType });
    } catch (error) {
      for (const c of corpusCases)
        cases.push({
          suite: `tables-${doc.form}${doc.style ? ` (${doc.style})` : ''}`,
          document: doc.id,
          kind: doc.page.kind,
          caseType: c.caseType,
          dataPoint: c.dataPoint,
          expected: c.expected,
          value: `ERROR ${(error as Error).message}`,
          correct: false,
          confidence: 0,
          hasSourceText: false,
        });
      continue;
    }
    const result = await provider.extract(
      extracted,
      corpusCases.map((c) => c.dataPoint),
      { documentType: doc.form.startsWith('html') ? 'html' : 'pdf' },
    );
    documentSeconds.push((performance.now() - t0) / 1000);
    for (const c of corpusCases) {
      const item = result.result[c.dataPoint];
      cases.push({
        suite: `tables-${doc.form}${doc.style ? ` (${doc.style})` : ''}`,
        document: doc.id,
        kind: doc.page.kind,
        caseType: c.caseType,
        dataPoint: c.dataPoint,
        expected: c.expected,
        value: item?.value ?? null,
        correct: isCorrect(c.expected, item?.value ?? null) && (c.expected !== null || !!item?.source_text),
        confidence: item?.confidence ?? 0,
        hasSourceText: !!item?.source_text,
      });
    }
  }
  return { suite: 'tables', cases, documentSeconds };
}
