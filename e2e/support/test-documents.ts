import type { Browser } from '@playwright/test';

/** A small PDF with the figures the heuristic extractor and the grounding tests look for. */
export async function makeFinancialPdf(
  browser: Browser,
  options: { company?: string; revenue?: string } = {},
) {
  const company = options.company ?? 'Acme Corp';
  const revenue = options.revenue ?? '$1,234.5 million';
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html><body style="font: 14px Arial, sans-serif; padding: 40px">
    <h1>${company} Annual Report</h1>
    <p>Fiscal year ended December 31, 2024</p>
    <p>Total revenue: ${revenue}</p>
    <p>Gross margin: 42%</p>
    <p>Operating expenses were managed carefully throughout the year.</p>
  </body></html>`);
  const pdf = await page.pdf({ format: 'Letter' });
  await context.close();
  return pdf;
}
