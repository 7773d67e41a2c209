/**
 * Places an address ends with: the regions (states, federal territories) and countries printed
 * after a postcode and town ("40150 SHAH ALAM, SELANGOR DARUL EHSAN", "56000 KUALA LUMPUR,
 * MALAYSIA"). Rules as data (STYLE §12): a region is a row here and a test.
 */

/** Malaysia's states and federal territories, with the honorifics printed after some. */
export const MALAYSIAN_REGIONS = [
  'SELANGOR',
  'JOHOR',
  'KEDAH',
  'KELANTAN',
  'MELAKA',
  'MALACCA',
  'NEGERI SEMBILAN',
  'PAHANG',
  'PERAK',
  'PERLIS',
  'PULAU PINANG',
  'PENANG',
  'SABAH',
  'SARAWAK',
  'TERENGGANU',
  'LABUAN',
  'PUTRAJAYA',
  'KUALA LUMPUR',
  'WILAYAH PERSEKUTUAN',
] as const;

const HONORIFICS = [
  'DARUL EHSAN',
  'DARUL TAKZIM',
  'DARUL AMAN',
  'DARUL MAKMUR',
  'DARUL RIDZUAN',
  'DARUL NAIM',
  'DARUL KHUSUS',
  'D\\.?\\s?E\\.?',
  'D\\.?\\s?T\\.?',
];

const COUNTRIES = [
  'MALAYSIA',
  'SINGAPORE',
  'INDONESIA',
  'THAILAND',
  'PHILIPPINES',
  'AUSTRALIA',
  'NEW ZEALAND',
  'UNITED KINGDOM',
  'UK',
  'UNITED STATES',
  'USA',
  'CANADA',
  'GERMANY',
  'DEUTSCHLAND',
  'FRANCE',
  'SPAIN',
  'ESPAÑA',
  'ITALY',
  'NETHERLANDS',
];

const words = (names: readonly string[]) => names.map((n) => n.replace(/ /g, '\\s+')).join('|');

/** A Malaysian state or federal territory named anywhere in a text. */
export const MALAYSIAN_REGION = new RegExp(`\\b(?:${words(MALAYSIAN_REGIONS)})\\b`, 'i');

const PLACE = `(?:${words(MALAYSIAN_REGIONS)}|${HONORIFICS.join('|')}|${words(COUNTRIES)})`;
const ENDS_IN_PLACE = new RegExp(`^[\\p{L}\\s,.'-]*\\b${PLACE}[\\s,.]*$`, 'iu');

/**
 * A line that ends in a region or a country, without figures ("SELANGOR D.E.", "Malaysia",
 * "CAMERON HIGHLANDS, PAHANG"): the one kind of line that may follow an address's postcode line
 * and still belong to it.
 */
export function isRegionLine(text: string): boolean {
  return ENDS_IN_PLACE.test(text);
}

/**
 * A line that finishes a place name the line before began ("50450 KUALA LUMPUR, W.P. KUALA" /
 * "LUMPUR."): a narrow till wraps a region's name like any other words. The line has no figures
 * and is not a place on its own.
 */
export function continuesPlace(before: string, text: string): boolean {
  if (!/^[\p{L}\s,.'-]+$/u.test(text) || text.trim().split(/\s+/).length > 2 || isRegionLine(text))
    return false;
  const tail = before.trim().split(/\s+/).slice(-2).join(' ');
  return ENDS_IN_PLACE.test(`${tail} ${text.trim()}`);
}

/**
 * A postcode with the town after it ("40150 SHAH ALAM", "81750 Masai") or a ZIP ending the line
 * ("Springfield, IL 62704"): what closes an address's lines. A lot or house number of five digits
 * ("LOT 12345", "No. 10250") is no postcode.
 */
export const POSTCODE_TOWN = /(?<!\b(?:LOT|NO|PTD|PT)\.?\s*)\b\d{5}(?:\s*,?\s+\p{L}{3,}|(?:-\d{4})?\s*$)/iu;

/** What places a shop in Australia: a state with its four-digit postcode ("SYDNEY NSW 2000"), an ABN. */
export const AUSTRALIAN_PLACE = /\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT) \d{4}\b|\bABN\b/;
/** What places a shop in Singapore: a PTE LTD company, the city with its six-digit postcode. */
export const SINGAPORE_PLACE = /\bPTE\.?\s*LTD\b|\bSINGAPORE\s+\d{6}\b/i;

/**
 * The dollar a bare "$" means on a document that names where it was issued: Australia's and
 * Singapore's by their places, else the US dollar ("US$", "A$", "S$" and the codes say it
 * themselves and are read as printed).
 */
export function dollarOf(text: string): 'AUD' | 'SGD' | 'USD' {
  if (AUSTRALIAN_PLACE.test(text)) return 'AUD';
  if (SINGAPORE_PLACE.test(text)) return 'SGD';
  return 'USD';
}
