import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../model/types';
import { HeuristicProvider } from '../providers/heuristic';
import { loadHtml } from '../readers/html';
import { closePdfWorkers, loadPdf } from '../readers/pdf';

/**
 * Annual-report tables as real reports print them (issue 38): the scale stated outside the
 * table's caption, a percentage row among amounts, decorated labels, dates printed without a
 * space, a dash for nothing. Each page is written here by hand, and read both as HTML and as a
 * PDF drawn at positions.
 */

afterAll(() => closePdfWorkers());

interface HandPage {
  above?: string[];
  /** Header rows then body rows; the first cell of each is the label. */
  header: string[][];
  rows: string[][];
  below?: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function html(page: HandPage): ExtractedDocument {
  const row = (cells: string[], tag: string) =>
    `<tr>${cells.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('')}</tr>`;
  return loadHtml(`<html><body>
    ${(page.above ?? []).map((p) => `<p>${esc(p)}</p>`).join('\n')}
    <table>${page.header.map((h) => row(h, 'th')).join('')}${page.rows.map((r) => row(r, 'td')).join('')}</table>
    ${(page.below ?? []).map((p) => `<p>${esc(p)}</p>`).join('\n')}
  </body></html>`);
}

async function pdf(page: HandPage): Promise<ExtractedDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([612, 792]);
  let y = 740;
  const size = 9;
  for (const text of page.above ?? []) {
    p.drawText(text, { x: 50, y, size, font });
    y -= 24;
  }
  // Columns as wide as their widest text, figures and headings set flush right, as table cells print.
  const all = [...page.header, ...page.rows];
  const width = (c: number) => Math.max(...all.map((r) => font.widthOfTextAtSize(r[c] ?? '', size)));
  const edges: number[] = [];
  let x = 50 + width(0) + 10;
  for (let c = 1; c < Math.max(...all.map((r) => r.length)); c++) {
    x += width(c) + 18;
    edges.push(x);
  }
  const right = (c: number) => edges[c] as number;
  for (const r of [...page.header, ...page.rows]) {
    if (r[0]) p.drawText(r[0], { x: 50, y, size, font });
    r.slice(1).forEach((text, i) => {
      if (text) p.drawText(text, { x: right(i) - font.widthOfTextAtSize(text, size), y, size, font });
    });
    y -= 14;
  }
  y -= 10;
  for (const text of page.below ?? []) {
    p.drawText(text, { x: 50, y, size, font });
    y -= 14;
  }
  return loadPdf(await doc.save());
}

async function ask(doc: ExtractedDocument, dataPoints: string[], type: 'html' | 'pdf') {
  const { result } = await new HeuristicProvider().extract(doc, dataPoints, { documentType: type });
  return result;
}

async function bothForms(page: HandPage, dataPoints: string[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [form, doc] of [
    ['html', html(page)],
    ['pdf', await pdf(page)],
  ] as const) {
    const result = await ask(doc, dataPoints, form);
    out[form] = Object.fromEntries(dataPoints.map((d) => [d, result[d]?.value ?? null]));
  }
  return out;
}

describe('the scale stated by a sentence just above the table', () => {
  it('scales the figures the sentence introduces', async () => {
    const page: HandPage = {
      above: ['The following table summarizes our deferred revenue balances (in thousands):'],
      header: [['', '2021', '2020']],
      rows: [
        ['Deferred revenue, current', '41,205', '38,117'],
        ['Deferred revenue, non-current', '6,530', '5,902'],
        ['Total deferred revenue', '47,735', '44,019'],
      ],
    };
    const out = await bothForms(page, ['Total deferred revenue 2021', 'Deferred revenue, current 2020']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Total deferred revenue 2021': 47_735_000,
        'Deferred revenue, current 2020': 38_117_000,
      });
  });
});

describe('a "$ in thousands" header cell', () => {
  it('scales the columns under it', async () => {
    const page: HandPage = {
      header: [['$ in thousands', 'Fiscal 2021', 'Fiscal 2020']],
      rows: [
        ['Cost of revenue', '12,804', '11,560'],
        ['Research and development', '9,331', '8,245'],
      ],
    };
    const out = await bothForms(page, [
      'Research and development Fiscal 2021',
      'Cost of revenue Fiscal 2020',
    ]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Research and development Fiscal 2021': 9_331_000,
        'Cost of revenue Fiscal 2020': 11_560_000,
      });
  });
});

