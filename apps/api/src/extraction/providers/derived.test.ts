import { describe, expect, it } from 'vitest';
import { loadHtml } from '../documents/html';
import { askedName, derivedAsk } from './derived';
import { HeuristicProvider } from './heuristic';

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
    ['What was the net income in 2018?', 'net income in 2018'],
    ["What is the company's total assets for 2019?", 'total assets for 2019'],
    ['How many shares were outstanding at December 31, 2019?', 'shares outstanding at December 31, 2019'],
    ['How much was the gross profit in fiscal 2019 according to the table?', 'gross profit in fiscal 2019'],
    ['Give me the value of the diluted EPS 2018', 'diluted EPS 2018'],
    ['Revenue 2019', 'Revenue 2019'],
    ['State income taxes 2021', 'State income taxes 2021'],
    ['List price per unit', 'List price per unit'],
    ['Report segment revenue?', 'Report segment revenue'],
    ['Which segment had the highest revenue?', 'segment had the highest revenue'],
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
  ])('reads %j', (name, expected) => {
    expect(derivedAsk(name)).toMatchObject(expected);
  });

  it.each(['Total assets 2019', 'Net sales 2019', 'Total revenue', 'Average selling price'])(
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
