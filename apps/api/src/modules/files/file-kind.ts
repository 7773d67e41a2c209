import type { SniffedKind } from '../../extraction';

/** spec 02 §5 accepted types per document type, judged by content (extraction/readers/detect). */
/** Photos and scans: the web formats, a scanner's TIFF, a bitmap, a phone's HEIC. */
const IMAGES: readonly SniffedKind[] = ['jpeg', 'png', 'webp', 'tiff', 'bmp', 'heic'];

const ACCEPTED: Record<string, readonly SniffedKind[]> = {
  pdf: ['pdf'],
  csv: ['csv', 'text'],
  excel: ['xlsx', 'xls'],
  credit_card: ['pdf', ...IMAGES],
  lease: ['pdf', ...IMAGES],
  receipt_mapping: ['pdf', ...IMAGES],
  pos_mapping: ['pdf', ...IMAGES],
  admin_submit: ['pdf', 'text', 'csv', 'doc', 'docx'],
};
/** Anything a document type may take; never HTML or archives. */
const ANY: readonly SniffedKind[] = ['pdf', ...IMAGES, 'xlsx', 'xls', 'csv', 'text', 'doc', 'docx'];

export function acceptedKinds(documentType: string | undefined): readonly SniffedKind[] {
  return (documentType && ACCEPTED[documentType]) || ANY;
}
