import { describe, expect, it } from 'vitest';
import type { ExtractedDocument } from '../model/types';
import { HeuristicProvider } from '../providers/heuristic';
import { loadHtml } from './html';

/**
 * Report tables as filings and annual reports write them in HTML, asked as analysts ask: each
 * case a layout the reader once got wrong.
 */

async function answers(doc: ExtractedDocument, dataPoints: string[]) {
  const { result } = await new HeuristicProvider().extract(doc, dataPoints, { documentType: 'html' });
  return result;
}

async function ask(doc: ExtractedDocument, dataPoints: string[]) {
  const result = await answers(doc, dataPoints);
  return Object.fromEntries(dataPoints.map((d) => [d, result[d]?.value ?? null]));
}

describe('a units caption over the years, as filings head their tables', () => {
  it('answers the amounts: "except percentages" makes no column a percentage', async () => {
    // Before: every year column under "(In millions, except percentages)" was taken for a column
    // of percentages, and no amount was answered at all.
    const doc = loadHtml(`<table><tr><td></td><td colspan="2">(In millions, except percentages)</td></tr>
      <tr><td></td><td>2024</td><td>2023</td></tr>
      <tr><td>Total revenue</td><td>1,234.5</td><td>1,000.0</td></tr>
      <tr><td>Gross margin</td><td>45%</td><td>41%</td></tr></table>`);
    expect(await ask(doc, ['Total revenue 2024', 'Gross margin 2023'])).toEqual({
      'Total revenue 2024': 1_234_500_000,
      'Gross margin 2023': 0.41,
    });
  });
});

describe('a share asked of a table of shares', () => {
  it('answers the share the table prints when its amounts are not there to divide', async () => {
    // Before: "… as a percentage of net sales" found no amounts to divide and answered nothing.
    const doc = loadHtml(`<p>Items from our statements of income expressed as a percentage of net sales:</p>
      <table><tr><td></td><td>2019</td><td></td><td>2018</td><td></td></tr>
        <tr><td>Net sales</td><td>100.0</td><td>%</td><td>100.0</td><td>%</td></tr>
        <tr><td>Cost of sales</td><td>64.2</td><td></td><td>64.8</td><td></td></tr>
        <tr><td>Operating income</td><td>11.0</td><td>%</td><td>10.4</td><td>%</td></tr></table>`);
    expect(await ask(doc, ['Cost of sales as a percentage of net sales 2019'])).toEqual({
      'Cost of sales as a percentage of net sales 2019': 0.642,
    });
  });
});