describe('share counts printed in units inside a table in thousands', () => {
  it('leaves the share count unscaled and scales the amounts', async () => {
    const page: HandPage = {
      above: ['(In thousands, except share and per share data)'],
      header: [['', '2021', '2020']],
      rows: [
        ['Net income', '18,412', '15,077'],
        ['Weighted average shares outstanding', '24,310,552', '23,998,104'],
        ['Net income per share, diluted', '0.76', '0.63'],
      ],
    };
    const out = await bothForms(page, [
      'Net income 2021',
      'Weighted average shares outstanding 2020',
      'Net income per share, diluted 2021',
    ]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Net income 2021': 18_412_000,
        'Weighted average shares outstanding 2020': 23_998_104,
        'Net income per share, diluted 2021': 0.76,
      });
  });
});

describe('a percentage row in a table of amounts', () => {
  it('answers the percentage as a decimal and the amounts scaled', async () => {
    const page: HandPage = {
      header: [['(in millions)', '2021', '2020']],
      rows: [
        ['Revenue', '842.6', '790.1'],
        ['Gross profit', '351.3', '320.0'],
        ['Gross margin', '41.7%', '40.5%'],
        ['Operating margin', '12.3', '11.8'],
      ],
    };
    const out = await bothForms(page, ['Gross margin 2021', 'Gross profit 2020', 'Operating margin 2021']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Gross margin 2021': 0.417,
        'Gross profit 2020': 320_000_000,
        'Operating margin 2021': 0.123,
      });
  });
});

describe('a label with footnote references', () => {
  it('answers "Net income" from "Net income(2)(3)"', async () => {
    const page: HandPage = {
      above: ['Selected financial data (in thousands)'],
      header: [['', '2021', '2020', '2019']],
      rows: [
        ['Revenues', '120,450', '110,020', '98,760'],
        ['Net income(2)(3)', '9,870', '7,015', '(1,240)'],
      ],
      below: ['(2) Includes a gain on the sale of a building.', '(3) Includes restructuring charges.'],
    };
    const out = await bothForms(page, ['Net income 2021', 'Net income 2019']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({ 'Net income 2021': 9_870_000, 'Net income 2019': -1_240_000 });
  });
});

describe('a date header printed without a space after the comma', () => {
  it('reads "August 31,2021" as that date', async () => {
    const page: HandPage = {
      above: ['Inventories consisted of the following (in thousands):'],
      header: [['', 'August 31,2021', 'August 31,2020']],
      rows: [
        ['Raw materials', '5,120', '4,870'],
        ['Finished goods', '7,645', '7,002'],
      ],
    };
    const out = await bothForms(page, ['Raw materials August 31,2021', 'Finished goods August 31, 2020']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Raw materials August 31,2021': 5_120_000,
        'Finished goods August 31, 2020': 7_002_000,
      });
  });
});

describe('a dash for the asked period', () => {
  it('answers 0 with the dash as its source', async () => {
    const page: HandPage = {
      above: ['(in thousands)'],
      header: [['', '2021', '2020']],
      rows: [
        ['Income from continuing operations', '4,210', '3,880'],
        ['Loss from discontinued operations', '—', '(615)'],
        ['Net income', '4,210', '3,265'],
      ],
    };
    const out = await bothForms(page, [
      'Loss from discontinued operations 2021',
      'Loss from discontinued operations 2020',
    ]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Loss from discontinued operations 2021': 0,
        'Loss from discontinued operations 2020': -615_000,
      });
    const result = await ask(html(page), ['Loss from discontinued operations 2021'], 'html');
    expect(result['Loss from discontinued operations 2021']?.source_text).toMatch(/—/);
  });
});

describe('quarters of a fiscal year as column headings', () => {
  it('reads "Fiscal 2020 Q2" as one heading', async () => {
    // Before (PDF): the heading was cut after its year, the column headed "Q2" alone, and nothing
    // was answered.
    const page: HandPage = {
      above: ['Key metrics by quarter (unaudited)'],
      header: [['', 'Fiscal 2020 Q2', 'Fiscal 2020 Q1', 'Fiscal 2019 Q4']],
      rows: [
        ['Active customers', '3,412', '3,288', '3,170'],
        ['Churn rate', '1.9%', '2.1%', '2.0%'],
      ],
    };
    const out = await bothForms(page, ['Active customers Fiscal 2020 Q1', 'Churn rate Fiscal 2019 Q4']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Active customers Fiscal 2020 Q1': 3288,
        'Churn rate Fiscal 2019 Q4': 0.02,
      });
  });
});

