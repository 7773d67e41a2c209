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

/** What to tell the requester about an OCR'd page, if anything. `what` is "Page 2" or "The image". */
export function ocrNote(what: string, words: LayoutWord[], confidence: number): string | undefined {
  const confident = words.filter((w) => (w.confidence ?? 1) >= 0.6).length;
  if (words.length === 0 || confident < MIN_CONFIDENT_WORDS) {
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
