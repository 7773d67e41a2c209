import { makeZip } from '../../src/extraction/testing/zip';
import { type PageModel, printedTable, type RowModel, type TableModel } from './report-model';

/**
 * A report page as a Word document (.docx), as a page of an annual report drafted in Word is sent:
 * the heading and prose as paragraphs, each table a Word table (header cells spanning their
 * columns, the corner text and the note column where the page has them, labels indented by
 * paragraph indent, "$" before the figures of dollar rows, a wrapped label broken over two lines).
 */

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function run(text: string, bold = false): string {
  return `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
}

function paragraph(
  text: string,
  options: { bold?: boolean; indent?: number; align?: 'right' | 'center' } = {},
) {
  const props = [
    options.indent ? `<w:ind w:left="${options.indent * 240}"/>` : '',
    options.align ? `<w:jc w:val="${options.align}"/>` : '',
  ].join('');
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${text ? run(text, options.bold) : ''}</w:p>`;
}

function cell(content: string, span = 1): string {
  return `<w:tc>${span > 1 ? `<w:tcPr><w:gridSpan w:val="${span}"/></w:tcPr>` : ''}${content}</w:tc>`;
}

function labelParagraph(row: RowModel): string {
  const bold = row.kind === 'heading' || row.kind === 'total';
  const indent = row.indent ? `<w:pPr><w:ind w:left="${row.indent * 240}"/></w:pPr>` : '';
  if (!row.wrapAt) return `<w:p>${indent}${run(row.label, bold)}</w:p>`;
  const words = row.label.split(' ');
  return `<w:p>${indent}${run(words.slice(0, row.wrapAt).join(' '), bold)}<w:r><w:br/></w:r>${run(words.slice(row.wrapAt).join(' '), bold)}</w:p>`;
}

function table(t: TableModel): string {
  const out: string[] = [];
  if (t.title) out.push(paragraph(t.title, { bold: true }));
  if (t.scaleText) out.push(paragraph(t.scaleText));
  const rows: string[] = [];
  t.headerRows.forEach((hr, i) => {
    const corner = i === t.headerRows.length - 1 && t.cornerText ? t.cornerText : '';
    const note = t.hasNoteColumn ? cell(paragraph(i === t.headerRows.length - 1 ? 'Note' : '')) : '';
    rows.push(
      `<w:tr>${cell(paragraph(corner))}${note}${hr.map((h) => cell(paragraph(h.text, { bold: true, align: 'center' }), h.span)).join('')}</w:tr>`,
    );
  });
  for (const row of t.rows) {
    const note = t.hasNoteColumn ? cell(paragraph(row.note ?? '')) : '';
    const figures =
      row.kind === 'heading'
        ? cell(paragraph(''), t.columns.length)
        : row.cells.map((c) => cell(paragraph(c && row.dollar ? `$ ${c}` : c, { align: 'right' }))).join('');
    rows.push(`<w:tr>${cell(labelParagraph(row))}${note}${figures}</w:tr>`);
  }
  out.push(`<w:tbl>${rows.join('')}</w:tbl>`);
  return out.join('');
}

export function reportDocx(page: PageModel): Buffer {
  const body: string[] = [paragraph(page.heading, { bold: true })];
  if (page.intro) body.push(paragraph(page.intro));
  if (page.sideProse?.side === 'left') for (const p of page.sideProse.paragraphs) body.push(paragraph(p));
  page.tables.map(printedTable).forEach((t, i) => {
    body.push(table(t));
    if (i < page.tables.length - 1) body.push(paragraph(''));
  });
  if (page.sideProse?.side === 'right') for (const p of page.sideProse.paragraphs) body.push(paragraph(p));
  if (page.footer) body.push(paragraph(page.footer));
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${body.join('\n')}</w:body></w:document>`;
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ]);
}