describe('a statement of income as percentages of net sales', () => {
  it('answers a margin from its profit line, and no amount from a percentage', async () => {
    // Before: "Net sales 2019" answered 1 (its "100.0 %") in the High band, and no margin was
    // found, the table naming gross profit and operating income, not margins.
    const doc = loadHtml(`<p>The following table sets forth, for the periods indicated, certain items from our
      consolidated statements of income expressed as a percentage of net sales:</p>
      <table><tr><td></td><td colspan="5">Fiscal Year</td></tr>
        <tr><td></td><td>2019</td><td></td><td>2018</td><td></td></tr>
        <tr><td>Net sales</td><td>100.0</td><td>%</td><td>100.0</td><td>%</td></tr>
        <tr><td>Cost of sales</td><td>64.2</td><td></td><td>64.8</td><td></td></tr>
        <tr><td>Gross profit</td><td>35.8</td><td></td><td>35.2</td><td></td></tr>
        <tr><td>Selling, general and administrative expenses</td><td>24.8</td><td></td><td>24.8</td><td></td></tr>
        <tr><td>Operating income</td><td>11.0</td><td>%</td><td>10.4</td><td>%</td></tr></table>`);
    expect(
      await ask(doc, [
        'Gross margin 2019',
        'Operating margin 2018',
        'Net sales 2019',
        'Operating income 2019',
      ]),
    ).toEqual({
      'Gross margin 2019': 0.358,
      'Operating margin 2018': 0.104,
      'Net sales 2019': null,
      'Operating income 2019': null,
    });
  });

  it('reads a "% of Revenue" column under a scale line spanning the amounts as percentages', async () => {
    // Before: "(Dollars in thousands)" over both made "33.0" 33,000 dollars.
    const doc = loadHtml(`<table>
      <tr><td></td><td colspan="2">2019</td><td colspan="2">2018</td></tr>
      <tr><td></td><td>Amount</td><td>% of Revenue</td><td>Amount</td><td>% of Revenue</td></tr>
      <tr><td></td><td colspan="4">(Dollars in thousands)</td></tr>
      <tr><td>Revenue</td><td>$ 98,412</td><td>100.0 %</td><td>$ 87,206</td><td>100.0 %</td></tr>
      <tr><td>Gross profit</td><td>57,079</td><td>58.0</td><td>48,835</td><td>56.0</td></tr>
      <tr><td>Sales and marketing</td><td>30,508</td><td>31.0</td><td>28,778</td><td>33.0</td></tr>
      <tr><td>Loss from operations</td><td>(2,953)</td><td>(3.0)</td><td>(6,977)</td><td>(8.0)</td></tr></table>`);
    expect(
      await ask(doc, [
        'Revenue 2019',
        'Sales and marketing as % of revenue 2018',
        'Gross margin 2018',
        'Operating margin 2019',
      ]),
    ).toEqual({
      'Revenue 2019': 98_412_000,
      'Sales and marketing as % of revenue 2018': 0.33,
      'Gross margin 2018': 0.56,
      'Operating margin 2019': -0.03,
    });
  });
});

describe('a table of revenue by type with no heading over its lines', () => {
  it('answers "Subscription revenue" from the "Subscription" line its "Total revenue" closes', async () => {
    // Before: no answer; "revenue" was named only by the total.
    const doc = loadHtml(`<p>The following table sets forth the components of our revenue (in thousands):</p>
      <table><tr><th></th><th>June 30, 2019</th><th>June 30, 2018</th><th>Change</th></tr>
        <tr><td>Subscription</td><td>$118,402</td><td>$101,250</td><td>$17,152</td></tr>
        <tr><td>Professional services</td><td>45,811</td><td>50,622</td><td>(4,811)</td></tr>
        <tr><td>Total revenue</td><td>$164,213</td><td>$151,872</td><td>$12,341</td></tr>
        <tr><td>Subscription</td><td>31,022</td><td>28,640</td><td>2,382</td></tr>
        <tr><td>Professional services</td><td>40,100</td><td>44,870</td><td>(4,770)</td></tr>
        <tr><td>Total cost of revenue</td><td>71,122</td><td>73,510</td><td>(2,388)</td></tr></table>`);
    expect(
      await ask(doc, [
        'Subscription revenue 2018',
        'Professional services revenue 2019',
        'Total revenue 2019',
      ]),
    ).toEqual({
      'Subscription revenue 2018': 101_250_000,
      'Professional services revenue 2019': 45_811_000,
      'Total revenue 2019': 164_213_000,
    });
  });
});

