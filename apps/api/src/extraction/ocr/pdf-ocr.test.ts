import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageOnlyPdf, scanPdf } from '../../../quality/corpus/scanned-reports';
import { HeuristicProvider } from '../providers/heuristic';
import { closePdfWorkers, loadPdf } from '../readers/pdf';
import { rasterisePdf, unreadableTextLayer } from './pdf-ocr';
import { closeOcrWorkers } from './worker-pool';

/** A one-page income statement drawn as text, 9-pt figures, the way a report prints it. */
async function statementPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const draw = (text: string, x: number, y: number, f = font, size = 9, right = false) =>
    page.drawText(text, {
      x: right ? x - f.widthOfTextAtSize(text, size) : x,
      y,
      size,
      font: f,
      color: rgb(0, 0, 0),
    });
  draw('Northwind Industries', 60, 720, bold, 14);
  draw('Consolidated Statement of Income', 60, 700, bold, 11);
  draw('(in millions)', 60, 686);
  draw('2023', 430, 660, bold, 9, true);
  draw('2022', 520, 660, bold, 9, true);
  const rows: [string, string, string][] = [
    ['Revenue', '4,812.6', '4,205.1'],
    ['Cost of sales', '(2,903.4)', '(2,611.8)'],
    ['Gross profit', '1,909.2', '1,593.3'],
    ['Operating expenses', '(1,102.7)', '(998.4)'],
    ['Operating income', '806.5', '594.9'],
    ['Net income', '612.3', '441.0'],
  ];
  rows.forEach(([label, a, b], i) => {
    const y = 640 - i * 16;
    draw(label, 60, y);
    draw(a, 430, y, font, 9, true);
    draw(b, 520, y, font, 9, true);
  });
  return doc.save();
}

afterAll(async () => {
  await closeOcrWorkers();
  await closePdfWorkers();
});

describe('image-only PDF pages', { timeout: 240_000 }, () => {
  it('are rendered and OCR’d, and their tables answer data points', async () => {
    // Rasterised at 200 dpi with a slight skew and JPEG'd: no text layer is left.
    const scanned = await scanPdf(await statementPdf(), { dpi: 200, angle: 0.5, jpegQuality: 70 });
    const doc = await loadPdf(scanned);
    expect(doc.layout?.[0]?.source).toBe('ocr');
    expect(doc.layout?.[0]?.ocrConfidence).toBeGreaterThan(0.7);
    expect(doc.notes ?? []).toEqual([]);

    const { result } = await new HeuristicProvider().extract(doc, ['Net income 2023', 'Revenue 2022'], {
      documentType: 'pdf',
    });
    expect(result['Net income 2023']?.value).toBe(612_300_000);
    expect(result['Revenue 2022']?.value).toBe(4_205_100_000);
    // Anchored to the figure's place on the page (right-hand columns, upper half).
    const box = result['Net income 2023']?.anchor?.box;
    expect(result['Net income 2023']?.anchor?.page).toBe(1);
    expect(box?.[0]).toBeGreaterThan(0.5);
    expect(box?.[1]).toBeLessThan(0.4);
  });

  it('reads a page scanned sideways the right way up, its boxes on the upright page', async () => {
    const [page] = await rasterisePdf(await statementPdf(), [1], 200);
    const sideways = await sharp(page?.png).rotate(270).jpeg({ quality: 80 }).toBuffer();
    const doc = await loadPdf(await imageOnlyPdf([{ jpeg: sideways, widthPt: 792, heightPt: 612 }]));
    expect(doc.layout?.[0]?.source).toBe('ocr');
    // The upright page: portrait, as the statement was printed.
    expect(doc.layout?.[0]?.width).toBeLessThan(doc.layout?.[0]?.height ?? 0);
    const { result } = await new HeuristicProvider().extract(doc, ['Net income 2023', 'Revenue 2022'], {
      documentType: 'pdf',
    });
    expect(result['Net income 2023']?.value).toBe(612_300_000);
    expect(result['Revenue 2022']?.value).toBe(4_205_100_000);
    expect(result['Net income 2023']?.anchor?.box[0]).toBeGreaterThan(0.5);
    expect(result['Net income 2023']?.anchor?.box[1]).toBeLessThan(0.4);
  });

  it('reads a page from its image when its text layer is symbols in place of words', async () => {
    // A font without a map to Unicode: the text layer holds "#$%&" where the words are. Before,
    // those symbols were taken as the page's text and nothing was answered.
    const scanned = await PDFDocument.load(
      await scanPdf(await statementPdf(), { dpi: 200, jpegQuality: 80 }),
    );
    const font = await scanned.embedFont(StandardFonts.Helvetica);
    const page = scanned.getPage(0);
    for (let i = 0; i < 24; i++)
      page.drawText(['#$%&', "'*+", '$%#', '&&*'][i % 4] as string, {
        x: 60 + (i % 4) * 90,
        y: 640 - Math.floor(i / 4) * 16,
        size: 9,
        font,
        opacity: 0,
      });
    const doc = await loadPdf(await scanned.save());
    expect(doc.layout?.[0]?.source).toBe('ocr');
    const privateUse = (n: number) => ({
      text: String.fromCharCode(...Array.from({ length: n }, (_, k) => 0xe001 + k)),
    });
    const { result } = await new HeuristicProvider().extract(doc, ['Net income 2023'], {
      documentType: 'pdf',
    });
    expect(result['Net income 2023']?.value).toBe(612_300_000);
    expect(
      unreadableTextLayer([privateUse(12), privateUse(9), { text: 'Revenue' }, { text: '4,812.6' }]),
    ).toBe(true);
    expect(
      unreadableTextLayer([{ text: 'Revenue' }, { text: '$' }, { text: '4,812.6' }, { text: '—' }]),
    ).toBe(false);
  });

  it('says which page could not be read when a scanned page is blank', async () => {
    const blankPage = await PDFDocument.create();
    blankPage.addPage([612, 792]);
    const scanned = await scanPdf(await blankPage.save(), { dpi: 100 });
    const doc = await loadPdf(scanned);
    expect(doc.lines).toEqual([]);
    expect(doc.notes).toEqual(['The PDF page is an image and no text could be read']);
  });
});
