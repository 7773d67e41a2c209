import { describe, expect, it } from 'vitest';
import { HeuristicProvider } from '../providers/heuristic';
import { loadHtml } from '../readers/html';
import { askedName, derivedAsk, shareAsk } from './derived';

const SELECTED_DATA = loadHtml(`<p>Selected financial data (in millions, except per share amounts)</p>
<table>
<tr><td></td><td>2019</td><td>2018</td><td>2017</td></tr>
<tr><td>Net sales</td><td>$ 4,021.2</td><td>$ 3,811.0</td><td>$ 3,337.5</td></tr>
<tr><td>Gross profit</td><td>1,628.8</td><td>1,550.3</td><td>1,331.0</td></tr>
<tr><td>Net income (loss)</td><td>388.1</td><td>261.9</td><td>(45.3)</td></tr>
<tr><td>Diluted earnings per share</td><td>2.66</td><td>1.78</td><td>(0.31)</td></tr>
<tr><td>Total assets</td><td>5,902.7</td><td>5,511.8</td><td>5,020.3</td></tr>
<tr><td>Average total assets</td><td>5,707.3</td><td>5,266.1</td><td>4,980.0</td></tr>
</table>
<table>
<tr><td></td><td>2019</td><td>2018</td><td>Change</td></tr>
<tr><td>Backlog</td><td>912.4</td><td>870.0</td><td>42.0</td></tr>
</table>`);

async function ask(dataPoints: string[]) {
  const { result } = await new HeuristicProvider().extract(SELECTED_DATA, dataPoints, {
    documentType: 'pdf',
  });
  return Object.fromEntries(dataPoints.map((d) => [d, result[d]?.value ?? null]));
}

describe('data points asked as questions', () => {
  it.each([
    ['What was the net income in 2018?', 'net income 2018'],
    ["What is the company's total assets for 2019?", 'total assets 2019'],
    ['How many shares were outstanding at December 31, 2019?', 'shares outstanding at December 31, 2019'],
    ['How much was the gross profit in fiscal 2019 according to the table?', 'gross profit fiscal 2019'],
    ['How many employees did the company have at 30 June 2019?', 'employees at 30 June 2019'],
    ['What was the change in revenue between 2018 and 2019?', 'change in revenue between 2018 and 2019'],
    ['Give me the value of the diluted EPS 2018', 'diluted EPS 2018'],
    ['Revenue 2019', 'Revenue 2019'],
    ['State income taxes 2021', 'State income taxes 2021'],
    ['List price per unit', 'List price per unit'],
    ['Report segment revenue?', 'Report segment revenue'],
    ['Which segment had the highest revenue?', 'segment had the highest revenue'],
    [
      'By how much did subscription revenue increase from 2018 to 2019?',
      'subscription revenue increase from 2018 to 2019',
    ],
  ])('reads %j as %j', (question, name) => {
    expect(askedName(question)).toBe(name);
  });

  it('answers a question as it answers the figure it names', async () => {
    expect(
      await ask([
        'What was the net income in 2018?',
        'What is the total assets in 2017?',
        'What was the diluted earnings per share for 2019?',
      ]),
    ).toEqual({
      'What was the net income in 2018?': 261_900_000,
      'What is the total assets in 2017?': 5_020_300_000,
      'What was the diluted earnings per share for 2019?': 2.66,
    });
  });
});

describe('questions answered from sentences', () => {
  it('reads the figure a sentence gives for the year asked', async () => {
    const doc = loadHtml(`<p>The provision for income taxes (in thousands):</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Current</td><td>19,010</td><td>15,708</td></tr>
        <tr><td>Deferred</td><td>(1,375)</td><td>1,190</td></tr></table>
      <p>Our effective tax rate was 17.0% in 2019, compared with 20.5% in 2018. Headcount grew from
      512 employees at 30 June 2018 to 560 employees at 30 June 2019.</p>`);
    const asked = [
      'What was the effective tax rate in 2019?',
      'How many employees did the company have at 30 June 2019?',
    ];
    const { result } = await new HeuristicProvider().extract(doc, asked, { documentType: 'html' });
    // Before: nothing; "effective tax rate in" and "employees did the company have" named no sentence.
    expect(result[asked[0] as string]?.value).toBe(0.17);
    expect(result[asked[1] as string]?.value).toBe(560);
  });
});

