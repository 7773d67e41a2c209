import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@sieve/contracts';

/** "PDF Document" for pdf; an unknown type as it is. */
export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type as DocumentType] ?? type;
}
