import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { rasterisePdf } from '../../src/extraction';
import { reportPdf } from './render-report';
import type { PageModel } from './report-model';

/**
 * Image-only PDFs made from the table corpus (DESIGN §11): each report page is drawn as a PDF,
 * rasterised like a flatbed scan (200 dpi, a slight skew, blur, JPEG), and wrapped back into a PDF
 * that has no text layer at all, so only OCR can read it.
 */

export interface ScanOptions {
  dpi?: number;
  /** Degrees; real feeders skew up to ~1°. */
  angle?: number;
  blur?: number;
  jpegQuality?: number;
}

/** A PDF whose pages are the given images (one per page, letter size unless told). */
export async function imageOnlyPdf(
  images: { jpeg: Buffer; widthPt?: number; heightPt?: number }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const image of images) {
    const embedded = await doc.embedJpg(image.jpeg);
    const width = image.widthPt ?? 612;
    const height = image.heightPt ?? 792;
    const page = doc.addPage([width, height]);
    page.drawImage(embedded, { x: 0, y: 0, width, height });
  }
  return doc.save();
}

/** Rasterises a text PDF's pages and wraps them as an image-only PDF, degraded like a scan. */
export async function scanPdf(pdf: Uint8Array, options: ScanOptions = {}): Promise<Uint8Array> {
  const pages = await rasterisePdf(pdf, [1, 2, 3, 4], options.dpi ?? 200);
  const images = [];
  for (const page of pages) {
    let image = sharp(page.png);
    if (options.angle) image = image.rotate(options.angle, { background: '#ffffff' });
    if (options.blur) image = image.blur(options.blur);
    // Rotation grows the canvas: crop back to the page so the scale stays the same.
    const buffer = await image.toBuffer();
    const cropped = await sharp(buffer)
      .resize(page.width, page.height, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: options.jpegQuality ?? 70 })
      .toBuffer();
    images.push({ jpeg: cropped });
  }
  return imageOnlyPdf(images);
}

/** One scanned version of a report page, with a degradation picked from its index. */
export async function scannedReport(page: PageModel, index: number): Promise<Uint8Array> {
  const pdf = await reportPdf(page, index);
  return scanPdf(pdf, {
    dpi: [200, 240, 300][index % 3] as number,
    angle: [0, 0.4, -0.7, 0.9, -0.3][index % 5] as number,
    blur: index % 4 === 1 ? 0.5 : 0,
    jpegQuality: [60, 75, 85][index % 3] as number,
  });
}