describe('quarterly data set as one table a year', () => {
  it('scales the second table by the units stated over the first, no line between them', async () => {
    // Before: the 2018 table had no context of its own, so "131" came back as 131.
    const doc = loadHtml(`<p><b>Quarterly Financial Data (Unaudited)</b></p>
      <p>(in millions, except per share data)</p>
      <table><tr><td></td><td colspan="4">2019</td></tr>
        <tr><td></td><td>First Quarter</td><td>Second Quarter</td><td>Third Quarter</td><td>Fourth Quarter</td></tr>
        <tr><td>Revenue</td><td>$ 2,104</td><td>$ 2,233</td><td>$ 2,318</td><td>$ 2,560</td></tr>
        <tr><td>Diluted earnings per share</td><td>$ 0.41</td><td>$ 0.38</td><td>$ 0.58</td><td>$ 0.78</td></tr></table>
      <table><tr><td></td><td colspan="4">Three Months Ended</td></tr>
        <tr><td></td><td>March 31, 2018</td><td>June 30, 2018</td><td>September 30, 2018</td><td>December 31, 2018</td></tr>
        <tr><td>Revenue</td><td>$ 1,988</td><td>$ 2,047</td><td>$ 2,150</td><td>$ 2,301</td></tr>
        <tr><td>Diluted earnings per share</td><td>$ 0.36</td><td>$ 0.44</td><td>$ 0.48</td><td>$ 0.64</td></tr></table>`);
    expect(await ask(doc, ['Revenue Q3 2018', 'Diluted EPS Q3 2018', 'Revenue Q2 2019'])).toEqual({
      'Revenue Q3 2018': 2_150_000_000,
      'Diluted EPS Q3 2018': 0.48,
      'Revenue Q2 2019': 2_233_000_000,
    });
  });
});

describe('a results table with "$ Change" and "% Change" beside the years', () => {
  it('answers a change from "$ Change" and a growth from "% Change", each surely over the other', async () => {
    // Before: the two tied (0.61, Low band), and "Revenue growth" took the dollar change.
    const doc = loadHtml(`<p>The following table presents our results of operations (dollars in millions):</p>
      <table><tr><td></td><td colspan="2">Year Ended December 31,</td><td colspan="2">2019 vs. 2018</td></tr>
        <tr><td></td><td>2019</td><td>2018</td><td>$ Change</td><td>% Change</td></tr>
        <tr><td>Net revenue</td><td>$ 5,421.7</td><td>$ 4,998.0</td><td>$ 423.7</td><td>8.5 %</td></tr>
        <tr><td>Operating income</td><td>702.9</td><td>655.2</td><td>47.7</td><td>7.3 %</td></tr></table>`);
    const result = await answers(doc, [
      'Change in net revenue',
      'Net revenue growth',
      'Operating income % change',
    ]);
    expect(result['Change in net revenue']).toMatchObject({ value: 423_700_000 });
    expect(result['Change in net revenue']?.confidence).toBeGreaterThan(0.85);
    expect(result['Net revenue growth']?.value).toBe(0.085);
    expect(result['Operating income % change']?.value).toBe(0.073);
  });
});

describe('a change asked of a table that prints none', () => {
  it('is computed from its two years, never the year’s level', async () => {
    // Before: "Change in stock-based compensation expense" answered the 2019 total.
    const doc = loadHtml(`<table><tr><td></td><td>Years Ended December 31,</td><td></td></tr>
      <tr><td></td><td>2019</td><td>2018</td></tr>
      <tr><td></td><td>(in thousands)</td><td></td></tr>
      <tr><td>Research and development</td><td>12,844</td><td>11,502</td></tr>
      <tr><td>Sales and marketing</td><td>20,117</td><td>18,930</td></tr>
      <tr><td>Total stock-based compensation expense</td><td>$ 32,961</td><td>$ 30,432</td></tr></table>`);
    expect(
      await ask(doc, [
        'Change in stock-based compensation expense',
        'Total stock-based compensation expense 2018',
      ]),
    ).toEqual({
      'Change in stock-based compensation expense': 2_529_000,
      'Total stock-based compensation expense 2018': 30_432_000,
    });
  });
});

describe('years down the side, measures across with their units under them', () => {
  it('answers a net loss from "Net income (loss)"', async () => {
    // Before: the bracketed "(loss)" was dropped with the units, so "Net loss" had no answer.
    const doc = loadHtml(`<table>
      <tr><td>Fiscal year</td><td>Revenue</td><td>Gross margin</td><td>Net income (loss)</td></tr>
      <tr><td></td><td>($ millions)</td><td>(%)</td><td>($ millions)</td></tr>
      <tr><td>2019</td><td>842.1</td><td>38.2</td><td>(12.4)</td></tr>
      <tr><td>2018</td><td>790.5</td><td>36.9</td><td>8.8</td></tr>
      <tr><td>2017</td><td>702.3</td><td>35.1</td><td>15.0</td></tr></table>`);
    expect(await ask(doc, ['Net loss 2019', 'Net income 2017', 'Revenue 2018'])).toEqual({
      'Net loss 2019': -12_400_000,
      'Net income 2017': 15_000_000,
      'Revenue 2018': 790_500_000,
    });
  });
});

