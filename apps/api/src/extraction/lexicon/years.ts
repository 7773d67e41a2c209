/**
 * A year as documents print it: 1900–2099. The one definition; every year pattern in extraction
 * composes it (docs/extraction/README.md, "Adding a vocabulary entry"), so a century added here
 * reaches table headings, periods, derived figures and receipts alike.
 */
export const YEAR = String.raw`(?:19|20)\d{2}`;

/**
 * A receipt's year as OCR may read it: the real ones and the misreads of "20" that the date
 * finder corrects from the receipt's other dates ("2618", "2918" for 2018).
 */
export const OCR_YEAR = String.raw`(?:19|20|2[689])\d{2}`;

const BARE_YEAR = new RegExp(`^${YEAR}$`);

/** A text that is a year and nothing else ("2023"): a heading or a label, not a figure. */
export function isYear(text: string): boolean {
  return BARE_YEAR.test(text.trim());
}
