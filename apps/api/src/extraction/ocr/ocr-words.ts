import { MALAYSIAN_REGIONS } from '../lexicon/places';

/**
 * OCR's letter slips undone in the words shops print in their names and addresses: "JUN" and
 * "JLK" for "JLN", "BANDAS" and "EANDAR" for "BANDAR", "KEDAL" for "KEDAI", "SEXSYEN" for
 * "SEKSYEN". A word is replaced only by the one vocabulary word a single slip away (a letter read
 * as one it looks like, or one lost or added in a long word), never when two are; words outside the
 * vocabulary's reach (most names: "NASI KANDAR", "TRADER") are left exactly as read.
 *
 * The vocabulary is the common stock of addresses and shop names where receipts are issued in
 * English and Malay: street and area words, states and larger towns, shop and company words.
 */

const VOCABULARY = `
JALAN JLN LORONG LRG PERSIARAN LEBUH LEBUHRAYA LINGKARAN TAMAN TMN BANDAR BDR KAWASAN PERINDUSTRIAN
PERUSAHAAN SEKSYEN PUSAT PERDAGANGAN KOMERSIAL KOMERSIL DESA KAMPUNG BATU BUKIT SUNGAI KOTA PLAZA
WISMA MENARA KOMPLEKS BANGUNAN PANGSAPURI KEDIAMAN INDAH UTAMA BARU JAYA PERMAI IMPIAN MUTIARA
SETIA DAMAI MEGAH RIA TENGAH SELATAN UTARA TIMUR BARAT LAMA PASAR BESAR KECIL TINGKAT ARAS BLOK
LOT GERAI MEDAN SQUARE AVENUE STREET ROAD DRIVE LANE BOULEVARD HIGHWAY BUILDING FLOOR SUITE UNIT
${MALAYSIAN_REGIONS.join(' ')} DARUL EHSAN TAKZIM AMAN MAKMUR RIDZUAN
PETALING SUBANG KLANG CHERAS AMPANG RAWANG SEREMBAN IPOH GEORGETOWN KUANTAN BHARU SETAR SKUDAI
SENAI KULAI PAHAT MUAR KLUANG ALAM PUCHONG KAJANG BANGI SHAH SERI KEMBANGAN BALAKONG SEMENYIH
SELAYANG KEPONG SETAPAK WANGSA BANGSAR DAMANSARA CYBERJAYA NILAI SEPANG BAHRU TEBRAU PASIR GUDANG
MASAI PERMAS TAMPOI MELAWATI GOMBAK SENTUL BRICKFIELDS KINRARA SERDANG BALAKONG KAPAR MERU BOTANIC
SDN BHD BERHAD ENTERPRISE ENTERPRISES TRADING RESTORAN RESTAURANT KEDAI PERNIAGAAN SYARIKAT
MINIMARKET SUPERMARKET HYPERMARKET MARKET MART STORE STORES SHOP CENTRE CENTER HARDWARE STATIONERY
BOOKSTORE BAKERY BAKERIES ELECTRICAL ELECTRONICS MARKETING INTERNATIONAL INDUSTRIES SERVICES
FURNITURE PHARMACY FARMASI KLINIK MAKANAN MINUMAN CAFE KOPITIAM HOME DECO GALLERY MOTOR PARTS
TRADERS SUPPLY SUPPLIES MANUFACTURING HOLDINGS CORPORATION COMPANY LIMITED GROCER GROCERY FROZEN
FOOD FOODS SEAFOOD BEVERAGE BEVERAGES FRUITS VEGETABLES HOUSE GARDEN NURSERY FLORIST TEXTILE
BOUTIQUE FASHION OPTICAL JEWELLERY TAILOR LAUNDRY WORKSHOP MACHINERY ENGINEERING CONSTRUCTION
`;

const WORDS = new Set(VOCABULARY.split(/\s+/).filter(Boolean));
const BY_LENGTH = new Map<number, string[]>();
for (const w of WORDS) BY_LENGTH.set(w.length, [...(BY_LENGTH.get(w.length) ?? []), w]);

/** Letters OCR takes for one another (both ways). */
const CONFUSED = [
  'IL',
  'LU',
  'IT',
  'NM',
  'NH',
  'NK',
  'DO',
  'DB',
  'BE',
  'RS',
  'GC',
  'GO',
  'OQ',
  'CO',
  'EF',
  'PR',
  'KX',
  'MW',
  'UV',
  'HK',
  'IJ',
  'EC',
  'AR',
  'AO',
  'FP',
];
const confused = (a: string, b: string) => CONFUSED.some((p) => p === a + b || p === b + a);

/** A final letter that makes one word the other's plural or singular ("SUPPLIER" / SUPPLIES). */
const plural = (word: string, candidate: string, at: number) =>
  at === word.length - 1 && (word[at] === 'S' || candidate[at] === 'S');

/** The one vocabulary word a single slip away from `word`, if exactly one is. */
function nearest(word: string): string | undefined {
  // An M read as two letters ("UTARNA" is UTAMA, not UTARA with a letter added): OCR's likeliest slip.
  for (const at of word.matchAll(/RN|NN|IN/g)) {
    const i = at.index ?? 0;
    const candidate = `${word.slice(0, i)}M${word.slice(i + 2)}`;
    if (WORDS.has(candidate)) return candidate;
  }
  const found = new Set<string>();
  // Words a slip away of a kind OCR rarely makes: they make a word ambiguous, never its reading.
  const unlikely = new Set<string>();
  // A letter read as another it looks like: "KANDAR" is a name of its own, not BANDAR misread.
  for (const candidate of BY_LENGTH.get(word.length) ?? []) {
    let diff = -1;
    let count = 0;
    for (let i = 0; i < word.length && count < 2; i++)
      if (word[i] !== candidate[i]) {
        count += 1;
        diff = i;
      }
    if (count !== 1 || plural(word, candidate, diff)) continue;
    if (confused(word[diff] as string, candidate[diff] as string)) found.add(candidate);
    else if (word.length >= 6) unlikely.add(candidate);
  }
  // A letter lost or added (longer words only): "BANGT" is not that, "PERNIAGAN" is; a final S
  // is a word's plural, not a slip ("TRADER" is not TRADERS misread).
  if (word.length >= 6) {
    for (const candidate of [
      ...(BY_LENGTH.get(word.length + 1) ?? []),
      ...(BY_LENGTH.get(word.length - 1) ?? []),
    ]) {
      const [long, short] = candidate.length > word.length ? [candidate, word] : [word, candidate];
      for (let i = 0; i < long.length; i++)
        if (long.slice(0, i) + long.slice(i + 1) === short && !(i === long.length - 1 && long[i] === 'S')) {
          found.add(candidate);
          break;
        }
    }
  }
  return found.size === 1 && unlikely.size === 0 ? [...found][0] : undefined;
}

/**
 * The text with each upper-case word of three or more letters that is not in the vocabulary,
 * but one slip from exactly one word that is, replaced by it. Case, digits and punctuation stay.
 */
export function correctOcrWords(text: string): string {
  return text.replace(/\b[A-Z]{3,}\b/g, (word) => (WORDS.has(word) ? word : (nearest(word) ?? word)));
}
