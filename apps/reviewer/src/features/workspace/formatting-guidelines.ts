/** spec 01 §5 "Formatting guidelines shown to Reviewers". */
export const FORMATTING_GUIDELINES = [
  'Numbers in US format: period as decimal, no thousands separators.',
  'Percentages as decimals (50% becomes 0.5).',
  'Numbers fully expanded (100 million becomes 100000000), unless an abbreviated unit is requested. Values stated "in millions" are multiplied by 1,000,000.',
  'Dates as YYYYMMDD.',
  'A value not found in the source is left blank.',
] as const;