describe('units stated under a table', () => {
  it('scales a table stating no units by the line right under it, not a table whose heading it is', async () => {
    // Before: "(in millions)" under the table was read as nothing, and $2,395.9 million as $2,395.9.
    const lifted = loadHtml(`<table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Americas</td><td>$ 1,245.6</td><td>$ 1,130.2</td></tr>
        <tr><td>Total net revenue</td><td>$ 2,395.9</td><td>$ 2,200.6</td></tr></table>
      <p>(in millions)</p>
      <p>Net revenue grew in every region, led by the Americas.</p>`);
    expect(await ask(lifted, ['Total net revenue 2019'])).toEqual({
      'Total net revenue 2019': 2_395_900_000,
    });
    const stacked = loadHtml(`<h4>Headcount</h4>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Employees</td><td>1,204</td><td>1,150</td></tr>
        <tr><td>Contractors</td><td>310</td><td>295</td></tr></table>
      <p>(in thousands)</p>
      <table><tr><td></td><td>December 31, 2019</td><td>December 31, 2018</td></tr>
        <tr><td>Backlog</td><td>52,100</td><td>48,700</td></tr>
        <tr><td>Bookings</td><td>61,800</td><td>57,200</td></tr></table>`);
    expect(await ask(stacked, ['Contractors 2019', 'Backlog 2018'])).toEqual({
      'Contractors 2019': 310,
      'Backlog 2018': 48_700_000,
    });
  });
});

describe('a change column beside the years', () => {
  it('answers no share of revenue from a "% Change" column', async () => {
    // Before: "Subscription revenue as a percentage of total revenue" took the 16.9 % change;
    // the share is the 2019 column's subscription over its total (derived.ts).
    const doc = loadHtml(`<p>Revenue (in thousands):</p>
      <table><tr><th></th><th>June 30, 2019</th><th>June 30, 2018</th><th>% Change</th></tr>
        <tr><td>Subscription</td><td>$118,402</td><td>$101,250</td><td>16.9%</td></tr>
        <tr><td>Professional services</td><td>45,811</td><td>50,622</td><td>(9.5)%</td></tr>
        <tr><td>Total revenue</td><td>$164,213</td><td>$151,872</td><td>8.1%</td></tr></table>`);
    expect(
      await ask(doc, [
        'Subscription revenue as a percentage of total revenue 2019',
        'Subscription revenue % change',
      ]),
    ).toEqual({
      'Subscription revenue as a percentage of total revenue 2019': 0.721027,
      'Subscription revenue % change': 0.169,
    });
  });
});

describe('units stated in the paragraph under a table', () => {
  it('scales the table by a sentence saying what its amounts are in', async () => {
    // Before: $512.4 million came back as 512.4 in the High band.
    const doc = loadHtml(`<p>The following table shows our income tax data:</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Income before income taxes</td><td>$ 512.4</td><td>$ 488.0</td></tr>
        <tr><td>Provision for income taxes</td><td>107.6</td><td>119.6</td></tr></table>
      <p>The effective tax rate was 21.0% and 24.5% for 2019 and 2018, respectively. All amounts above are in millions.</p>`);
    expect(await ask(doc, ['Income before income taxes 2019', 'Effective tax rate 2018'])).toEqual({
      'Income before income taxes 2019': 512_400_000,
      'Effective tax rate 2018': 0.245,
    });
  });
});

