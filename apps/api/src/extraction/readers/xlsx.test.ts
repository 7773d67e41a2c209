import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makeReportXlsx } from '../testing/fixtures';
import { makeZip } from '../testing/zip';
import { cellText, loadXlsx } from './xlsx';
import { checkZipBomb } from './zip-guard';

describe('loadXlsx', () => {
  it('reads every sheet with sheet, row and column, computed formula values, % and dates', async () => {
    const doc = await loadXlsx(await makeReportXlsx());
    expect(doc.kind).toBe('xlsx');
    expect(doc.lines.map((l) => `${l.location.sheet}!${l.location.row}: ${l.text}`)).toEqual([
      'Cover!1: Acme Corporation',
      'Cover!2: Annual report',
      'Highlights!1: Metric | Value',
      'Highlights!2: Region revenue (in millions)',
      'Highlights!3: North | 1000',
      'Highlights!4: South | 234.5',
      'Highlights!5: Total revenue | 1234.5',
      'Highlights!6: Gross margin | 45%',
      'Highlights!7: Report date | 2024-03-05',
    ]);
    expect(doc.lines[6]?.cells).toMatchObject([
      { text: 'Total revenue', column: 'A' },
      { text: '1234.5', column: 'B' },
    ]);
    expect(doc.lines[2]?.isHeader).toBe(true);
  });

  it('shows a merged range once', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.getCell('A1').value = 'Title across';
    sheet.mergeCells('A1:C1');
    const doc = await loadXlsx(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(doc.lines.map((l) => l.text)).toEqual(['Title across']);
  });

  it('turns exceljs value shapes into the text a cell shows', () => {
    expect(cellText(0.07, '0.0%')).toBe('7%');
    expect(cellText({ richText: [{ text: 'Net ' }, { text: 'sales' }] })).toBe('Net sales');
    expect(cellText({ formula: 'A1/B1', result: { error: '#DIV/0!' } } as ExcelJS.CellValue)).toBe('#DIV/0!');
    expect(cellText({ text: 'link', hyperlink: 'https://x' })).toBe('link');
    expect(cellText(new Date(Date.UTC(2024, 2, 5, 14, 30)))).toBe('2024-03-05 14:30:00');
    expect(cellText(true)).toBe('TRUE');
  });

  it('refuses legacy .xls and non-workbooks readably', async () => {
    const cfb = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(loadXlsx(cfb)).rejects.toThrow('Legacy .xls workbooks');
    await expect(loadXlsx(Buffer.from('a,b,c'))).rejects.toThrow('The file is not a readable workbook');
    await expect(loadXlsx(makeZip([{ name: 'hello.txt', data: Buffer.from('hi') }]))).rejects.toThrow(
      'The file is not a readable workbook',
    );
  });
});

describe('zip-bomb guard', () => {
  it('lets a normal workbook through', async () => {
    const entries = checkZipBomb(await makeReportXlsx());
    expect(entries.some((e) => e.name === 'xl/workbook.xml')).toBe(true);
  });

  it('refuses an archive declaring more than 100 MB uncompressed', async () => {
    const bomb = makeZip([
      { name: 'xl/a.xml', data: Buffer.alloc(1000), declaredSize: 60 * 1024 * 1024 },
      { name: 'xl/b.xml', data: Buffer.alloc(1000), declaredSize: 60 * 1024 * 1024 },
    ]);
    expect(() => checkZipBomb(bomb)).toThrow('possible zip bomb');
    await expect(loadXlsx(bomb)).rejects.toThrow(
      'The workbook expands to more than 100 MB or compresses suspiciously well (possible zip bomb); it was not opened',
    );
  });

  it('refuses a compression ratio above 100', () => {
    const zeros = makeZip([{ name: 'xl/sheet.xml', data: Buffer.alloc(5 * 1024 * 1024) }]);
    expect(() => checkZipBomb(zeros)).toThrow('possible zip bomb');
  });

  it('catches an entry that expands past the size it declares', () => {
    const liar = makeZip([
      { name: 'xl/sheet.xml', data: Buffer.alloc(2 * 1024 * 1024, 7), declaredSize: 1000 },
    ]);
    expect(() => checkZipBomb(liar)).toThrow('possible zip bomb');
  });
});