describe('columns headed by a date range wider than their figures', () => {
  it('reads each range as its column heading', async () => {
    // Before (PDF): the headings, flush right but reaching far left of the figures, were taken
    // for a caption; the columns had no periods and the later range answered nothing.
    const page: HandPage = {
      above: ['Other income and expense (amounts in thousands):'],
      header: [['', 'March 1, 2021 to February 28, 2022', 'March 1, 2020 to February 28, 2021']],
      rows: [
        ['Interest income', '2,415', '1,630'],
        ['Interest expense', '(7,204)', '(6,870)'],
      ],
    };
    const out = await bothForms(page, [
      'Interest income March 1, 2020 to February 28, 2021',
      'Interest expense March 1, 2021 to February 28, 2022',
    ]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Interest income March 1, 2020 to February 28, 2021': 1_630_000,
        'Interest expense March 1, 2021 to February 28, 2022': -7_204_000,
      });
  });
});

describe('an amount named with a rate in a tax reconciliation', () => {
  it('is scaled as an amount; the effective rate is a decimal', async () => {
    // Before: "rate" anywhere in a label exempted the row from the table's scale, so "Income tax
    // at federal statutory rate" answered 3,980 for 3,980,000, in the High band.
    const page: HandPage = {
      above: ['The reconciliation of income tax expense is as follows (in thousands, except rates):'],
      header: [['', '2021', '2020']],
      rows: [
        ['Income tax at federal statutory rate', '4,410', '3,980'],
        ['Foreign rate differential', '(88)', '(61)'],
        ['Effect of tax rate changes', '(12)', '45'],
        ['Effective tax rate', '21.8', '22.4'],
      ],
    };
    const out = await bothForms(page, [
      'Income tax at federal statutory rate 2020',
      'Foreign rate differential 2021',
      'Effect of tax rate changes 2020',
      'Effective tax rate 2020',
    ]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Income tax at federal statutory rate 2020': 3_980_000,
        'Foreign rate differential 2021': -88_000,
        'Effect of tax rate changes 2020': 45_000,
        'Effective tax rate 2020': 0.224,
      });
  });
});

describe('a year and its units in one heading ("2021 $\'000")', () => {
  it('answers a data point named with the heading as printed, units and all', async () => {
    // Before: "$'000" in the data point was a word no row carries: "Total 2021 $'000" answered
    // nothing and "Post-employment benefits 2020 $'000" fell to 0.7. And "personnel" in the
    // table's caption made its total a count of people, left unscaled.
    const page: HandPage = {
      above: ['Key management personnel compensation'],
      header: [['', "2021 $'000", "2020 $'000"]],
      rows: [
        ['Short-term employee benefits', '3,904', '3,610'],
        ['Post-employment benefits', '215', '198'],
        ['Total', '4,119', '3,808'],
      ],
    };
    const out = await bothForms(page, ["Post-employment benefits 2020 $'000", "Total 2021 $'000"]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        "Post-employment benefits 2020 $'000": 198_000,
        "Total 2021 $'000": 4_119_000,
      });
    const result = await ask(html(page), ["Post-employment benefits 2020 $'000"], 'html');
    expect(result["Post-employment benefits 2020 $'000"]?.confidence).toBeGreaterThan(0.95);
  });

  it('scales staff costs but not the number of staff', async () => {
    const page: HandPage = {
      above: ['Staff numbers and costs (costs in thousands)'],
      header: [['', '2021', '2020']],
      rows: [
        ['Staff costs', '18,204', '17,330'],
        ['Average number of staff', '412', '398'],
      ],
    };
    const out = await bothForms(page, ['Staff costs 2021', 'Average number of staff 2020']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Staff costs 2021': 18_204_000,
        'Average number of staff 2020': 398,
      });
  });
});

