import type { SniffedKind } from '../../extraction';

/** spec 02 §5 accepted types per document type, judged by content (extraction/readers/detect). */
const ACCEPTED: Record<string, readonly SniffedKind[]> = {
  pdf: ['pdf'],
  csv: ['csv', 'text'],
  excel: ['xlsx', 'xls'],
  credit_card: ['pdf', 'jpeg', 'png'],
  lease: ['pdf', 'jpeg', 'png'],
  receipt_mapping: ['pdf', 'jpeg', 'png'],
  pos_mapping: ['pdf', 'jpeg', 'png'],
  admin_submit: ['pdf', 'text', 'csv', 'doc', 'docx'],
};
/** Anything a document type may take; never HTML or archives. */
const ANY: readonly SniffedKind[] = ['pdf', 'png', 'jpeg', 'xlsx', 'xls', 'csv', 'text', 'doc', 'docx'];

export function acceptedKinds(documentType: string | undefined): readonly SniffedKind[] {
  return (documentType && ACCEPTED[documentType]) || ANY;
}
