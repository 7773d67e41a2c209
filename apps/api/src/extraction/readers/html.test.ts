import { describe, expect, it } from 'vitest';
import { REPORT_HTML_PAGES, REPORT_LINES } from '../testing/fixtures';
import { loadHtml, parseHtml } from './html';

describe('loadHtml', () => {
  it('keeps the visible text in reading order, one line per block, tables as "cell | cell"', () => {
    const doc = loadHtml(REPORT_HTML_PAGES['/highlights'], 'https://acme.example.com/highlights');
    expect(doc.kind).toBe('html');
    expect(doc.title).toBe('Financial highlights');
    expect(doc.sourceUrl).toBe('https://acme.example.com/highlights');
    expect(doc.lines.map((l) => l.text)).toEqual([
      'Financial highlights',
      REPORT_LINES.revenue,
      'Gross margin | 45%',
      REPORT_LINES.date,
      'Home',
    ]);
    expect(doc.lines[2]).toMatchObject({
      text: 'Gross margin | 45%',
      location: { line: 3 },
      cells: [
        { text: 'Gross margin', column: '1' },
        { text: '45%', column: '2' },
      ],
    });
  });

  it('drops scripts, styles, hidden elements and the head', () => {
    const doc = loadHtml(`<html><head><title>T</title><style>.a{}</style></head><body>
      <script>document.write("Total revenue: $9")</script>
      <div hidden>hidden attribute</div>
      <div style="display: none">display none</div>
      <div aria-hidden="true">icon</div>
      <noscript>enable JS</noscript>
      <template><p>template</p></template>
      <p>Visible <span>text</span> only</p></body></html>`);
    expect(doc.lines.map((l) => l.text)).toEqual(['Visible text only']);
  });

  it('drops footnote marks set as superscripts in table cells, so the figure stays a figure', () => {
    const doc = loadHtml(`<table>
      <tr><td>(in thousands)</td><td>2023</td><td>2022</td></tr>
      <tr><td>Revenues<sup>(1)</sup></td><td>$&#160;1,204,331<sup>(a)</sup></td><td>1,098,224</td></tr>
      <tr><td>Adjusted EBITDA<span style="vertical-align:super;font-size:6pt">2</span></td><td>310,220</td><td>287,905<sup>*</sup></td></tr>
      <tr><td>Floor area (m<sup>2</sup>)</td><td>12,500</td><td>12,100</td></tr></table>`);
    expect(doc.lines.map((l) => l.text)).toEqual([
      '(in thousands) | 2023 | 2022',
      'Revenues | $ 1,204,331 | 1,098,224',
      'Adjusted EBITDA | 310,220 | 287,905',
      'Floor area (m2) | 12,500 | 12,100',
    ]);
    const table = doc.layout?.[0]?.tables[0];
    expect(table?.cells.find((c) => c.row === 1 && c.column === 1)?.text).toBe('$ 1,204,331');
  });

  it('breaks lines at <br>, keeps <pre> lines, reads list items and headings as lines', () => {
    const doc = loadHtml(`<h2>Summary</h2><p>Line one<br>Line   two</p>
      <ul><li>First item</li><li>Second <em>item</em></li></ul>
      <pre>col A   col B
1       2</pre><dl><dt>Net income</dt><dd>$5 million</dd></dl>`);
    expect(doc.lines.map((l) => l.text)).toEqual([
      'Summary',
      'Line one',
      'Line two',
      'First item',
      'Second item',
      'col A col B',
      '1 2',
      'Net income',
      '$5 million',
    ]);
    expect(doc.lines.map((l) => l.location.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('marks header rows and keeps column positions of non-empty cells', () => {
    const doc =
      loadHtml(`<table><thead><tr><th>(in millions)</th><th></th><th>2023</th><th>2022</th></tr></thead>
      <tbody><tr><td>Net sales</td><td>$</td><td>383,285</td><td>394,328</td></tr></tbody></table>`);
    expect(doc.lines[0]).toMatchObject({ text: '(in millions) | 2023 | 2022', isHeader: true });
    expect(doc.lines[1]?.cells).toEqual([
      { text: 'Net sales', column: '1' },
      { text: '$', column: '2' },
      { text: '383,285', column: '3' },
      { text: '394,328', column: '4' },
    ]);
  });

  it('decodes bytes using the page’s declared charset', () => {
    const bytes = Buffer.concat([
      Buffer.from('<html><head><meta charset="iso-8859-1"></head><body><p>Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' revenue: 5</p></body></html>'),
    ]);
    expect(loadHtml(bytes).lines[0]?.text).toBe('Café revenue: 5');
  });
});

describe('parseHtml links', () => {
  it('resolves links against the page (or <base>), strips fragments, keeps only http(s)', () => {
    const { links } = parseHtml(
      `<a href="/a#x">a</a><a href="b.html">b</a><a href="mailto:x@y.z">m</a>
       <a href="javascript:void(0)">j</a><a href="https://other.example.org/c">c</a>`,
      'https://acme.example.com/dir/page',
    );
    expect(links).toEqual([
      'https://acme.example.com/a',
      'https://acme.example.com/dir/b.html',
      'https://other.example.org/c',
    ]);
    const withBase = parseHtml(
      '<base href="https://cdn.example.com/x/"><a href="y">y</a>',
      'https://acme.example.com/',
    );
    expect(withBase.links).toEqual(['https://cdn.example.com/x/y']);
  });
});