describe('a quantity in prose near a table is no scale', () => {
  it('leaves a table without a stated scale in units', async () => {
    // Before: "invested in millions of new devices" above the table multiplied its dollars by a
    // million, in the High band.
    const page: HandPage = {
      above: [
        'Over the year we shipped software to millions of users and invested in millions of new devices.',
      ],
      header: [['', '2021', '2020']],
      rows: [
        ['Royalties', '163,047', '150,112'],
        ['License fees', '20,118', '18,004'],
      ],
      below: ['Amounts are stated in U.S. dollars.'],
    };
    const out = await bothForms(page, ['Royalties 2021', 'License fees 2020']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({ 'Royalties 2021': 163_047, 'License fees 2020': 18_004 });
  });
});

describe('rows that state their own units inside a table in millions', () => {
  it('leaves counts of customers and stores unscaled and reads "Shares in thousands" in thousands', async () => {
    // Before: "Customers" 1,100 answered 1.1 billion and "Shares in thousands" 4,512 answered
    // 4.5 billion (the table's millions), both in the High band or near it.
    const page: HandPage = {
      above: ['Operating data (in millions, except where stated)'],
      header: [['', '2021', '2020']],
      rows: [
        ['Revenue', '1,204.5', '1,100.2'],
        ['Customer deposits', '204.0', '188.1'],
        ['Active customers', '1,204', '1,100'],
        ['Stores at end of year', '412', '400'],
        ['Shares in thousands', '4,512', '4,400'],
      ],
    };
    const out = await bothForms(page, [
      'Customer deposits 2021',
      'Active customers 2020',
      'Stores at end of year 2021',
      'Shares in thousands 2021',
    ]);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Customer deposits 2021': 204_000_000,
        'Active customers 2020': 1100,
        'Stores at end of year 2021': 412,
        'Shares in thousands 2021': 4_512_000,
      });
  });
});

describe('two scales stated for one table', () => {
  it('uses the one nearest the figures, says so, and is less sure', async () => {
    // The corner cell says thousands, the sentence above millions: the header is nearer the
    // figures and wins; the answer leaves the High band and its location names the scale used.
    const page: HandPage = {
      above: ['The following table presents segment revenue, in millions.'],
      header: [['$ in thousands', '2021', '2020']],
      rows: [
        ['Segment revenue', '1,204.5', '1,100.2'],
        ['Segment profit', '310.4', '290.0'],
      ],
    };
    const result = await ask(html(page), ['Segment revenue 2021'], 'html');
    const item = result['Segment revenue 2021'];
    expect(item?.value).toBe(1_204_500);
    expect(item?.confidence).toBeLessThanOrEqual(0.95);
    expect(item?.location).toMatch(
      /scale: thousands as stated in column headers \(millions in the text around/,
    );
  });
});

describe('"Less:" and "Add:" before a line item', () => {
  it('are optional in what is asked, and cost no confidence', async () => {
    // Before: "Provision for doubtful accounts 2020" answered at 0.9, "Less" counted as a word
    // of the line's name that was not asked.
    const page: HandPage = {
      above: ['Accounts receivable (in thousands):'],
      header: [['', '2021', '2020']],
      rows: [
        ['Trade receivables', '48,302', '44,117'],
        ['Less: provision for doubtful accounts', '(1,920)', '(1,604)'],
        ['Less accumulated write-offs', '(310)', '(295)'],
        ['Accounts receivable, net', '46,072', '42,218'],
      ],
    };
    const asked = [
      'Provision for doubtful accounts 2020',
      'Accumulated write-offs 2021',
      'Less: provision for doubtful accounts 2021',
    ];
    const out = await bothForms(page, asked);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({
        'Provision for doubtful accounts 2020': -1_604_000,
        'Accumulated write-offs 2021': -310_000,
        'Less: provision for doubtful accounts 2021': -1_920_000,
      });
    const result = await ask(html(page), asked, 'html');
    for (const d of asked) expect(result[d]?.confidence, d).toBeGreaterThan(0.95);
  });
});

describe('a note on the page stating the scale of all amounts', () => {
  it('scales a table that states none of its own, and says so', async () => {
    // Before: the note five paragraphs above the table was too far to be read as its scale.
    const page: HandPage = {
      above: [
        'All amounts in this report are in thousands of U.S. dollars unless otherwise stated.',
        'Revenue grew on strong demand across all regions in the year.',
        'Margins improved as we reduced costs in manufacturing.',
        'We continued to invest in research and development.',
        'The following table sets forth our revenue by product line:',
      ],
      header: [['', '2021', '2020']],
      rows: [
        ['Hardware', '1,204', '1,075'],
        ['Software', '704', '675'],
        ['Units shipped', '3,118', '2,904'],
      ],
    };
    const out = await bothForms(page, ['Hardware 2021', 'Software 2020']);
    for (const form of ['html', 'pdf'])
      expect(out[form], form).toEqual({ 'Hardware 2021': 1_204_000, 'Software 2020': 675_000 });
    const result = await ask(html(page), ['Hardware 2021'], 'html');
    expect(result['Hardware 2021']?.location).toMatch(/scale: thousands as the page states/);
  });
});
