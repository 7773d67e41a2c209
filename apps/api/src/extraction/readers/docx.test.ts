import { describe, expect, it } from 'vitest';
import { HeuristicProvider } from '../providers/heuristic';
import { makeZip } from '../testing/zip';
import { sniffFileType } from './detect';
import { loadDocx } from './docx';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const DOCUMENT_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>
<w:p><w:r><w:t>Lease agreement</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Monthly rent: </w:t></w:r><w:r><w:t>$2,500</w:t></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Start date</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>March 5, 2024</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
<w:p/>
<w:p><w:r><w:t>Signed</w:t></w:r><w:r><w:tab/><w:t>Landlord</w:t></w:r></w:p>
</w:body></w:document>`;

const p = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const tc = (text: string) => `<w:tc>${p(text)}</w:tc>`;
const tr = (...cells: string[]) => `<w:tr>${cells.map(tc).join('')}</w:tr>`;

/** A note of two tables, each under its name and a units line, as annual reports write them. */
const TWO_TABLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>
${p('Note 7. Balance sheet components')}
${p('Other current assets (in thousands)')}
<w:tbl>${tr('', '2023', '2022')}${tr('Prepaid expenses', '89,647', '96,839')}${tr('Total', '168,101', '273,256')}</w:tbl>
${p('Accrued liabilities')}
${p('(in millions)')}
<w:tbl>${tr('', '2023', '2022')}${tr('Accrued interest', '61', '27')}${tr('Other', '65', '75')}${tr('Total', '268', '330')}</w:tbl>
</w:body></w:document>`;

function docx(documentXml = DOCUMENT_XML) {
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from(documentXml) },
  ]);
}

describe('loadDocx', () => {
  it('reads paragraphs and table rows as numbered lines', () => {
    const doc = loadDocx(docx());
    expect(doc.lines.map((l) => [l.location.line, l.text])).toEqual([
      [1, 'Lease agreement'],
      [2, 'Monthly rent: $2,500'],
      [3, 'Start date | March 5, 2024'],
      [4, 'Signed Landlord'],
    ]);
    expect(doc.lines[2]?.cells?.map((c) => c.text)).toEqual(['Start date', 'March 5, 2024']);
  });

  it('is recognised by its bytes, and an archive without a document body is refused', async () => {
    expect((await sniffFileType(docx()))?.kind).toBe('docx');
    expect(() => loadDocx(makeZip([{ name: 'a.txt', data: Buffer.from('x') }]))).toThrow(
      'The file is not a readable Word document',
    );
  });

  it('names a table by the paragraph above its units line, as an HTML page does', async () => {
    // Before: the second table was named "(in millions)", so "Accrued liabilities 2023" and
    // "Other accrued liabilities 2022" found no table and were answered "Not found".
    const doc = loadDocx(docx(TWO_TABLES_XML));
    expect(doc.layout?.[0]?.tables.map((t) => [t.title, t.scale])).toEqual([
      ['Other current assets', 'thousands'],
      ['Accrued liabilities', 'millions'],
    ]);
    const asked = ['Accrued liabilities 2023', 'Other accrued liabilities 2022', 'Prepaid expenses 2022'];
    const { result } = await new HeuristicProvider().extract(doc, asked, { documentType: 'earnings_search' });
    expect(Object.fromEntries(asked.map((d) => [d, result[d]?.value ?? null]))).toEqual({
      'Accrued liabilities 2023': 268_000_000,
      'Other accrued liabilities 2022': 75_000_000,
      'Prepaid expenses 2022': 96_839_000,
    });
  });
});
