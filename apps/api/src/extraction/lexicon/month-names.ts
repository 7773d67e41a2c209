import { foldLabel } from './invoice-labels';

/**
 * Month names as documents print them in English, German, French and Spanish, in full and cut
 * short ("März", "Mär.", "mars", "févr.", "marzo", "sept."), folded like labels (no accents).
 */
const MONTHS: Record<number, string[]> = {
  1: ['january', 'jan', 'januar', 'janner', 'janvier', 'janv', 'enero', 'ene'],
  2: ['february', 'feb', 'februar', 'feber', 'fevrier', 'fevr', 'fev', 'febrero'],
  3: ['march', 'mar', 'marz', 'maerz', 'mars', 'marzo'],
  4: ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  5: ['may', 'mai', 'mayo'],
  6: ['june', 'jun', 'juni', 'juin', 'junio'],
  7: ['july', 'jul', 'juli', 'juillet', 'juil', 'julio'],
  8: ['august', 'aug', 'aout', 'agosto', 'ago'],
  9: ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set'],
  10: ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre'],
  11: ['november', 'nov', 'novembre', 'noviembre'],
  12: ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic'],
};

const BY_NAME = new Map<string, number>(
  Object.entries(MONTHS).flatMap(([month, names]) => names.map((n) => [n, Number(month)] as const)),
);

/** The month a word names (1–12), any of the four languages, with or without its point. */
export function monthNumber(word: string): number | undefined {
  return BY_NAME.get(foldLabel(word).replace(/\.$/, '').trim());
}

/** A pattern matching any month name (folded text), longest names first. */
export const MONTH_NAME_PATTERN = [...BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');
