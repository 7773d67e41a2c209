import { describe, expect, it } from 'vitest';
import { decodeText, loadText } from './text';

describe('loadText', () => {
  it('numbers lines as in the source and skips blank ones', () => {
    const doc = loadText('Total revenue: $5\n\n  Gross margin:   45%  \r\nEnd');
    expect(doc.kind).toBe('text');
    // Each line is a band of the page (its anchor's box): line 3 of 4 is the third quarter.
    expect(doc.lines[1]?.box).toEqual([0, 0.5, 1, 0.75]);
    expect(doc.lines).toMatchObject([
      { text: 'Total revenue: $5', location: { line: 1 } },
      { text: 'Gross margin: 45%', location: { line: 3 } },
      { text: 'End', location: { line: 4 } },
    ]);
  });

  it('reads tab-separated fields as cells', () => {
    const doc = loadText('Net income\t\t$5 million');
    expect(doc.lines[0]).toMatchObject({
      text: 'Net income | $5 million',
      location: { line: 1 },
      cells: [
        { text: 'Net income', column: '1' },
        { text: '$5 million', column: '3' },
      ],
    });
  });

  it('decodes UTF-8 with a BOM, else Windows-1252', () => {
    expect(decodeText(Buffer.from('\uFEFFcafé', 'utf8'))).toBe('café');
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x80]))).toBe('café€');
  });
});
