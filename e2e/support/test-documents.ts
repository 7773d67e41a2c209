import type { Browser, Page } from '@playwright/test';

/**
 * A small PDF with the figures the heuristic extractor and the grounding tests look for. Made in
 * a new page beside a test's page (no second context to trace), or in a fresh context of a browser.
 */
export async function makeFinancialPdf(
  source: Page | Browser,
  options: { company?: string; revenue?: string } = {},
): Promise<Buffer> {
  const company = options.company ?? 'Acme Corp';
  const revenue = options.revenue ?? '$1,234.5 million';
  const isPage = 'context' in source && typeof source.context === 'function';
  const context = isPage ? (source as Page).context() : await (source as Browser).newContext();
  const page = await context.newPage();
  try {
    await page.setContent(`<!doctype html><html><body style="font: 14px Arial, sans-serif; padding: 40px">
    <h1>${company} Annual Report</h1>
    <p>Fiscal year ended December 31, 2024</p>
    <p>Total revenue: ${revenue}</p>
    <p>Gross margin: 42%</p>
    <p>Operating expenses were managed carefully throughout the year.</p>
  </body></html>`);
    return await page.pdf({ format: 'Letter' });
  } finally {
    await page.close();
    if (!isPage) await context.close();
  }
}
