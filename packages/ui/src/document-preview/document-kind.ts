import type { FileGridResponse } from '@sieve/contracts';

/**
 * A stored document as the preview shows it (DESIGN §11), by kind: PDF, image, web page snapshot,
 * CSV/Excel grid, text; `other` and `unavailable` show no preview.
 */
export type LoadedDocument =
  | { kind: 'pdf'; bytes: ArrayBuffer }
  | { kind: 'image'; url: string; contentType: string }
  | { kind: 'html'; html: string }
  | { kind: 'grid'; grid: FileGridResponse }
  | { kind: 'text'; text: string }
  | { kind: 'other'; contentType: string }
  | { kind: 'unavailable' };

function startsWith(bytes: ArrayBuffer, signature: number[]): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(signature.length, bytes.byteLength));
  return signature.every((byte, index) => head[index] === byte);
}

/** The kind of preview for these bytes: by their magic bytes first, then by the declared type. */
export function previewKindOf(bytes: ArrayBuffer, contentType: string): LoadedDocument['kind'] {
  const type = contentType.toLowerCase();
  if (type.includes('pdf') || startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.includes('spreadsheetml') || type.includes('ms-excel') || type.includes('csv')) return 'grid';
  if (type.includes('html') || type.includes('xml')) return 'html';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}
