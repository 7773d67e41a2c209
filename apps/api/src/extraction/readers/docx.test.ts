import { describe, expect, it } from 'vitest';
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

function docx() {
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from(DOCUMENT_XML) },
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
});
