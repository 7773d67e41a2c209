import ExcelJS from 'exceljs';
import { DocumentError } from '../errors';
import { columnLetter } from '../model/location';
import type { ExtractedDocument, TextCell, TextLine } from '../model/types';
import { checkZipBomb, type ZipLimits } from './zip-guard';

/**
 * XLSX → one line per non-empty row of every sheet, cells joined by " | ", located by sheet, row
 * and column letter. Formulas give their computed (cached) values; percentages keep their "%",
 * dates become ISO dates, so the formatting guidelines read them right.
 */

export interface XlsxOptions extends ZipLimits {
  sourceUrl?: string;
}

function isoDate(date: Date): string {
  const day = date.toISOString().slice(0, 10);
  const time = date.toISOString().slice(11, 19);
  return time === '00:00:00' ? day : `${day} ${time}`;
}

function numberText(value: number, numFmt: string | undefined): string {
  if (numFmt?.includes('%')) {
    // 0.45 shown as 45%: rounded to 12 significant digits so 0.07 * 100 reads 7, not 7.000000000000001.
    return `${Number((value * 100).toPrecision(12))}%`;
  }
  return String(value);
}

/** The text a cell shows, from exceljs's value shapes. */
export function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result && typeof result === 'object' && 'error' in result)
        return String((result as { error: unknown }).error);
      return cellText((result ?? null) as ExcelJS.CellValue, numFmt);
    }
    if ('hyperlink' in value) {
      const text = (value as { text?: unknown }).text;
      return typeof text === 'string' ? text : cellText((text ?? null) as ExcelJS.CellValue, numFmt);
    }
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

function isZip(bytes: Uint8Array) {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function isCompoundFile(bytes: Uint8Array) {
  return Buffer.from(bytes.subarray(0, 8)).equals(
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  );
}

export async function loadXlsx(bytes: Uint8Array, options: XlsxOptions = {}): Promise<ExtractedDocument> {
  if (isCompoundFile(bytes)) {
    throw new DocumentError(
      'Legacy .xls workbooks (or password-protected workbooks) cannot be read; save it as an unprotected .xlsx and upload again',
    );
  }
  if (!isZip(bytes))
    throw new DocumentError('The file is not a readable workbook (damaged or not a workbook)');
  const entries = checkZipBomb(bytes, options);
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
    throw new DocumentError('The file is not a readable workbook (damaged or not a workbook)');
  }

  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings want a Node Buffer (of its own @types/node generation).
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw new DocumentError('The file is not a readable workbook (damaged or not a workbook)', {
      cause: error,
    });
  }

  const lines: TextLine[] = [];
  for (const sheet of workbook.worksheets) {
    let firstRow = true;
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: TextCell[] = [];
      let allText = true;
      row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
        // A merged range shows its value once, in its top-left cell.
        if (cell.isMerged && cell.master !== cell) return;
        const text = cellText(cell.value, cell.numFmt).replace(/\s+/g, ' ').trim();
        if (!text) return;
        if (
          typeof cell.value !== 'string' &&
          !(cell.value && typeof cell.value === 'object' && 'richText' in cell.value)
        ) {
          allText = false;
        }
        cells.push({ text, column: columnLetter(columnNumber) });
      });
      if (cells.length === 0) return;
      const line: TextLine = {
        text: cells.map((c) => c.text).join(' | '),
        location: { sheet: sheet.name, row: rowNumber },
        cells,
      };
      // The first row of a sheet, all text, names the columns below it.
      if (firstRow && allText && cells.length > 1) line.isHeader = true;
      firstRow = false;
      lines.push(line);
    });
  }
  const doc: ExtractedDocument = { kind: 'xlsx', lines };
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  const title = workbook.title?.trim();
  if (title) doc.title = title;
  return doc;
}
