import { fileTypeFromBuffer } from 'file-type';
import { countOutsideQuotes, detectDelimiter } from './csv';
import { decodeText } from './text';

/**
 * What a file is, by its bytes (file-type's magic numbers), never by its name: the name and
 * declared content type only tell apart formats that share bytes (CSV vs plain text).
 */

export type SniffedKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'tiff'
  | 'bmp'
  | 'heic'
  | 'xlsx'
  | 'xls'
  | 'docx'
  | 'doc'
  | 'encrypted-office'
  | 'zip'
  | 'html'
  | 'csv'
  | 'text';

export interface SniffedType {
  kind: SniffedKind;
  mediaType: string;
}

const MEDIA_TYPES: Record<SniffedKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  heic: 'image/heic',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  'encrypted-office': 'application/x-cfb',
  zip: 'application/zip',
  html: 'text/html',
  csv: 'text/csv',
  text: 'text/plain',
};

function sniffed(kind: SniffedKind): SniffedType {
  return { kind, mediaType: MEDIA_TYPES[kind] };
}

/** Old Office compound files: the directory names the main stream (UTF-16LE). */
function compoundKind(bytes: Uint8Array): SniffedKind {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.includes(Buffer.from('EncryptedPackage', 'utf16le'))) return 'encrypted-office';
  if (buf.includes(Buffer.from('WordDocument', 'utf16le'))) return 'doc';
  return 'xls';
}

/** Text, if the bytes decode to something without binary control characters. */
function asText(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return null;
  const sample = decodeText(bytes.subarray(0, 64 * 1024));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what marks binary data
  const binary = sample.match(/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/g)?.length ?? 0;
  return binary > sample.length * 0.001 + 1 ? null : sample;
}

/**
 * HTML: a whole page, or a fragment as report tables are often given (a bare `<table>`, a `<div>`,
 * a `<meta charset>` before the markup), or text that holds a table's markup, or a file named so.
 */
function looksLikeHtml(text: string, filename = ''): boolean {
  if (/\.x?html?$/i.test(filename)) return true;
  if (
    /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype html|<(?:html|head|body|table|thead|tbody|tr|div|p|span|font|center|section|article|main|header|meta|title|style|link|h[1-6])[\s>/])/i.test(
      text,
    )
  )
    return true;
  return /<table[\s>]/i.test(text) && /<\/t[dh]>/i.test(text);
}

function looksLikeCsv(text: string, hint: { filename?: string; contentType?: string }): boolean {
  if (
    /\.(csv|tsv)$/i.test(hint.filename ?? '') ||
    /text\/(csv|tab-separated-values)/i.test(hint.contentType ?? '')
  ) {
    return true;
  }
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  if (lines.length < 2) return false;
  const delimiter = detectDelimiter(text);
  const counts = lines.map((l) => countOutsideQuotes(l, delimiter));
  const first = counts[0] ?? 0;
  // (Nearly) every sampled line has the header's non-zero number of delimiters.
  return first > 0 && counts.filter((c) => c === first).length >= lines.length * 0.9;
}

export async function sniffFileType(
  bytes: Uint8Array,
  hint: { filename?: string; contentType?: string } = {},
): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.ext) {
    case 'pdf':
      return sniffed('pdf');
    case 'png':
      return sniffed('png');
    case 'jpg':
      return sniffed('jpeg');
    case 'gif':
      return sniffed('gif');
    case 'webp':
      return sniffed('webp');
    case 'tif':
      return sniffed('tiff');
    case 'bmp':
      return sniffed('bmp');
    case 'heic':
      return sniffed('heic');
    case 'xlsx':
      return sniffed('xlsx');
    case 'docx':
      return sniffed('docx');
    case 'cfb':
      return sniffed(compoundKind(bytes));
    case 'zip':
      return sniffed('zip');
    case 'xml':
    case undefined: {
      const text = asText(bytes);
      if (text === null) return null;
      if (looksLikeHtml(text, hint.filename) || /html/i.test(hint.contentType ?? '')) return sniffed('html');
      if (looksLikeCsv(text, hint)) return sniffed('csv');
      return sniffed('text');
    }
    default:
      return null;
  }
}
