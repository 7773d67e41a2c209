import { decode as decodeBmp } from 'bmp-ts';
import sharp from 'sharp';
import { DocumentError } from '../errors';
import type { LayoutPage, LayoutWord } from '../model/layout';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument } from '../model/types';
import { type OcrOptions, ocrImage } from '../ocr/ocr';

/**
 * An image (JPEG, PNG, WebP, GIF, TIFF, BMP, HEIC) → its OCR'd pages of the layout model, its text lines for the
 * providers, and the image itself for the LLM providers. What could not be read becomes a note
 * the requester and the reviewer see (DESIGN §11), never a silent empty document.
 */

/** Below this mean word confidence a page's text is more guess than reading. */
export const LOW_OCR_CONFIDENCE = 0.55;
/** A page needs this many confidently read words to count as text. */
const MIN_CONFIDENT_WORDS = 2;
/**
 * …and this share of its words read confidently. Paper grain can be read as hundreds of "words",
 * a handful of them by chance with confidence (1 % of 449 on a photographed blank sheet); the
 * faintest real receipts of the development set have over a third of their words so read.
 */
const MIN_CONFIDENT_SHARE = 0.1;

/**
 * Whether an OCR reading is text at all: words read with confidence of two letters or digits or
 * more, at least two of them and a tenth of all. Shapes, a gradient or paper grain read as "|",
 * "4", "Q", ">" or a scatter of letter-like marks are not.
 */
export function hasReadableText(words: LayoutWord[]): boolean {
  const confident = words.filter(
    (w) => (w.confidence ?? 1) >= 0.6 && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2,
  ).length;
  return confident >= MIN_CONFIDENT_WORDS && confident >= MIN_CONFIDENT_SHARE * words.length;
}

/** What to tell the requester about an OCR'd page, if anything. `what` is "Page 2" or "The image". */
export function ocrNote(what: string, words: LayoutWord[], confidence: number): string | undefined {
  if (words.length === 0 || !hasReadableText(words)) {
    return what === 'The image'
      ? 'The image has no text that could be read (it may be blank, too blurred or too small)'
      : `${what} is an image and no text could be read`;
  }
  if (confidence < LOW_OCR_CONFIDENCE) {
    return `${what} is hard to read (blurred or faint); the values read from it may be wrong`;
  }
  return undefined;
}

export interface LoadImageOptions extends OcrOptions {
  mediaType: string;
  sourceUrl?: string;
}

/** Pages of a multi-page TIFF read at most (a fax or a scanner's batch); the rest is said in a note. */
export const MAX_IMAGE_PAGES = 50;

interface ImagePage {
  bytes: Buffer;
  mediaType: string;
}

/** Raw RGBA pixels as a PNG the recogniser and the AI providers take. */
function rgbaPng(data: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .removeAlpha()
    .png()
    .toBuffer();
}

/**
 * The pages of an image file as images the recogniser reads: a multi-page TIFF page by page, BMP
 * and HEIC (a phone's photo) decoded to PNG; the web formats as they came.
 */
async function imagePages(
  bytes: Uint8Array,
  mediaType: string,
): Promise<{ pages: ImagePage[]; total: number }> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (mediaType) {
      case 'image/tiff': {
        const total = (await sharp(buffer).metadata()).pages ?? 1;
        const pages: ImagePage[] = [];
        for (let page = 0; page < Math.min(total, MAX_IMAGE_PAGES); page++)
          pages.push({ bytes: await sharp(buffer, { page }).png().toBuffer(), mediaType: 'image/png' });
        return { pages, total };
      }
      case 'image/bmp': {
        const bmp = decodeBmp(buffer, { toRGBA: true });
        // 24-bit bitmaps carry no alpha: every pixel is opaque.
        return {
          pages: [{ bytes: await rgbaPng(bmp.data, bmp.width, bmp.height), mediaType: 'image/png' }],
          total: 1,
        };
      }
      case 'image/heic': {
        const { default: decodeHeic } = await import('heic-decode');
        const image = await decodeHeic({ buffer });
        return {
          pages: [{ bytes: await rgbaPng(image.data, image.width, image.height), mediaType: 'image/png' }],
          total: 1,
        };
      }
      default:
        return { pages: [{ bytes: buffer, mediaType }], total: 1 };
    }
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('The image file is damaged or in a form that cannot be opened', { cause: error });
  }
}

export async function loadImage(bytes: Uint8Array, options: LoadImageOptions): Promise<ExtractedDocument> {
  const { pages: images, total } = await imagePages(bytes, options.mediaType);
  const many = images.length > 1;
  const layout: LayoutPage[] = [];
  const notes: string[] = [];
  for (const [index, image] of images.entries()) {
    const ocr = await ocrImage(image.bytes, options);
    // Marks read from an image with no text (shapes, a gradient, grain) are no words: nothing read
    // from them may become a value, and the request fails with the note's reason.
    if (!hasReadableText(ocr.words)) ocr.words = [];
    const page = layoutPageFromWords({
      number: index + 1,
      source: 'ocr',
      width: ocr.width,
      height: ocr.height,
      words: ocr.words,
      ocrConfidence: ocr.confidence,
    });
    if (ocr.turn) page.turn = ocr.turn;
    layout.push(page);
    const note = ocrNote(many ? `Page ${index + 1}` : 'The image', ocr.words, ocr.confidence);
    if (note) notes.push(note);
  }
  if (many && layout.every((page) => page.words.length === 0))
    notes.splice(
      0,
      notes.length,
      'The image has no text that could be read (it may be blank, too blurred or too small)',
    );
  if (total > images.length)
    notes.push(`Only the first ${images.length} of the image's ${total} pages were read`);
  const first = images[0] as ImagePage;
  const doc: ExtractedDocument = {
    kind: 'image',
    lines: textLinesFromLayout(layout),
    layout,
    image: { mediaType: first.mediaType, base64: first.bytes.toString('base64') },
  };
  if (notes.length > 0) doc.notes = notes;
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  return doc;
}
