import type { LayoutWord } from '../model/layout';
import { layoutPageFromWords, textLinesFromLayout } from '../model/layout-builder';
import type { ExtractedDocument } from '../model/types';
import { type OcrOptions, ocrImage } from '../ocr/ocr';

/**
 * An image (JPEG, PNG, WebP, GIF) → one OCR'd page of the layout model, its text lines for the
 * providers, and the image itself for the LLM providers. What could not be read becomes a note
 * the requester and the reviewer see (DESIGN §11), never a silent empty document.
 */

/** Below this mean word confidence a page's text is more guess than reading. */
export const LOW_OCR_CONFIDENCE = 0.55;
/** A page needs this many confidently read words to count as text. */
const MIN_CONFIDENT_WORDS = 2;

/**
 * Whether an OCR reading is text at all: at least two words read with confidence of two letters or
 * digits or more. Shapes, a gradient or paper grain read as "|", "4", "Q", ">" are not.
 */
export function hasReadableText(words: LayoutWord[]): boolean {
  const confident = words.filter(
    (w) => (w.confidence ?? 1) >= 0.6 && (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2,
  ).length;
  return confident >= MIN_CONFIDENT_WORDS;
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

export async function loadImage(bytes: Uint8Array, options: LoadImageOptions): Promise<ExtractedDocument> {
  const ocr = await ocrImage(bytes, options);
  // Marks read from an image with no text (shapes, a gradient, grain) are no words: nothing read
  // from them may become a value, and the request fails with the note's reason.
  if (!hasReadableText(ocr.words)) ocr.words = [];
  const page = layoutPageFromWords({
    number: 1,
    source: 'ocr',
    width: ocr.width,
    height: ocr.height,
    words: ocr.words,
    ocrConfidence: ocr.confidence,
  });
  if (ocr.turn) page.turn = ocr.turn;
  const note = ocrNote('The image', ocr.words, ocr.confidence);
  const doc: ExtractedDocument = {
    kind: 'image',
    lines: textLinesFromLayout([page]),
    layout: [page],
    image: { mediaType: options.mediaType, base64: Buffer.from(bytes).toString('base64') },
  };
  if (note) doc.notes = [note];
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  return doc;
}