describe('figures written with their scale in words', () => {
  it('reads a first row of "12.3 billion" as figures, not as a header line', async () => {
    // Before: the Revenue row joined the header, and every other row took its "billion".
    const doc = loadHtml(`<table>
      <tr><td>($ in millions)</td><td>FY19</td><td>FY18</td></tr>
      <tr><td>Revenue</td><td>12.3 billion</td><td>11.1 billion</td></tr>
      <tr><td>Adjusted EBITDA</td><td>2,410</td><td>2,155</td></tr>
      <tr><td>Net debt</td><td>3,880</td><td>4,210</td></tr></table>`);
    expect(await ask(doc, ['Revenue FY2019', 'Adjusted EBITDA 2018', 'Net debt 2019'])).toEqual({
      'Revenue FY2019': 12_300_000_000,
      'Adjusted EBITDA 2018': 2_155_000_000,
      'Net debt 2019': 3_880_000_000,
    });
  });
});

describe('a change asked of a table and the sentence under it', () => {
  it('answers a change in an item from the amount the sentence states, over a table’s "% Change"', async () => {
    // Before: "Change in net revenue" had no answer (the sentence was read only for a growth),
    // and "Change in operating income" took the table's 20 % over the $30.9 million stated.
    const doc = loadHtml(`<table>
        <tr><td></td><td>Fiscal 2019</td><td>Fiscal 2018</td><td>% Change</td></tr>
        <tr><td></td><td colspan="2">(in millions)</td><td></td></tr>
        <tr><td>Net revenue</td><td>$ 1,284.6</td><td>$ 1,152.2</td><td>11 %</td></tr>
        <tr><td>Operating income</td><td>183.4</td><td>152.5</td><td>20 %</td></tr></table>
      <p>Net revenue increased by $132.4 million, or 11.5%, in fiscal 2019 compared to fiscal 2018.
      Operating income increased $30.9 million in fiscal 2019 compared to fiscal 2018.</p>`);
    expect(
      await ask(doc, ['Change in net revenue', 'Change in operating income', 'Operating income % change']),
    ).toEqual({
      'Change in net revenue': 132_400_000,
      'Change in operating income': 30_900_000,
      'Operating income % change': 0.2,
    });
  });
});

describe('a balance sheet that prints no total liabilities', () => {
  it('answers no total liabilities rather than the current ones, and long-term debt net of its current portion', async () => {
    // Before: "Total liabilities" took "Total current liabilities" (Medium band).
    const doc = loadHtml(`<p>CONSOLIDATED BALANCE SHEETS</p><p>(In thousands)</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Current liabilities:</td><td></td><td></td></tr>
        <tr><td>Accounts payable</td><td>$ 12,877</td><td>$ 11,090</td></tr>
        <tr><td>Current portion of long-term debt</td><td>5,000</td><td>5,000</td></tr>
        <tr><td>Total current liabilities</td><td>17,877</td><td>16,090</td></tr>
        <tr><td>Long-term debt, net of current portion</td><td>75,000</td><td>80,000</td></tr>
        <tr><td>Total stockholders' equity</td><td>154,567</td><td>124,467</td></tr>
        <tr><td>Total liabilities and stockholders' equity</td><td>$ 247,444</td><td>$ 220,557</td></tr></table>`);
    expect(
      await ask(doc, ['Total liabilities 2019', 'Long-term debt 2018', 'Total current liabilities 2019']),
    ).toEqual({
      'Total liabilities 2019': null,
      'Long-term debt 2018': 80_000_000,
      'Total current liabilities 2019': 17_877_000,
    });
  });
});

describe('items a table does not print, beside lines that name them', () => {
  it('answers no revenue from deferred revenue, and no net income from the minority’s share of it', async () => {
    // Before: "Revenue 2019" took "Deferred revenue" (0.90) and "Net income 2019" the
    // non-controlling interests' share (0.80).
    const doc = loadHtml(`<p>Selected data (in millions)</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Cost of revenue</td><td>412.0</td><td>398.5</td></tr>
        <tr><td>Deferred revenue</td><td>88.1</td><td>80.4</td></tr>
        <tr><td>Net income attributable to noncontrolling interests</td><td>3.3</td><td>2.9</td></tr>
        <tr><td>Net income including noncontrolling interests</td><td>95.1</td><td>90.2</td></tr></table>`);
    expect(await ask(doc, ['Revenue 2019', 'Deferred revenue 2018', 'Net income 2019'])).toEqual({
      'Revenue 2019': null,
      'Deferred revenue 2018': 80_400_000,
      'Net income 2019': 95_100_000,
    });
  });
});

