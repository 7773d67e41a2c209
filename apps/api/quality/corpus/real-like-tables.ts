import type { TatqaRecord } from '../tables-real';

/**
 * Hand-written report tables in the TAT-QA record shape (table rows, paragraphs, questions with
 * an annotated scale), for running the `tables-real` suite end to end without the dataset
 * (TATQA_HAND=1). Written here from how annual reports print their notes and statements; no text
 * of any public set. Each table carries one of issue 38's cases.
 */

let uid = 0;
function record(
  table: string[][],
  paragraphs: string[],
  questions: [answer: string, scale: '' | 'thousand' | 'million' | 'billion' | 'percent'][],
): TatqaRecord {
  uid += 1;
  return {
    table: { uid: `hand-${uid}`, table },
    paragraphs: paragraphs.map((text, i) => ({ uid: `hand-${uid}-p${i}`, order: i + 1, text })),
    questions: questions.map(([answer, scale], i) => ({
      uid: `hand-${uid}-q${i}`,
      question: '',
      answer: [answer],
      answer_type: 'span',
      answer_from: 'table',
      scale,
    })),
  };
}

export const REAL_LIKE_TABLES: TatqaRecord[] = [
  record(
    [
      ['', 'Year Ended December 31,', '', ''],
      ['', '2019', '2018', '2017'],
      ['Revenues', '$412,530', '$380,112', '$341,907'],
      ['Cost of revenues', '198,331', '181,204', '166,010'],
      ['Gross profit', '214,199', '198,908', '175,897'],
      ['Gross margin', '51.9%', '52.3%', '51.4%'],
      ['Operating income', '61,870', '55,403', '48,212'],
      ['Operating margin', '15.0', '14.6', '14.1'],
    ],
    ['The following table presents our results of operations (in thousands, except percentages).'],
    [
      ['$380,112', 'thousand'],
      ['198,331', 'thousand'],
      ['51.4%', 'percent'],
      ['14.6', 'percent'],
      ['48,212', 'thousand'],
    ],
  ),
  record(
    [
      ['$ in millions', 'Fiscal 2020', 'Fiscal 2019'],
      ['Net sales', '2,804.6', '2,611.0'],
      ['Net income(1)(2)', '311.4', '277.9'],
      ['Adjusted EBITDA(3)', '498.2', '455.0'],
      ['Capital expenditures', '(88.1)', '(79.6)'],
    ],
    ['(1) Includes a one-time gain. (2) Net of tax. (3) A non-GAAP measure; see the reconciliation below.'],
    [
      ['311.4', 'million'],
      ['455.0', 'million'],
      ['(88.1)', 'million'],
    ],
  ),
  record(
    [
      ['', 'August 31,2019', 'August 31,2018'],
      ['Raw materials', '14,205', '12,880'],
      ['Work in process', '3,116', '2,947'],
      ['Finished goods', '22,508', '20,311'],
      ['Less: Inventory reserves', '(1,204)', '(1,102)'],
      ['Inventories, net', '38,625', '35,036'],
    ],
    ['Inventories consisted of the following (in thousands):', 'Reserves are reviewed quarterly.'],
    [
      ['3,116', 'thousand'],
      ['(1,102)', 'thousand'],
      ['38,625', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018'],
      ['Income from continuing operations', '8,412', '7,905'],
      ['Loss from discontinued operations, net of tax', '—', '(1,318)'],
      ['Net income', '8,412', '6,587'],
      ['Weighted average shares outstanding – basic', '41,203,118', '40,876,500'],
      ['Weighted average shares outstanding – diluted', '41,977,020', '41,512,334'],
      ['Earnings per share – diluted', '$0.20', '$0.16'],
    ],
    ['(In thousands, except share and per share data)'],
    [
      ['—', 'thousand'],
      ['(1,318)', 'thousand'],
      ['41,977,020', ''],
      ['$0.16', ''],
    ],
  ),
  record(
    [
      ['', 'Aug. 31, 2019', 'Aug. 31, 2018'],
      ['Accrued compensation', '6,204', '5,877'],
      ['Accrued taxes', '1,932', '2,015'],
      ['Other accrued liabilities', '3,410', '3,198'],
      ['Total accrued liabilities', '11,546', '11,090'],
    ],
    ['Accrued liabilities consisted of the following, in thousands:'],
    [
      ['1,932', 'thousand'],
      ['11,090', 'thousand'],
    ],
  ),
  record(
    [
      ['', 'FY 2019', 'FY 2018', '2019 vs 2018'],
      ['Subscription revenue', '118.2', '96.5', '22%'],
      ['Services revenue', '24.6', '25.1', '(2)%'],
      ['Total revenue', '142.8', '121.6', '17%'],
    ],
    ['Revenue by type (in millions). Subscription revenue grew on new customers.'],
    [
      ['96.5', 'million'],
      ['142.8', 'million'],
      ['22%', 'percent'],
    ],
  ),
  record(
    [
      ['', 'Fiscal 2020 Q2', 'Fiscal 2020 Q1', 'Fiscal 2019 Q4'],
      ['Revenue', '$52.1 million', '$49.8 million', '$47.3 million'],
      ['Customers', '1,284', '1,201', '1,140'],
      ['Net retention rate', '112%', '110%', '109%'],
    ],
    ['Quarterly key metrics are unaudited.'],
    [
      ['$49.8 million', 'million'],
      ['1,201', ''],
      ['109%', 'percent'],
    ],
  ),
  record(
    [
      ['', 'January 1, 2019 to December 31, 2019', 'January 1, 2018 to December 31, 2018'],
      ['Interest income', '1,204', '987'],
      ['Interest expense', '(6,330)', '(5,912)'],
      ['Other income (expense), net', '—', '412'],
    ],
    ['Other income and expense was as follows (amounts in thousands):'],
    [
      ['987', 'thousand'],
      ['(6,330)', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018'],
      ['Deferred tax assets:', '', ''],
      ['Net operating loss carryforwards', '12,880', '14,102'],
      ['Stock-based compensation', '2,311', '1,987'],
      ['Total deferred tax assets', '15,191', '16,089'],
      ['Deferred tax liabilities:', '', ''],
      ['Depreciation and amortization', '(4,402)', '(3,918)'],
      ['Net deferred tax assets', '10,789', '12,171'],
    ],
    ['Significant components of deferred tax assets and liabilities are (in thousands):'],
    [
      ['14,102', 'thousand'],
      ['(4,402)', 'thousand'],
      ['10,789', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018', '2017'],
      ['Income tax at federal statutory rate', '4,410', '3,980', '6,120'],
      ['State taxes, net of federal benefit', '612', '577', '498'],
      ['Foreign rate differential', '(88)', '(61)', '(95)'],
      ['Effective tax rate', '21.8', '22.4', '34.1'],
    ],
    ['A reconciliation of income taxes (in thousands, except rates) is as follows.'],
    [
      ['3,980', 'thousand'],
      ['(61)', 'thousand'],
      ['22.4', 'percent'],
    ],
  ),
  record(
    [
      ['', 'December 31, 2019', '', 'December 31, 2018', ''],
      ['', 'Amount', '% of total', 'Amount', '% of total'],
      ['United States', '210.4', '61.2%', '195.0', '62.5%'],
      ['Europe', '88.3', '25.7%', '78.1', '25.0%'],
      ['Asia Pacific', '45.0', '13.1%', '39.0', '12.5%'],
    ],
    ['Revenue by geography ($ in millions):'],
    [
      ['25.7%', 'percent'],
      ['195.0', 'million'],
    ],
  ),
  record(
    [
      ['(In thousands)', '2019', '2018'],
      ['Land', '4,500', '4,500'],
      ['Buildings and improvements', '31,220', '29,877'],
      ['Machinery and equipment', '58,004', '52,330'],
      ['Less: accumulated depreciation', '(40,118)', '(35,902)'],
      ['Property and equipment, net', '53,606', '50,805'],
    ],
    ['Depreciation expense was $4.3 million and $3.9 million for 2019 and 2018.'],
    [
      ['31,220', 'thousand'],
      ['(35,902)', 'thousand'],
    ],
  ),
  record(
    [
      ['', 'Number of shares', 'Weighted average exercise price'],
      ['Outstanding at January 1, 2019', '2,410,500', '$12.40'],
      ['Granted', '512,000', '18.75'],
      ['Exercised', '(330,120)', '9.80'],
      ['Forfeited', '(41,000)', '14.10'],
      ['Outstanding at December 31, 2019', '2,551,380', '$14.01'],
    ],
    ['Stock option activity during 2019 was as follows.'],
    [
      ['512,000', ''],
      ['9.80', ''],
    ],
  ),
  record(
    [
      ['', '2019', '2018'],
      ['Cash and cash equivalents', '$1.5 billion', '$1.2 billion'],
      ['Short-term investments', '$0.4 billion', '$0.6 billion'],
    ],
    ['Liquidity at year end.'],
    [['$1.2 billion', 'billion']],
  ),
  record(
    [
      ['', 'Note', '2019', '2018'],
      ['', '', "$'000", "$'000"],
      ['Revenue from contracts with customers', '3', '184,223', '171,906'],
      ['Other income', '4', '2,118', '1,874'],
      ['Employee benefits expense', '', '(61,330)', '(58,002)'],
      ['Profit before income tax', '', '30,455', '27,118'],
    ],
    ['The consolidated entity reported a profit after tax of $21.3 million.'],
    [
      ['171,906', 'thousand'],
      ['(61,330)', 'thousand'],
      ['30,455', 'thousand'],
    ],
  ),
  record(
    [
      ['', 'FY19', 'FY18'],
      ['', '$m', '$m'],
      ['Underlying EBITDA', '412.8', '390.1'],
      ['Depreciation and amortisation', '(101.2)', '(96.4)'],
      ['Underlying EBIT', '311.6', '293.7'],
      ['EBIT margin (%)', '14.2', '13.9'],
    ],
    ['Group results were in line with guidance.'],
    [
      ['390.1', 'million'],
      ['(101.2)', 'million'],
      ['14.2', 'percent'],
    ],
  ),
  record(
    [
      ['', 'Three Months Ended June 30,', '', 'Six Months Ended June 30,', ''],
      ['', '2019', '2018', '2019', '2018'],
      ['Cost of products', '12,408', '11,230', '24,915', '22,001'],
      ['Cost of services', '5,102', '4,877', '10,230', '9,640'],
    ],
    ['(Dollars in thousands)'],
    [
      ['11,230', 'thousand'],
      ['24,915', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018'],
      ['Revenue by region:', '', ''],
      ['North America', '61.2%', '63.0%'],
      ['Europe', '24.5%', '23.8%'],
      ['Rest of world', '14.3%', '13.2%'],
    ],
    ['Share of revenue by the region of the customer.'],
    [
      ['24.5%', 'percent'],
      ['13.2%', 'percent'],
    ],
  ),
  record(
    [
      ['', 'December 31,', ''],
      ['', '2019', '2018'],
      ['Accounts receivable', '$48,302', '$44,117'],
      ['Less: allowance for doubtful accounts', '(1,920)', '(1,604)'],
      ['Accounts receivable, net', '$46,382', '$42,513'],
    ],
    ['Accounts receivable consisted of the following (in thousands):'],
    [
      ['(1,604)', 'thousand'],
      ['$46,382', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018', 'Change', '% Change'],
      ['Product revenue', '$ 81,204', '$ 74,330', '$ 6,874', '9.2%'],
      ['Service revenue', '30,119', '31,402', '(1,283)', '(4.1)%'],
      ['Total revenue', '$ 111,323', '$ 105,732', '$ 5,591', '5.3%'],
    ],
    ['The following table sets forth our revenue (in thousands, except percentages):'],
    [
      ['$ 74,330', 'thousand'],
      ['(1,283)', 'thousand'],
      ['(4.1)%', 'percent'],
    ],
  ),
  record(
    [
      [
        '',
        'Number of Options',
        'Weighted-Average Exercise Price',
        'Aggregate Intrinsic Value (in thousands)',
      ],
      ['Outstanding at December 31, 2018', '1,204,330', '$22.10', '$8,420'],
      ['Granted', '212,000', '$31.45', ''],
      ['Outstanding at December 31, 2019', '1,310,880', '$24.02', '$11,905'],
    ],
    ['A summary of option activity is presented below.'],
    [
      ['1,310,880', ''],
      ['$11,905', 'thousand'],
      ['$31.45', ''],
    ],
  ),
  record(
    [
      ['', '2019', '2018', '2017'],
      ['Net income (loss) attributable to common', '', '', ''],
      ['stockholders', '$ (4,205)', '$ 3,118', '$ 2,770'],
      ['Basic net income (loss) per share', '$ (0.11)', '$ 0.08', '$ 0.07'],
    ],
    ['(In thousands, except per share amounts)'],
    [
      ['$ 3,118', 'thousand'],
      ['$ 0.08', ''],
    ],
  ),
  record(
    [
      ['', '2019', '', '2018', ''],
      ['Net cash provided by operating activities', '$', '52,410', '$', '47,990'],
      ['Net cash used in investing activities', '', '(18,302)', '', '(21,455)'],
      ['Net cash used in financing activities', '', '(9,870)', '', '(6,201)'],
    ],
    ['Cash flows (in thousands) were as follows:'],
    [
      ['47,990', 'thousand'],
      ['(18,302)', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '', '2018', ''],
      ['Gross margin', '45.2', '%', '44.1', '%'],
      ['Operating expenses as a percentage of revenue', '30.6', '%', '31.2', '%'],
    ],
    ['Key ratios.'],
    [
      ['44.1', 'percent'],
      ['30.6', 'percent'],
    ],
  ),
  record(
    [
      ['', "2019 $'000", "2018 $'000"],
      ['Short-term employee benefits', '4,812', '4,390'],
      ['Post-employment benefits', '302', '288'],
      ['Share-based payments', '1,104', '977'],
      ['Total', '6,218', '5,655'],
    ],
    ['Key management personnel compensation.'],
    [
      ['288', 'thousand'],
      ['6,218', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018'],
      ['', '%', '%'],
      ['Discount rate', '2.4', '3.1'],
      ['Expected return on plan assets', '5.0', '5.5'],
      ['Rate of compensation increase', '3.0', '3.0'],
    ],
    ['The principal actuarial assumptions were as follows.'],
    [
      ['3.1', 'percent'],
      ['5.0', 'percent'],
    ],
  ),
  record(
    [
      ['', 'Year Ended December 31, 2019', 'Year Ended December 31, 2018'],
      ['Segment revenue:', '', ''],
      ['Americas', '210,114', '198,730'],
      ['EMEA', '98,402', '91,118'],
      ['Total', '308,516', '289,848'],
      ['Segment operating income:', '', ''],
      ['Americas', '40,220', '37,915'],
      ['EMEA', '12,880', '11,904'],
      ['Total', '53,100', '49,819'],
    ],
    ['Segment information (in thousands).'],
    [
      ['210,114', 'thousand'],
      ['49,819', 'thousand'],
    ],
  ),
  record(
    [
      ['Consolidated Balance Sheet Data:', '', ''],
      ['', 'As of December 31,', ''],
      ['', '2019', '2018'],
      ['Cash and cash equivalents', '$ 120,884', '$ 98,412'],
      ['Working capital', '140,330', '122,905'],
      ['Total assets', '612,450', '577,302'],
    ],
    ['(in thousands)'],
    [
      ['$ 98,412', 'thousand'],
      ['612,450', 'thousand'],
    ],
  ),
  record(
    [
      ['', '2019', '2018'],
      ['Number of employees', '2,410', '2,288'],
      ['Number of stores at year end', '318', '301'],
      ['Average revenue per store', '1,204', '1,155'],
    ],
    ['Operating data (revenue per store in thousands of dollars).'],
    [
      ['2,288', ''],
      ['301', ''],
    ],
  ),
  record(
    [
      [
        '',
        'Year Ended December 31, 2019',
        'Year Ended December 31, 2018',
        'Year Ended December 31, 2017',
        '2019 vs 2018 % Change',
        '2018 vs 2017 % Change',
      ],
      [
        'Net cash provided by operating activities from continuing operations attributable to the company',
        '52,410',
        '47,990',
        '41,220',
        '9.2%',
        '16.4%',
      ],
      [
        'Purchases of property, plant and equipment, including capitalized software development costs',
        '(18,302)',
        '(21,455)',
        '(19,870)',
        '(14.7)%',
        '8.0%',
      ],
      [
        'Proceeds from issuance of common stock under employee stock purchase and option plans',
        '3,118',
        '2,904',
        '2,611',
        '7.4%',
        '11.2%',
      ],
    ],
    ['Selected cash flow data (in thousands, except percentages).'],
    [
      ['47,990', 'thousand'],
      ['(21,455)', 'thousand'],
      ['2,611', 'thousand'],
      ['(14.7)%', 'percent'],
    ],
  ),
  record(
    [
      ['', 'Quarter Ended', '', '', ''],
      ['', 'March 31, 2019', 'June 30, 2019', 'September 30, 2019', 'December 31, 2019'],
      ['Revenue', '$ 41,203', '$ 43,118', '$ 44,902', '$ 47,330'],
      ['Gross profit', '20,118', '21,402', '22,015', '23,887'],
      ['Net income (loss)', '(1,204)', '512', '1,877', '2,340'],
    ],
    ['Selected quarterly financial data (unaudited, in thousands):'],
    [
      ['$ 43,118', 'thousand'],
      ['22,015', 'thousand'],
      ['(1,204)', 'thousand'],
    ],
  ),
];
