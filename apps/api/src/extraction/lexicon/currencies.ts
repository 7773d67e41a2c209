/**
 * Currencies as documents print them (DESIGN §13: a money answer carries its ISO 4217 code): each
 * currency once, with its code, the marks printed for it (symbols and local abbreviations) and the
 * words that name it. Rules as data (STYLE §12): a new currency is a row here and a test. Every
 * reader that looks for a currency builds its pattern from this table (`currencyAlternation`,
 * `printedCurrency`) and chooses only which currencies it needs: a figure's leading sign, a scale
 * such as "$m", a receipt's money (docs/extraction/README.md, "Adding a vocabulary entry").
 */
interface Currency {
  code: string;
  /** Symbols and abbreviations printed for it, the most specific first ("US$" before "$"). */
  marks: readonly string[];
  /** Words naming it in prose or in a data point ("in euros"), as pattern sources. */
  names?: readonly string[];
}

const CURRENCIES: readonly Currency[] = [
  { code: 'USD', marks: ['US$', '$'], names: ['dollars?'] },
  { code: 'SGD', marks: ['S$'] },
  { code: 'AUD', marks: ['A$', 'AU$'] },
  { code: 'CAD', marks: ['C$', 'CA$'] },
  { code: 'NZD', marks: ['NZ$'] },
  { code: 'HKD', marks: ['HK$'] },
  { code: 'BRL', marks: ['R$'] },
  { code: 'EUR', marks: ['€', 'EURO'], names: ['euros?'] },
  { code: 'GBP', marks: ['£'], names: ['pounds?'] },
  { code: 'JPY', marks: ['¥'], names: ['yen'] },
  { code: 'CNY', marks: ['RMB'] },
  { code: 'INR', marks: ['₹', 'Rs.', 'Rs'], names: ['rupees?'] },
  { code: 'PHP', marks: ['₱'] },
  { code: 'THB', marks: ['฿'] },
  { code: 'KRW', marks: ['₩'] },
  { code: 'TRY', marks: ['₺'] },
  { code: 'PLN', marks: ['zł'] },
  { code: 'CZK', marks: ['Kč'] },
  { code: 'MYR', marks: ['RM'] },
  { code: 'IDR', marks: ['Rp'] },
  { code: 'CHF', marks: ['SFr.', 'Fr.'], names: ['francs?'] },
  ...'SEK NOK DKK HUF MXN ZAR AED SAR ILS'.split(' ').map((code) => ({ code, marks: [] })),
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWithLetter = (s: string) => /^\p{L}/u.test(s);
const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

function chosen(codes?: readonly string[]): Currency[] {
  if (!codes) return [...CURRENCIES];
  return codes.map((code) => {
    const currency = byCode.get(code);
    if (!currency) throw new Error(`No currency ${code} in lexicon/currencies.ts`);
    return currency;
  });
}

/**
 * A pattern source matching any mark or code of the chosen currencies (all of them by default),
 * longest first so "RMB" is not read as "RM" + "B". With `wordStart`, a lettered mark or code
 * starts at a word's start ("Rs 12", not the "rs" of "hours"); with `names`, the words naming
 * them match too ("in euros").
 */
export function currencyAlternation(
  options: { codes?: readonly string[]; wordStart?: boolean; names?: boolean } = {},
): string {
  const currencies = chosen(options.codes);
  const texts = currencies.flatMap((c) => [c.code, ...c.marks]);
  const sources = [...new Set(texts)]
    .sort((a, b) => b.length - a.length)
    .map((t) => (options.wordStart && startsWithLetter(t) ? `\\b${escapeRegExp(t)}` : escapeRegExp(t)));
  const names = options.names ? currencies.flatMap((c) => c.names ?? []) : [];
  return `(?:${[...sources, ...names].join('|')})`;
}

/**
 * Where OCR'd text prints a currency (a receipt, a scanned invoice): its code as a word; a lettered
 * mark as a word ("RM", "(RM)", "RM12.50", "S$"); a symbol only beside an amount, before or after
 * it ("€3.50", "3,50 €"), since OCR makes symbols of specks. A bare "$" is left to the caller: whose
 * dollar it is, only the document's country tells.
 */
export function printedCurrency(code: string): RegExp {
  const currency = chosen([code])[0] as Currency;
  const parts = [`\\b${currency.code}\\b`];
  for (const mark of currency.marks) {
    if (mark === '$') continue;
    const m = escapeRegExp(mark);
    parts.push(
      startsWithLetter(mark) ? `\\b${m}(?!\\p{L})` : `${m}\\s?-?\\d`,
      ...(startsWithLetter(mark) ? [] : [`\\d\\s?${m}`]),
    );
  }
  return new RegExp(parts.join('|'), 'u');
}

const CODES = new Map(CURRENCIES.map((c) => [c.code, c.code]));
CODES.set('RMB', 'CNY');
const MARKS = CURRENCIES.flatMap((c) => c.marks.map((mark) => [mark, c.code] as const)).sort(
  (a, b) => b[0].length - a[0].length,
);
const MARK_PATTERN = new RegExp(
  MARKS.map(([mark]) =>
    startsWithLetter(mark) ? `\\b${escapeRegExp(mark)}(?=[\\s\\d]|$)` : escapeRegExp(mark),
  ).join('|'),
  'u',
);
const CODE_PATTERN = /\b([A-Z]{3})\b/g;
const NAMES = CURRENCIES.flatMap((c) =>
  (c.names ?? []).map((name) => [new RegExp(`\\b${name}\\b`, 'i'), c.code] as const),
);

/**
 * The currency a text states, as an ISO 4217 code: a code ("EUR 12.00", "12,00 EUR") first, then a
 * mark ("€12", "$12", "RM 12"), then a name ("12 euros"). Undefined when it states none.
 */
export function currencyIn(text: string): string | undefined {
  for (const m of text.matchAll(CODE_PATTERN)) {
    const code = CODES.get(m[1] ?? '');
    if (code) return code;
  }
  const mark = MARK_PATTERN.exec(text)?.[0];
  if (mark) return MARKS.find(([m]) => m === mark)?.[1];
  return NAMES.find(([pattern]) => pattern.test(text))?.[1];
}

/** A currency printed alone in a cell or a word, its figure in the next ("$", "US$", "RMB", "EUR", "RM"). */
export const CURRENCY_ALONE = new RegExp(`^${currencyAlternation()}$`, 'i');

/** A currency a data point names for its answer ("Net income (USD millions)", "Revenue in $m", "in euros"). */
export const CURRENCY_WORD = currencyAlternation({ wordStart: true, names: true });
