import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Generates an N-page text PDF for benchmarks (`pnpm bench`: loadPdf against pdftotext): each
 * page has a heading, running prose and a small financial table, like a filing's pages.
 */
export async function generateTextPdf(pageCount: number, options: { linesPerPage?: number } = {}) {
  const linesPerPage = options.linesPerPage ?? 40;
  const doc = await PDFDocument.create();
  doc.setTitle(`Benchmark corpus (${pageCount} pages)`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const prose = [
    'The Company designs, manufactures and markets products and related services worldwide.',
    'Net sales increased during the year, driven primarily by higher volumes in every segment.',
    'Operating expenses rose modestly as the Company continued to invest in research and development.',
    'Management believes existing balances and cash from operations will satisfy its liquidity needs.',
    'Foreign currency movements had an unfavourable effect on results compared with the prior year.',
  ];
  for (let p = 1; p <= pageCount; p++) {
    const page = doc.addPage([612, 792]);
    let y = 750;
    page.drawText(`Item ${p}. Management's Discussion and Analysis (page ${p})`, {
      x: 50,
      y,
      size: 14,
      font: bold,
    });
    y -= 24;
    page.drawText('(In millions, except per share amounts)', { x: 50, y, size: 9, font });
    y -= 18;
    for (let i = 0; i < linesPerPage; i++) {
      if (y < 60) break;
      if (i % 10 === 5) {
        // A table row: label on the left, figures in columns.
        const value = ((p * 37 + i * 11) % 9000) + 1000.5;
        page.drawText(`Segment ${i} revenue`, { x: 50, y, size: 10, font });
        page.drawText(`$${value.toLocaleString('en-US')}`, { x: 380, y, size: 10, font });
        page.drawText(`$${(value * 0.9).toFixed(1)}`, { x: 480, y, size: 10, font });
      } else {
        page.drawText(prose[(p + i) % prose.length] ?? '', { x: 50, y, size: 10, font });
      }
      y -= 16;
    }
  }
  return doc.save();
}
