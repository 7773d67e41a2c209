import zlib from 'node:zlib';
import { DocumentError } from '../errors';

/**
 * Zip-bomb guard for Office files (xlsx, docx are zip archives). Reads the central directory and
 * refuses archives that would expand past the limits, then inflates each entry with a hard
 * output cap so an entry that lies about its size is caught too. Runs before any parser sees
 * the bytes.
 */

export interface ZipLimits {
  /** Sum of the entries' uncompressed sizes. */
  maxUncompressedBytes?: number;
  /** Uncompressed ÷ compressed, checked once the archive expands past 1 MB. */
  maxRatio?: number;
  maxEntries?: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export const ZIP_DEFAULT_LIMITS = {
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  maxEntries: 10_000,
};
const RATIO_CHECK_FROM_BYTES = 1024 * 1024;

function readEntries(buf: Buffer, what: string): ZipEntry[] {
  const notAZip = () => new DocumentError(`The file is not a readable ${what} (damaged or not a ${what})`);
  // End of central directory: 22 bytes plus a comment of at most 65535.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notAZip();
  const count = buf.readUInt16LE(eocd + 10);
  const directorySize = buf.readUInt32LE(eocd + 12);
  const directoryOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new DocumentError(`The ${what} is too large to read (ZIP64 archive)`);
  }
  if (directoryOffset + directorySize > buf.length) throw notAZip();
  const entries: ZipEntry[] = [];
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw notAZip();
    const nameLength = buf.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) {
      throw new DocumentError(`The ${what} is too large to read (ZIP64 archive)`);
    }
    entries.push(entry);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

function megabytes(bytes: number) {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Throws DocumentError when the archive is not a zip, or would expand past the limits. */
export function checkZipBomb(bytes: Uint8Array, limits: ZipLimits = {}, what = 'workbook'): ZipEntry[] {
  const maxBytes = limits.maxUncompressedBytes ?? ZIP_DEFAULT_LIMITS.maxUncompressedBytes;
  const maxRatio = limits.maxRatio ?? ZIP_DEFAULT_LIMITS.maxRatio;
  const maxEntries = limits.maxEntries ?? ZIP_DEFAULT_LIMITS.maxEntries;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readEntries(buf, what);
  if (entries.length > maxEntries) {
    throw new DocumentError(`The ${what} has too many parts (${entries.length}) to read safely`);
  }
  const expanded = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const compressed = entries.reduce((sum, e) => sum + e.compressedSize, 0);
  const refuse = () =>
    new DocumentError(
      `The ${what} expands to more than ${megabytes(maxBytes)} or compresses suspiciously well (possible zip bomb); it was not opened`,
    );
  if (expanded > maxBytes) throw refuse();
  if (expanded > RATIO_CHECK_FROM_BYTES && expanded / Math.max(1, compressed) > maxRatio) throw refuse();

  // The directory could lie: inflate every entry with its declared size as a hard cap.
  for (const entry of entries) {
    const p = entry.localHeaderOffset;
    if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) {
      throw new DocumentError(`The file is not a readable ${what} (damaged or not a ${what})`);
    }
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const data = buf.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw refuse();
    } else if (entry.method === 8) {
      try {
        const out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
        if (out.length !== entry.uncompressedSize) throw refuse();
      } catch (error) {
        if (error instanceof DocumentError) throw error;
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw refuse();
        throw new DocumentError(`The file is not a readable ${what} (damaged or not a ${what})`);
      }
    } else {
      throw new DocumentError(
        `The ${what} uses a compression method that is not supported (${entry.method})`,
      );
    }
  }
  return entries;
}

/** The bytes of one entry (after checkZipBomb has vetted the archive). */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const p = entry.localHeaderOffset;
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
}
