import { FILE_GRID_MAX_ROWS, type FileGridResponse } from '@sieve/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { cellText, checkZipBomb, decodeText, detectDelimiter } from '../../extraction';
import { AppError } from '../../http/app-error';

/**
 * A stored CSV or workbook as the review screen's grid (DESIGN §11): the cell texts at their sheet,
 * row and column, so an item's anchor (sheet, row, column letter) names one cell of it. Cells read
 * as the extraction reads them (cellText), so the reviewer sees the value the AI saw.
 */

const SPREADSHEET_TYPES = /spreadsheetml|ms-excel/i;
const CSV_TYPES = /csv|text\/plain|tab-separated/i;

export function isGridType(contentType: string): boolean {
  return SPREADSHEET_TYPES.test(contentType) || CSV_TYPES.test(contentType);
}

function csvGrid(bytes: Uint8Array): FileGridResponse {
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    delimiter: detectDelimiter(text),
    preview: FILE_GRID_MAX_ROWS + 1,
  });
  const rows = parsed.data.map((row) => row.map((cell) => String(cell ?? '')));
  // Papa reads the newline at the end of the file as one more, empty row.
  while (rows.length > 0 && rows.at(-1)?.every((cell) => cell === '')) rows.pop();
  return {
    sheets: [
      {
        name: 'Sheet1',
        rows: rows.slice(0, FILE_GRID_MAX_ROWS),
        truncated: rows.length > FILE_GRID_MAX_ROWS,
      },
    ],
  };
}

async function workbookGrid(bytes: Uint8Array): Promise<FileGridResponse> {
  checkZipBomb(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('INVALID_FILE_TYPE', 'The workbook could not be read.');
  }
  return {
    sheets: workbook.worksheets.map((sheet) => {
      const rows: string[][] = [];
      const last = Math.min(sheet.rowCount, FILE_GRID_MAX_ROWS);
      for (let rowNumber = 1; rowNumber <= last; rowNumber++) {
        const row = sheet.getRow(rowNumber);
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
          if (cell.isMerged && cell.master !== cell) return;
          cells[columnNumber - 1] = cellText(cell.value, cell.numFmt);
        });
        rows.push(Array.from(cells, (cell) => cell ?? ''));
      }
      return { name: sheet.name, rows, truncated: sheet.rowCount > FILE_GRID_MAX_ROWS };
    }),
  };
}

export async function fileGrid(bytes: Uint8Array, contentType: string): Promise<FileGridResponse> {
  if (SPREADSHEET_TYPES.test(contentType)) return workbookGrid(bytes);
  if (CSV_TYPES.test(contentType)) return csvGrid(bytes);
  throw new AppError('INVALID_FILE_TYPE', 'This document is not a table (CSV or Excel).');
}
