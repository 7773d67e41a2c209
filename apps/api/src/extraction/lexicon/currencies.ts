/**
 * Currencies as documents print them (DESIGN §13: a money answer carries its ISO 4217 code):
 * symbols and local abbreviations, each with its code. Rules as data (STYLE §12): a new currency
 * is a row here and a test. Other lists still live beside their one parser and differ on purpose
 * or by history (value-tokens.ts reads a figure's leading sign, scale.ts the currency before a
 * scale such as "$m", receipts and invoices their own): see docs/extraction/README.md, "Adding a
 * vocabulary entry".
 */
const CURRENCY_MARKS: readonly [mark: string, code: string][] = [
  ['US$', 'USD'],
  ['S$', 'SGD'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['CA$', 'CAD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₱', 'PHP'],
  ['฿', 'THB'],
  ['₩', 'KRW'],
  ['₺', 'TRY'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
  ['RM', 'MYR'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['Rp', 'IDR'],
  ['Fr.', 'CHF'],
  ['$', 'USD'],
];

/** Codes a document may print as they are. */
const ISO_CODES = new Set(
  'USD EUR GBP JPY CHF CAD AUD NZD SGD HKD MYR INR IDR PHP THB KRW CNY RMB SEK NOK DKK PLN CZK HUF TRY BRL MXN ZAR AED SAR ILS'.split(
    ' ',
  ),
);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MARK_PATTERN = new RegExp(
  [...CURRENCY_MARKS]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([mark]) => (/^[A-Za-z]/.test(mark) ? `\\b${escapeRegExp(mark)}(?=[\\s\\d]|$)` : escapeRegExp(mark)))
    .join('|'),
);
const CODE_PATTERN = /\b([A-Z]{3})\b/g;

/**
 * The currency a text states, as an ISO 4217 code: a code ("EUR 12.00", "12,00 EUR") first, then a
 * symbol ("€12", "$12", "RM 12"). Undefined when it states none.
 */
export function currencyIn(text: string): string | undefined {
  for (const m of text.matchAll(CODE_PATTERN)) {
    const code = m[1] === 'RMB' ? 'CNY' : m[1];
    if (code && ISO_CODES.has(code)) return code;
  }
  const mark = MARK_PATTERN.exec(text)?.[0];
  return mark ? CURRENCY_MARKS.find(([m]) => m === mark)?.[1] : undefined;
}

/** A currency printed alone in a cell or segment, its figure in the next ("$", "US$", "RMB", "EUR"). */
export const CURRENCY_ALONE = /^(?:US\$|A\$|C\$|HK\$|S\$|R\$|RM|Rs\.?|RMB|USD|EUR|GBP|\$|€|£|¥|₹)$/i;

/** A currency a data point names for its answer ("Net income (USD millions)", "Revenue in $m", "in euros"). */
export const CURRENCY_WORD = String.raw`(?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|US\$|Rs\.?|\$|€|£|¥|₹|dollars?|euros?|pounds?|rupees?)`;