describe('figures computed from the periods a table prints', () => {
  it.each([
    ['Change in net sales from 2018 to 2019', { op: 'change', item: 'net sales', periods: ['2018', '2019'] }],
    ['Percentage change in gross profit between 2019 and 2018', { op: 'growth', periods: ['2018', '2019'] }],
    ['Net sales growth 2019', { op: 'growth', item: 'Net sales', periods: ['2019'] }],
    ['Revenue growth rate', { op: 'growth', item: 'Revenue', periods: [] }],
    ['Decrease in total assets from FY2018 to FY2019', { op: 'decrease', periods: ['FY2018', 'FY2019'] }],
    ['Average total assets for 2018 and 2019', { op: 'average', item: 'total assets' }],
    ['Average operating income for 2017-2019', { op: 'average', periods: ['2017', '2018', '2019'] }],
    ['Average revenue from FY2017 to FY2019', { periods: ['FY2017', 'FY2018', 'FY2019'] }],
    ['Change in revenue from 2017 to 2019', { op: 'change', periods: ['2017', '2019'] }],
    ['Sum of net income in 2017, 2018 and 2019', { op: 'sum', periods: ['2017', '2018', '2019'] }],
    ['Change in net sales (%) 2019', { op: 'growth', item: 'net sales' }],
    [
      'Total employee benefits expense growth 2019',
      { op: 'growth', item: 'Total employee benefits expense' },
    ],
    [
      'Change in the percentage of total revenue from Europe between 2018 and 2019',
      { op: 'change', item: 'percentage of total revenue from Europe', periods: ['2018', '2019'] },
    ],
  ])('reads %j', (name, expected) => {
    expect(derivedAsk(name)).toMatchObject(expected);
  });

  it.each(['Total assets 2019', 'Net sales 2019', 'Total revenue', 'Total revenue for 2019'])(
    'asks nothing to compute of %j',
    (name) => {
      expect(derivedAsk(name)).toBeUndefined();
    },
  );

  it('computes a change, a growth, a decrease, an average and a sum from the same row', async () => {
    expect(
      await ask([
        'What was the change in net sales from 2018 to 2019?',
        'Percentage change in gross profit between 2018 and 2019',
        'Net income growth 2019',
        'Decrease in diluted earnings per share from 2019 to 2017',
        'What was the average net sales for 2017 and 2018?',
        'Sum of net income in 2018 and 2019',
        'Net sales growth',
        'Change in total assets 2019',
      ]),
    ).toEqual({
      'What was the change in net sales from 2018 to 2019?': 210_200_000,
      'Percentage change in gross profit between 2018 and 2019': 0.050635,
      'Net income growth 2019': 0.481863,
      'Decrease in diluted earnings per share from 2019 to 2017': -2.97,
      'What was the average net sales for 2017 and 2018?': 3_574_250_000,
      'Sum of net income in 2018 and 2019': 650_000_000,
      'Net sales growth': 0.055156,
      // The table reader alone answered this with 2019's total assets.
      'Change in total assets 2019': 390_900_000,
    });
  });

  it('takes an average asked of no years over the years the row gives, unless a line is so named', async () => {
    const asked = [
      'What is the average gross profit?',
      'Average total assets',
      'What was the average backlog?',
    ];
    const { result } = await new HeuristicProvider().extract(SELECTED_DATA, asked, { documentType: 'pdf' });
    // Before: the latest level (1,628,800,000, 0.68); the "Average total assets" line still answers.
    expect(result['What is the average gross profit?']?.value).toBe(1_503_366_666.67);
    expect(result['What is the average gross profit?']?.confidence).toBeLessThanOrEqual(0.9);
    expect(result['Average total assets']?.value).toBe(5_707_300_000);
    // The backlog table's two years, not its "Change" column.
    expect(result['What was the average backlog?']?.value).toBe(891_200_000);
  });

  it('prefers a figure the document prints: an average row, a change column', async () => {
    const { result } = await new HeuristicProvider().extract(
      SELECTED_DATA,
      ['Average total assets for 2018 and 2019', 'Increase in backlog 2019'],
      { documentType: 'pdf' },
    );
    // The table's own 2019 average (not the mean of two year-ends), and its Change column.
    expect(result['Average total assets for 2018 and 2019']?.value).toBe(5_707_300_000);
    // The backlog table, right under the first, takes its "(in millions)".
    expect(result['Increase in backlog 2019']).toMatchObject({ value: 42_000_000 });
  });

  it('prefers the change a sentence states, and a cash-flow line, to one computed', async () => {
    const doc = loadHtml(`<h2>Consolidated statements of cash flows</h2>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Changes in operating assets and liabilities:</td><td></td><td></td></tr>
        <tr><td>Accounts receivable</td><td>(3,318)</td><td>1,204</td></tr></table>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Net revenue</td><td>2,201.4</td><td>2,069.0</td></tr></table>
      <p>Net revenue increased by $132.4 million, or 6.4%, in fiscal 2019 compared to fiscal 2018.</p>`);
    const { result } = await new HeuristicProvider().extract(
      doc,
      ['Change in accounts receivable 2019', 'Change in net revenue'],
      { documentType: 'pdf' },
    );
    // Computed, the first would be -4,522 (the two years' movements apart) and the second 132.4.
    expect(result['Change in accounts receivable 2019']?.value).toBe(-3318);
    expect(result['Change in net revenue']?.value).toBe(132_400_000);
  });

  it('gives no growth from a loss or into one', async () => {
    const { result } = await new HeuristicProvider().extract(
      SELECTED_DATA,
      ['Net income growth 2017', 'Net income growth 2018', 'Change in net income from 2017 to 2018'],
      { documentType: 'pdf' },
    );
    expect(result['Net income growth 2018']?.value).toBeNull();
    expect(result['Change in net income from 2017 to 2018']?.value).toBe(307_200_000);
  });

  it('computes nothing from a period the document does not give, and stays below High', async () => {
    const { result } = await new HeuristicProvider().extract(
      SELECTED_DATA,
      ['Change in net sales from 2015 to 2019', 'Change in net sales from 2018 to 2019'],
      { documentType: 'pdf' },
    );
    expect(result['Change in net sales from 2015 to 2019']?.value).toBeNull();
    expect(result['Change in net sales from 2018 to 2019']?.confidence).toBeLessThanOrEqual(0.9);
    expect(result['Change in net sales from 2018 to 2019']?.source_text).toContain('4,021.2');
  });
});

