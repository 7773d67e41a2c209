import { foldLabel } from './invoice-labels';

/**
 * Month names, the one vocabulary every stage reads them from (periods, table rows and headers,
 * receipts, invoices): by language, in full and cut short ("März", "Mär.", "mars", "févr.",
 * "marzo", "sept.", "Mac"), folded like labels (no accents). Each reader names the languages its
 * documents use: report tables are read in English, invoices in English, German, French and
 * Spanish, receipts in those and Malay.
 */
export type MonthLanguage = 'en' | 'de' | 'fr' | 'es' | 'ms';

const MONTH_NAMES: Record<MonthLanguage, Record<number, string[]>> = {
  en: {
    1: ['january', 'jan'],
    2: ['february', 'feb'],
    3: ['march', 'mar'],
    4: ['april', 'apr'],
    5: ['may'],
    6: ['june', 'jun'],
    7: ['july', 'jul'],
    8: ['august', 'aug'],
    9: ['september', 'sep', 'sept'],
    10: ['october', 'oct'],
    11: ['november', 'nov'],
    12: ['december', 'dec'],
  },
  de: {
    1: ['januar', 'janner'],
    2: ['februar', 'feber'],
    3: ['marz', 'maerz'],
    5: ['mai'],
    6: ['juni'],
    7: ['juli'],
    10: ['oktober', 'okt'],
    12: ['dezember', 'dez'],
  },
  fr: {
    1: ['janvier', 'janv'],
    2: ['fevrier', 'fevr', 'fev'],
    3: ['mars'],
    4: ['avril', 'avr'],
    5: ['mai'],
    6: ['juin'],
    7: ['juillet', 'juil'],
    8: ['aout'],
    9: ['septembre'],
    10: ['octobre'],
    11: ['novembre'],
    12: ['decembre'],
  },
  es: {
    1: ['enero', 'ene'],
    2: ['febrero'],
    3: ['marzo'],
    4: ['abril', 'abr'],
    5: ['mayo'],
    6: ['junio'],
    7: ['julio'],
    8: ['agosto', 'ago'],
    9: ['septiembre', 'setiembre', 'set'],
    10: ['octubre'],
    11: ['noviembre'],
    12: ['diciembre', 'dic'],
  },
  ms: {
    1: ['januari'],
    2: ['februari'],
    3: ['mac'],
    5: ['mei'],
    7: ['julai'],
    8: ['ogos', 'ogo'],
    10: ['oktober', 'okt'],
    12: ['disember', 'dis'],
  },
};

/** The languages invoices are read in (receipts add Malay). */
export const INVOICE_MONTH_LANGUAGES: MonthLanguage[] = ['en', 'de', 'fr', 'es'];
export const RECEIPT_MONTH_LANGUAGES: MonthLanguage[] = ['en', 'ms', 'de', 'fr', 'es'];

function namesOf(languages: MonthLanguage[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const language of languages)
    for (const [month, names] of Object.entries(MONTH_NAMES[language]))
      for (const name of names) if (!out.has(name)) out.set(name, Number(month));
  return out;
}

const byLanguages = new Map<string, Map<string, number>>();
function names(languages: MonthLanguage[]): Map<string, number> {
  const key = languages.join();
  let found = byLanguages.get(key);
  if (!found) {
    found = namesOf(languages);
    byLanguages.set(key, found);
  }
  return found;
}

/** English month names by their first three letters, January first ("jan" … "dec"). */
export const ENGLISH_MONTH_PREFIXES = Object.values(MONTH_NAMES.en).map((n) => (n[0] as string).slice(0, 3));

/** An English month word as tables print it: any word starting with a month's three letters ("Sept.", "Dec"). */
export const ENGLISH_MONTH_PREFIX = `(?:${ENGLISH_MONTH_PREFIXES.join('|')})`;
export const ENGLISH_MONTH_WORD = String.raw`${ENGLISH_MONTH_PREFIX}[a-z]*\.?`;
/** An English month name in full or cut short, exactly ("Sept", "June"; not "Junk"), longest first. */
export const ENGLISH_MONTH_NAME = [...names(['en']).keys()].sort((a, b) => b.length - a.length).join('|');

/** The month (1–12) an English word starting with a month's three letters names ("SEPT", "December"). */
export function englishMonth(word: string): number | undefined {
  const i = ENGLISH_MONTH_PREFIXES.indexOf(word.slice(0, 3).toLowerCase());
  return i >= 0 ? i + 1 : undefined;
}

/**
 * The month a word names (1–12) in the languages given (folded, with or without its point); an
 * English name also by its first three letters ("Septemb").
 */
export function monthNumber(word: string, languages = INVOICE_MONTH_LANGUAGES): number | undefined {
  const folded = foldLabel(word).replace(/\.$/, '').trim();
  return names(languages).get(folded) ?? (languages.includes('en') ? englishMonth(folded) : undefined);
}

/** A pattern matching any month name of the languages given (folded text), longest names first. */
export function monthNamePattern(languages = INVOICE_MONTH_LANGUAGES): string {
  return [...names(languages).keys()].sort((a, b) => b.length - a.length).join('|');
}
export const MONTH_NAME_PATTERN = monthNamePattern();
