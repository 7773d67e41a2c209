/**
 * The columns of an item table as invoices and receipts head them, in the languages the invoice
 * reader knows (DESIGN §13: description, quantity, unit price, amount, tax code). Rules as data
 * (STYLE §12): a new heading is a word here and a test.
 */
export type LineItemRole = 'description' | 'quantity' | 'unit_price' | 'amount' | 'tax_code' | 'date';

const ROLE_WORDS: Record<LineItemRole, readonly string[]> = {
  description: [
    'description',
    'desc',
    'item',
    'items',
    'product',
    'products',
    'service',
    'services',
    'details',
    'article',
    'particulars',
    'name',
    'beschreibung',
    'bezeichnung',
    'leistung',
    'artikel',
    'position',
    'désignation',
    'designation',
    'libellé',
    'libelle',
    'concepto',
    'descripción',
    'descripcion',
    'artículo',
    'transaction',
    'merchant',
    'payee',
    'period',
  ],
  quantity: [
    'qty',
    'quantity',
    'qte',
    'qté',
    'quantité',
    'quantite',
    'units',
    'unit count',
    'hours',
    'hrs',
    'pcs',
    'menge',
    'anz',
    'anzahl',
    'stück',
    'cant',
    'cantidad',
    'count',
    'no of units',
  ],
  unit_price: [
    'unit price',
    'price',
    'rate',
    'unit cost',
    'each',
    'price each',
    'unit',
    'einzelpreis',
    'e-preis',
    'preis',
    'prix unitaire',
    'p.u. ht',
    'p.u.',
    'pu',
    'prix',
    'precio unitario',
    'precio',
    'monthly rent',
  ],
  amount: [
    'amount',
    'total',
    'line total',
    'net',
    'net amount',
    'ext',
    'extended',
    'sum',
    'value',
    'betrag',
    'gesamt',
    'summe',
    'montant',
    'montant ht',
    'total ht',
    'importe',
    'subtotal',
  ],
  tax_code: ['tax code', 'tax', 'vat', 'vat code', 'tax rate', 'mwst', 'ust', 'tva', 'iva', 'gst'],
  date: ['date', 'posted', 'transaction date', 'post date', 'datum', 'fecha'],
};

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_]+/g, ' ')
    .replace(/[:#*]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const BY_WORD = new Map<string, LineItemRole>(
  (Object.entries(ROLE_WORDS) as [LineItemRole, readonly string[]][]).flatMap(([role, words]) =>
    words.map((w) => [fold(w), role] as const),
  ),
);

/** The role a heading (or a requested column's name) names: "Unit price" → unit_price, "Menge" → quantity. */
export function lineItemRole(text: string): LineItemRole | undefined {
  const folded = fold(text);
  if (!folded) return undefined;
  const exact = BY_WORD.get(folded) ?? BY_WORD.get(folded.replace(/\.$/, ''));
  if (exact) return exact;
  // "Total (EUR)", "Amount $", "Qty." — the heading's first words.
  const words = folded
    .replace(/\(.*\)|[$€£]/g, '')
    .trim()
    .split(' ');
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const head = words.slice(0, n).join(' ').replace(/\.$/, '');
    const role = BY_WORD.get(head);
    if (role) return role;
  }
  return undefined;
}

/** Lines that close an item list rather than being items: totals, taxes, payments, change. */
export const ITEM_LIST_END =
  /^(?:sub-?\s?total|total|totals|grand total|net total|amount due|balance|tax|vat|gst|sst|mwst|ust|tva|iva|service charge|rounding|round(?:ing)? adj|discount|shipping|freight|cash|change|tendered|paid|payment|card|visa|mastercard|amex|zwischensumme|summe|gesamt(?:betrag)?|nettobetrag|sous-total|total ht|total ttc|montant|base imponible|importe total|net amount|total excl)\b/i;

/**
 * The tax codes a till prints after an item's amount ("12.50 SR", "3.20 Z", "9.90 T"): Malaysian
 * GST's standard-rated, zero-rated, exempt and out-of-scope codes, and the single letters of
 * European and Australian tills. The two-letter ones are also found glued to the amount ("10.17SR").
 */
const ITEM_TAX_CODES: readonly string[] = [
  'SR',
  'ZR',
  'ES',
  'OS',
  'DS',
  'RS',
  'GS',
  'TX',
  'IM',
  'NR',
  'S',
  'Z',
  'E',
  'T',
  'A',
  'B',
  'N',
  '*',
];

/** A word that is an item's tax code ("SR", "zr", "T"). */
export function isItemTaxCode(text: string): boolean {
  return ITEM_TAX_CODES.includes(text.toUpperCase());
}

/** An amount with a two-letter tax code glued after it ("10.17SR" → "10.17", "SR"). */
export function splitGluedTaxCode(text: string): [string, string] | undefined {
  const m = /^(.*\d[.,]\d{2})([A-Za-z]{2})$/.exec(text);
  return m?.[1] && m[2] && isItemTaxCode(m[2]) ? [m[1], m[2]] : undefined;
}

/** The units a product's size is printed in within its name ("500ML", "1.5L", "80GSM", "4PK", "9W"). */
const SIZE_UNITS: readonly string[] = [
  'ml',
  'l',
  'cl',
  'g',
  'kg',
  'mg',
  'gsm',
  'oz',
  'lb',
  'w',
  'v',
  'pk',
  'pcs',
  'in',
  'cm',
  'mm',
  'm',
];
const SIZE = new RegExp(`^(\\d[\\dO]*(?:[.,][\\dO]+)?)(${SIZE_UNITS.join('|')})$`, 'i');

/** A size OCR read with the letter O for a zero ("8OGSM", "1O0ML") as printed: "80GSM", "100ML". */
export function productSize(word: string): string {
  const m = SIZE.exec(word);
  return m?.[1] && m[2] ? `${m[1].replace(/O/g, '0')}${m[2]}` : word;
}