describe('a growth a sentence states of something else', () => {
  it("yields to the growth of the table's own two years when they disagree", async () => {
    const doc = loadHtml(`<p>Revenue by reportable segment ($ in millions):</p>
      <table><tr><td></td><td>Fiscal 2019</td><td>Fiscal 2018</td></tr>
        <tr><td>Cloud Services</td><td>1,842.5</td><td>1,503.2</td></tr>
        <tr><td>Software Licenses</td><td>932.1</td><td>1,011.7</td></tr>
        <tr><td>Total revenue</td><td>2,774.6</td><td>2,514.9</td></tr></table>
      <p>Cloud Services revenue grew 22.6% in fiscal 2019, driven by new customer acquisition.</p>`);
    const asked = ['Revenue growth 2019', 'Cloud Services revenue growth 2019'];
    const { result } = await new HeuristicProvider().extract(doc, asked, { documentType: 'html' });
    // Before: 0.226 (0.78), Cloud Services' growth; the sentence still answers its own item.
    expect(result['Revenue growth 2019']?.value).toBe(0.103265);
    expect(result['Revenue growth 2019']?.confidence).toBeLessThanOrEqual(0.9);
    expect(result['Cloud Services revenue growth 2019']?.value).toBe(0.226);
  });
});

describe('a change of another line', () => {
  it('is not the change asked: a cash-flow summary\'s "Net increase in cash" is no change in capital expenditures', async () => {
    const doc = loadHtml(`<h3>Liquidity and Capital Resources</h3>
      <p>The following table summarizes our cash flows (in thousands):</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Net cash provided by operating activities</td><td>245,118</td><td>212,406</td></tr>
        <tr><td>Net cash used in investing activities</td><td>(98,540)</td><td>(130,211)</td></tr>
        <tr><td>Net increase in cash and cash equivalents</td><td>34,278</td><td>17,325</td></tr></table>
      <p>Capital expenditures were $85.2 million in 2019 and $118.6 million in 2018.</p>`);
    const asked = [
      'What was the change in capital expenditures from 2018 to 2019?',
      'Increase in backlog 2019',
    ];
    const { result } = await new HeuristicProvider().extract(doc, asked, { documentType: 'html' });
    // Before: 34,278,000 (0.47), the only line saying "increase"; now the sentence's two years.
    expect(result[asked[0] as string]?.value).toBe(-33_400_000);
    expect(result[asked[1] as string]?.value).toBeNull();
  });
});

