import { fileTypeFromBuffer } from 'file-type';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'xlsx' | 'xls' | 'doc' | 'docx' | 'text';

const MEDIA_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain',
};

export function mediaTypeOf(kind: FileKind) {
  return MEDIA_TYPES[kind];
}

/** What the bytes are, by their magic numbers (never by the name), or null when unknown. */
export async function sniffFileKind(bytes: Uint8Array, filename = ''): Promise<FileKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.ext) {
    case 'pdf':
      return 'pdf';
    case 'png':
      return 'png';
    case 'jpg':
      return 'jpeg';
    case 'xlsx':
      return 'xlsx';
    case 'docx':
      return 'docx';
    case 'cfb':
      // Old Office compound files: the name tells a workbook from a document.
      return /\.xls$/i.test(filename) ? 'xls' : 'doc';
    case undefined:
      return looksLikeText(bytes) ? 'text' : null;
    default:
      return null;
  }
}

/** UTF-8 without NULs or other control bytes (CSV, TXT). */
function looksLikeText(bytes: Uint8Array) {
  if (bytes.length === 0) return false;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control bytes is the point
    return !/[\u0000-\u0008\u000e-\u001f]/.test(text);
  } catch {
    return false;
  }
}

/** spec 02 §5 accepted types per document type, by content. */
const ACCEPTED: Record<string, readonly FileKind[]> = {
  pdf: ['pdf'],
  csv: ['text'],
  excel: ['xlsx', 'xls'],
  credit_card: ['pdf', 'jpeg', 'png'],
  lease: ['pdf', 'jpeg', 'png'],
  receipt_mapping: ['pdf', 'jpeg', 'png'],
  pos_mapping: ['pdf', 'jpeg', 'png'],
  admin_submit: ['pdf', 'text', 'doc', 'docx'],
};
const ANY: readonly FileKind[] = ['pdf', 'png', 'jpeg', 'xlsx', 'xls', 'text', 'doc', 'docx'];

export function acceptedKinds(documentType: string | undefined): readonly FileKind[] {
  return (documentType && ACCEPTED[documentType]) || ANY;
}
