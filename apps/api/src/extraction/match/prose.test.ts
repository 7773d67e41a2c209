import { describe, expect, it } from 'vitest';
import { proseFigures, sentenceAround } from './prose';

/** The levels a sentence gives after `label`, as "figure@years". */
function read(sentence: string, label: string, section?: number) {
  const start = sentence.toLowerCase().indexOf(label.toLowerCase());
  return proseFigures(
    sentence,
    { start, end: start + label.length },
    section ? { years: [section] } : undefined,
  ).map((f) => `${f.token}@${f.period?.years.join('/') ?? '?'}${f.fromContext ? ' (section)' : ''}`);
}

describe('figures in a sentence, by period', () => {
  // `section`: the year the heading above names, for a sentence that names none.
  it.each<{ why: string; sentence: string; label: string; section?: number; reads: string[] }>([
    {
      why: 'ties each figure to the period written beside it',
      sentence: 'Revenue for fiscal 2024 was $4.2 billion, compared to $3.96 billion in fiscal 2023',
      label: 'Revenue',
      reads: ['$4.2 billion@2024', '$3.96 billion@2023'],
    },
    {
      why: 'ties each figure to the period written beside it',
      sentence:
        'For the year ended December 31, 2024, cost of sales amounted to $1,210.5 million compared with $1,154.0 million for the year ended December 31, 2023',
      label: 'cost of sales',
      reads: ['$1,210.5 million@2024', '$1,154.0 million@2023'],
    },
    {
      why: 'puts a figure the sentence comes "from" in the year before its own, and leaves changes out',
      sentence:
        'Gross profit increased $112 million, or 9%, to $1,365 million in fiscal 2024 from $1,253 million in the prior year',
      label: 'Gross profit',
      reads: ['$1,365 million@2024', '$1,253 million@2023'],
    },
    {
      why: 'puts a figure the sentence comes "from" in the year before its own, and leaves changes out',
      sentence: 'Net debt fell to £410m at 31 December 2024 from £498m a year earlier',
      label: 'Net debt',
      reads: ['£410m@2024', '£498m@2023'],
    },
    {
      why: 'puts a figure the sentence comes "from" in the year before its own, and leaves changes out',
      sentence: 'Revenue grew by $240 million in 2024',
      label: 'Revenue',
      reads: [],
    },
    {
      why: 'puts the first figure in the year after the one it is compared with',
      sentence: 'Operating margin was 18.0%, up 120 basis points from 16.8% in 2023',
      label: 'Operating margin',
      reads: ['18.0%@2024', '16.8%@2023'],
    },
    {
      why: 'puts the first figure in the year after the one it is compared with',
      sentence:
        'Net income was $2.1 billion, or $4.12 per diluted share, compared with $1.8 billion, or $3.50 per diluted share, in 2023',
      label: 'Net income',
      reads: ['$2.1 billion@2024', '$1.8 billion@2023'],
    },
    {
      why: 'knows the prior year by its name',
      sentence:
        "Net sales for the third quarter of 2024 were $1.23 billion, an increase of 8% over the prior-year quarter's $1.14 billion",
      label: 'Net sales',
      reads: ['$1.23 billion@2024', '$1.14 billion@2023'],
    },
    {
      why: 'knows the prior year by its name',
      sentence: 'Capital expenditure for the year amounted to €412 million (previous year: €380 million)',
      label: 'Capital expenditure',
      section: 2024,
      reads: ['€412 million@2024 (section)', '€380 million@2023 (section)'],
    },
    {
      why: 'gives a period named without its year the year after the one compared with; a widening is a change',
      sentence:
        'Year-to-date, revenue totaled $3.52 billion versus $3.31 billion in the first nine months of 2023',
      label: 'revenue',
      reads: ['$3.52 billion@2024', '$3.31 billion@2023'],
    },
    {
      why: 'gives a period named without its year the year after the one compared with; a widening is a change',
      sentence: 'Operating margin expanded 150 basis points to 21.5%',
      label: 'Operating margin',
      section: 2024,
      reads: ['21.5%@2024 (section)'],
    },
    {
      why: 'reads "respectively" and "(2023: …)" comparatives',
      sentence:
        'Interest expense was $52 million, $61 million and $64 million in 2024, 2023 and 2022, respectively',
      label: 'Interest expense',
      reads: ['$52 million@2024', '$61 million@2023', '$64 million@2022'],
    },
    {
      why: 'reads "respectively" and "(2023: …)" comparatives',
      sentence: 'Group revenue of £1,532.4m (2023: £1,445.7m) was up 6%',
      label: 'Group revenue',
      reads: ['£1,532.4m@2024', '£1,445.7m@2023'],
    },
    {
      why: 'takes the year after a comparative of another item in the sentence',
      sentence:
        'Adjusted operating profit increased by 9% to £245.1m (2023: £224.9m), and the adjusted operating margin improved 40 basis points to 16.0%',
      label: 'adjusted operating margin',
      reads: ['16.0%@2024'],
    },
    {
      why: 'stops where the sentence turns to another item',
      sentence: 'Revenue was $4.2 billion in 2024, while operating income rose to $600 million in 2024',
      label: 'Revenue',
      reads: ['$4.2 billion@2024'],
    },
    {
      why: 'stops where the sentence turns to another item',
      sentence: 'Revenue was $4.2 billion in 2024, and operating income was $600 million',
      label: 'Revenue',
      reads: ['$4.2 billion@2024'],
    },
    {
      why: 'stops where the sentence turns to another item',
      sentence: 'Revenue was $4.2 billion in 2024 and was $3.9 billion in 2023',
      label: 'Revenue',
      reads: ['$4.2 billion@2024', '$3.9 billion@2023'],
    },
    {
      why: 'takes the period of the section for a sentence that names none, and says so',
      sentence: 'Net income increased to $431 million from $388 million a year ago',
      label: 'Net income',
      section: 2024,
      reads: ['$431 million@2024 (section)', '$388 million@2023 (section)'],
    },
    {
      why: 'gives no period to a sentence that names none, outside a section that does',
      sentence: 'Net income increased to $431 million from $388 million a year ago',
      label: 'Net income',
      reads: [],
    },
  ])('$why: $label', ({ sentence, label, section, reads }) => {
    expect(read(sentence, label, section)).toEqual(reads);
  });

  it('finds the sentence holding a label, not stopped by "U.S." or decimals', () => {
    const text = 'Orders rose. Sales in the U.S. were $4.2 billion in 2024. Margins fell.';
    expect(sentenceAround(text, text.indexOf('Sales'))).toEqual({
      sentence: 'Sales in the U.S. were $4.2 billion in 2024',
      start: 13,
    });
  });
});