describe('shares and ratios of two line items', () => {
  it.each([
    [
      'What proportion of total revenue was subscription revenue in 2019?',
      { op: 'share', part: 'subscription revenue', whole: 'total revenue', period: '2019' },
    ],
    [
      'What percentage of net sales was cost of sales in fiscal 2019?',
      { op: 'share', part: 'cost of sales', whole: 'net sales', period: 'fiscal 2019' },
    ],
    [
      'What was the percentage of share-based payments in total employee benefits expense in 2018?',
      { op: 'share', part: 'share-based payments', whole: 'total employee benefits expense' },
    ],
    [
      'Cost of sales as a percentage of net sales 2019',
      { op: 'share', part: 'Cost of sales', whole: 'net sales' },
    ],
    [
      'What proportion of total assets as of December 31, 2019 was goodwill?',
      { part: 'goodwill', whole: 'total assets', period: 'December 31, 2019' },
    ],
    [
      'What is the difference between subscription and maintenance and support revenue in 2019?',
      { op: 'difference', part: 'subscription', whole: 'maintenance and support revenue' },
    ],
    [
      'what portion of total revenue was from subscription in 2019?',
      { op: 'share', part: 'subscription', whole: 'total revenue', period: '2019' },
    ],
    [
      'What was the ratio of domestic to foreign income before income taxes in 2019?',
      { op: 'ratio', part: 'domestic', whole: 'foreign income before income taxes' },
    ],
  ])('reads %j', (question, expected) => {
    expect(shareAsk(askedName(question))).toMatchObject(expected);
  });

  it.each([
    'Share of profit of associates 2019',
    'Current portion of long-term debt 2019',
    'Percentage of revenue 2019',
    'Net sales 2019',
    'Change in revenue from 2018 to 2019',
  ])('asks no share of %j', (name) => {
    expect(shareAsk(name)).toBeUndefined();
  });

  const TAX = loadHtml(`<p>The components of income before income taxes were as follows (in thousands):</p>
<table>
<tr><td></td><td>2019</td><td>2018</td></tr>
<tr><td>Domestic</td><td>$ 82,114</td><td>$ 64,220</td></tr>
<tr><td>Foreign</td><td>21,560</td><td>18,334</td></tr>
<tr><td>Total income before income taxes</td><td>$ 103,674</td><td>$ 82,554</td></tr>
</table>
<p>The provision for income taxes consisted of the following (in thousands):</p>
<table>
<tr><td></td><td>2019</td><td>2018</td></tr>
<tr><td>Federal</td><td>$ 12,340</td><td>$ 9,876</td></tr>
<tr><td>Foreign</td><td>4,560</td><td>3,987</td></tr>
<tr><td>Provision for income taxes</td><td>$ 16,900</td><td>$ 13,863</td></tr>
</table>`);

  it('divides the part by the whole of one column, reading the part in the whole’s table', async () => {
    const asked = [
      'What proportion of total income before income taxes was foreign in 2019?',
      'What was the ratio of domestic to foreign income before income taxes in 2018?',
      'What percentage of the provision for income taxes was federal in 2018?',
    ];
    const { result } = await new HeuristicProvider().extract(TAX, asked, { documentType: 'html' });
    // Before: the first gave the Foreign level (21,560,000, 0.56), the others nothing.
    expect(Object.fromEntries(asked.map((a) => [a, result[a]?.value]))).toEqual({
      [asked[0] as string]: 0.20796,
      [asked[1] as string]: 3.502782,
      [asked[2] as string]: 0.7124,
    });
    for (const a of asked) expect(result[a]?.confidence).toBeLessThanOrEqual(0.9);
  });

  it('subtracts two items of one column when their difference is asked', async () => {
    const asked = 'What is the difference between domestic and foreign income before income taxes in 2019?';
    const { result } = await new HeuristicProvider().extract(TAX, [asked], { documentType: 'html' });
    // Before: nothing.
    expect(result[asked]?.value).toBe(60_554_000);
    expect(result[asked]?.confidence).toBeLessThanOrEqual(0.9);
  });

  it('answers nothing, not the part, when the whole is not printed', async () => {
    const { result } = await new HeuristicProvider().extract(
      TAX,
      ['What proportion of total revenue was foreign in 2019?'],
      { documentType: 'html' },
    );
    expect(result['What proportion of total revenue was foreign in 2019?']?.value).toBeNull();
  });
});
