import ExcelJS from 'exceljs';
import { DocumentError } from '../errors';
import type { LayoutPage } from '../model/layout';
import type { ExtractedDocument, TextLine } from '../model/types';
import { type GridMerge, type GridRow, gridPage } from '../tables/grid-tables';
import { checkZipBomb, type ZipLimits } from './zip-guard';

/**
 * XLSX → a page of the layout model per sheet (its grid's tables, tables/grid-tables.ts) and one
 * line per non-empty row, cells joined by " | ", located by sheet, row and column letter. Formulas give their computed (cached) values; percentages keep their "%",
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

/** The sheet's merged ranges ("A1:C1"), 1-based. */
function mergesOf(sheet: ExcelJS.Worksheet): GridMerge[] {
  const ranges = (sheet.model as { merges?: string[] }).merges ?? [];
  const out: GridMerge[] = [];
  for (const range of ranges) {
    const m = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/i.exec(range);
    if (!m) continue;
    const col = (letters: string) =>
      [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    out.push({
      top: Number(m[2]),
      left: col(m[1] as string),
      bottom: Number(m[4]),
      right: col(m[3] as string),
    });
  }
  return out;
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

  // Each sheet is a page of the layout model: its grid's tables, its lines derived from them.
  const lines: TextLine[] = [];
  const layout: LayoutPage[] = [];
  const notes: string[] = [];
  for (const sheet of workbook.worksheets) {
    const grid: GridRow[] = [];
    let firstRow: number | undefined;
    const allText = new Map<number, boolean>();
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      let textOnly = true;
      row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
        // A merged range shows its value once, in its top-left cell.
        if (cell.isMerged && cell.master !== cell) return;
        const text = cellText(cell.value, cell.numFmt).replace(/\s+/g, ' ').trim();
        if (!text) return;
        if (
          typeof cell.value !== 'string' &&
          !(cell.value && typeof cell.value === 'object' && 'richText' in cell.value)
        ) {
          textOnly = false;
        }
        cells[columnNumber - 1] = text;
      });
      if (cells.length === 0) return;
      firstRow ??= rowNumber;
      allText.set(rowNumber, textOnly);
      grid.push({ number: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
    });
    if (grid.length === 0) continue;
    const {
      page,
      lines: sheetLines,
      notes: sheetNotes,
    } = gridPage(grid, {
      page: layout.length + 1,
      sheet: sheet.name,
      merges: mergesOf(sheet),
    });
    for (const line of sheetLines) {
      // The first row of a sheet, all text, names the columns below it.
      if (line.location.row === firstRow && allText.get(firstRow ?? 0) && (line.cells?.length ?? 0) > 1)
        line.isHeader = true;
    }
    layout.push(page);
    lines.push(...sheetLines);
    notes.push(...sheetNotes);
  }
  const doc: ExtractedDocument = { kind: 'xlsx', lines, layout };
  if (notes.length) doc.notes = notes;
  if (options.sourceUrl) doc.sourceUrl = options.sourceUrl;
  const title = workbook.title?.trim();
  if (title) doc.title = title;
  return doc;
}
