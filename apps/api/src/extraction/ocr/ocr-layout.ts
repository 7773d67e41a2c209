import { ocrFactor, rounded } from '../confidence/probability';
import type { ExtractedDocument, ExtractedItem } from '../model/types';

/**
 * OCR confidence feeds item confidence (DESIGN §11): an item read from an OCR'd page is only as
 * sure as the page's reading. Items from other pages are left as they are.
 */
export function withOcrConfidence(doc: ExtractedDocument, item: ExtractedItem): ExtractedItem {
  if (item.value === null || !doc.layout?.some((p) => p.source === 'ocr')) return item;
  const pageNumber = item.anchor?.page ?? Number(/page (\d+)/.exec(item.location)?.[1] ?? 1);
  const page = doc.layout.find((p) => p.number === pageNumber);
  if (page?.source !== 'ocr') return item;
  return { ...item, confidence: rounded(item.confidence * ocrFactor(page.ocrConfidence ?? 0)) };
}