describe('a cash flow statement asked for a cash balance it does not print', () => {
  it('answers no cash from the operating activities’ net cash, and the operating cash flow from it', async () => {
    // Before: "Cash 2019" took the net cash provided by operating activities (Low band, wrong).
    const doc = loadHtml(`<p>Consolidated Statements of Cash Flows (in millions)</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Net income</td><td>412</td><td>380</td></tr>
        <tr><td>Net cash provided by operating activities</td><td>610</td><td>577</td></tr>
        <tr><td>Net cash used in investing activities</td><td>(180)</td><td>(210)</td></tr></table>`);
    expect(
      await ask(doc, ['Cash 2019', 'Cash and cash equivalents 2019', 'Operating cash flow 2018']),
    ).toEqual({
      'Cash 2019': null,
      'Cash and cash equivalents 2019': null,
      'Operating cash flow 2018': 577_000_000,
    });
  });
});

describe('a loss-making year', () => {
  it('answers "Net income" from the "Net loss" line, less surely than "Net loss" itself', async () => {
    // Before: no answer for "Net income".
    const doc =
      loadHtml(`<p>CONSOLIDATED STATEMENTS OF OPERATIONS (in thousands, except per share amounts)</p>
      <table><tr><td></td><td>2019</td><td>2018</td></tr>
        <tr><td>Revenues</td><td>$ 45,210</td><td>$ 30,118</td></tr>
        <tr><td>Loss from operations</td><td>(37,100)</td><td>(36,622)</td></tr>
        <tr><td>Net loss</td><td>$ (34,450)</td><td>$ (35,649)</td></tr>
        <tr><td>Net loss per share, basic and diluted</td><td>$ (1.12)</td><td>$ (1.31)</td></tr></table>`);
    const result = await answers(doc, ['Net income 2019', 'Net loss 2018', 'Net loss per share 2019']);
    expect(result['Net income 2019']).toMatchObject({ value: -34_450_000 });
    expect(result['Net income 2019']?.confidence).toBeLessThanOrEqual(0.95);
    expect(result['Net loss 2018']).toMatchObject({ value: -35_649_000 });
    expect(result['Net loss per share 2019']).toMatchObject({ value: -1.12 });
  });
});

describe('balances dated by their lines, without a year', () => {
  it('answers the line of the day and month asked', async () => {
    // Before: "at 30 June 2019" left "Outstanding at" to match, and the first such line (1 July) won.
    const doc = loadHtml(`<p>Share options</p>
      <table><tr><td></td><td>2019<br>Number of options</td><td>2018<br>Number of options</td></tr>
        <tr><td>Outstanding at 1 July</td><td>2,450,000</td><td>2,100,000</td></tr>
        <tr><td>Granted</td><td>800,000</td><td>650,000</td></tr>
        <tr><td>Exercised</td><td>(420,000)</td><td>(200,000)</td></tr>
        <tr><td>Outstanding at 30 June</td><td>2,700,000</td><td>2,450,000</td></tr>
        <tr><td>Exercisable at 30 June</td><td>1,150,000</td><td>980,000</td></tr></table>`);
    expect(
      await ask(doc, [
        'Outstanding at 30 June 2019',
        'Number of options outstanding at 1 July 2019',
        'Change in the number of options outstanding at 30 June from 2018 to 2019',
      ]),
    ).toEqual({
      'Outstanding at 30 June 2019': 2_700_000,
      'Number of options outstanding at 1 July 2019': 2_450_000,
      'Change in the number of options outstanding at 30 June from 2018 to 2019': 250_000,
    });
  });
});
