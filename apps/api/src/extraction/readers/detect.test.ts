import { describe, expect, it } from 'vitest';
import { makeReportPdf, makeReportXlsx, REPORT_CSV } from '../testing/fixtures';
import { sniffFileType } from './detect';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

function compoundFile(stream: string) {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(504), Buffer.from(stream, 'utf16le'), Buffer.alloc(1024)]);
}

describe('sniffFileType', () => {
  it.each([
    ['a PDF', async () => makeReportPdf(), 'pdf'],
    ['a PNG', async () => PNG, 'png'],
    ['a JPEG', async () => JPEG, 'jpeg'],
    ['an XLSX', async () => makeReportXlsx(), 'xlsx'],
    ['an old Excel workbook', async () => compoundFile('Workbook'), 'xls'],
    ['an old Word document', async () => compoundFile('WordDocument'), 'doc'],
    ['a CSV', async () => Buffer.from(REPORT_CSV), 'csv'],
    ['an HTML page', async () => Buffer.from('<!DOCTYPE html><html><body>x</body></html>'), 'html'],
    [
      'a bare HTML table, as report tables are given',
      async () =>
        Buffer.from('<table>\n<tr><td></td><td>2019</td></tr>\n<tr><td>Revenue</td><td>5</td></tr></table>'),
      'html',
    ],
    [
      "a table's markup after a caption",
      async () => Buffer.from('Table 3: Revenue\n<table><tr><td>Revenue</td><td>5</td></tr></table>'),
      'html',
    ],
    [
      'an old filing with SGML tables',
      async () => Buffer.from('<DOCUMENT>\n<TYPE>10-K\n<TEXT>\n<TABLE>\n<S>  Revenue  <C> 5\n</TABLE>'),
      'text',
    ],
    ['plain text', async () => Buffer.from('Total revenue: $5 million.\nThat is all.'), 'text'],
  ] as const)('recognises %s by its bytes', async (_name, make, kind) => {
    expect((await sniffFileType(await make()))?.kind).toBe(kind);
  });

  it('does not trust the name: a PDF named .csv is a PDF', async () => {
    expect(await sniffFileType(await makeReportPdf(), { filename: 'data.csv' })).toEqual({
      kind: 'pdf',
      mediaType: 'application/pdf',
    });
  });

  it('reads a text file named .html as HTML, and a PDF named .html as a PDF', async () => {
    expect(
      (await sniffFileType(Buffer.from('Revenue 2019: <b>5</b>'), { filename: 'page.html' }))?.kind,
    ).toBe('html');
    expect((await sniffFileType(await makeReportPdf(), { filename: 'page.html' }))?.kind).toBe('pdf');
  });

  it('uses the name only between text formats', async () => {
    expect((await sniffFileType(Buffer.from('single column\nvalue'), { filename: 'list.csv' }))?.kind).toBe(
      'csv',
    );
    expect((await sniffFileType(Buffer.from('single column\nvalue')))?.kind).toBe('text');
  });

  it('returns null for unknown binary data', async () => {
    expect(await sniffFileType(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 9, 200, 3, 0, 1]))).toBeNull();
    expect(await sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});
