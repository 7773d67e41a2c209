import { continuesPlace, isRegionLine, POSTCODE_TOWN } from '../lexicon/places';
import { correctOcrWords } from '../ocr/ocr-words';
import { datesIn } from './dates';
import {
  CONTACT,
  type Found,
  hasPrice,
  letterCount,
  lineText,
  type RLine,
  type RWord,
} from './receipt-lines';

/** A receipt's company (the name heading it) and address (the lines under the name). */

// ---------------------------------------------------------------------------------------------
// Company and address

export const LEGAL_SUFFIX =
  /\b(?:SDN\.?\s*BHD\.?|BHD\.?|S\/B|BERHAD|PTE\.?\s*LTD\.?|PTY\.?\s*LTD\.?|LTD\.?|LIMITED|PLC|LLC|L\.L\.C\.|INC\.?|INCORPORATED|CORP\.?|CORPORATION|CO\.?,? LTD|COMPANY|GMBH|G\.M\.B\.H\.|AG|KG|S\.?A\.?R\.?L\.?|S\.?A\.?|S\.?R\.?L\.?|B\.?V\.?|N\.?V\.?|OY|AB|ENTERPRISES?|TRADING|HOLDINGS?)(?=$|[\s.,)(&])/i;
/** The legal suffixes that are a company's form, not a word of its trade ("TRADING", "ENTERPRISE"). */
export const COMPANY_FORM =
  /\b(?:SDN\.?\s*BHD|BHD|S\/B|BERHAD|PTE\.?\s*LTD|PTY\.?\s*LTD|LTD|LIMITED|PLC|LLC|INC|CORP|CORPORATION|GMBH)\b/i;
export const NOT_COMPANY =
  /\b(?:goods sold|returnable|exchangeable|refund|feedback|complaint|please|come again|voucher)\b|^(?:tax invoice|simplified tax invoice|invoice|receipt|cash receipt|official receipt|sales receipt|customer copy|merchant copy|cardholder copy|sale|welcome|welcome to|thank you|copy|duplicate|original|bill|cash bill|cash sales?|credit sales?|cash invoice|tax receipt|quotation|statement|order)\b|^\W*$/i;
/** A phone number on a line of its own, under a short label or none ("(217) 555-0142", "Ph 330-555-0177"). */
export const PHONE_LINE = /^(?:ph|tel|t)?\.?:?\s*\+?\(?\d{2,4}\)?[\s.-]?\d{3,4}[\s.-]\d{4}$/i;
/** "(627189-M)", also as OCR reads it: "(627E89-M)", a digit taken for a letter. */
export const REG_NUMBER =
  /^\(?\s*(?:co\.?\s*(?:no|reg)\.?:?\s*)?(?:\d{3,}|(?=(?:[A-Z]*\d){4})[\dA-Z]{5,9})[-\s]?[A-Z]?\s*\)?\.?$/i;
export const ADDRESS_WORD =
  /\b(?:no\.?\s*\d|lot|jalan|jln|lorong|taman|tmn|bandar|kampung|kg|persiaran|lebuh|street|st\.|road|rd\.?|avenue|ave\.?|lane|drive|blvd|boulevard|way|square|place|court|floor|suite|unit|level|block|blk|building|plaza|mall|centre|center|park|strasse|straße|platz|weg|allee|rue|route|autoroute|chemin|calle|avenida|\d{4,6})\b/i;

export const STREET_WORD = /\b(?:lot|jalan|jln|lorong|taman|tmn|persiaran|lebuh|street|road|avenue)\b/i;

/**
 * OCR's usual slips in a Malaysian legal suffix: "SON BHD", "SDN, BHB", "SDH. BHD.", "SONBID"
 * (glued, its H read as I), "(My", "SIB", "5/8" and "S/8" for S/B at the end of a name.
 */
export function normaliseLegalSuffix(text: string): string {
  return (
    text
      .replace(
        /\bS[DO0QEUI1][NHM]([.,]?)(\s*)B[HNI1][DO0B]([.,]?)(?=[\s)]|$)/gi,
        (_m, a: string, gap: string, b: string) => `SDN${a ? '.' : ''}${gap || ' '}BHD${b ? '.' : ''}`,
      )
      .replace(/\(M[y\]}|]?(?=\s+SDN)/g, '(M)')
      // No name holds a brace: "BEMED {SP}" is (SP) read by thermal print.
      .replace(/\{/g, '(')
      .replace(/\}/g, ')')
      .replace(/\bS[I1l|]B\b/g, 'S/B')
      .replace(/(?<=\p{L}.*\s)[S5]\s?[/|]\s?[B8]\.?(?=\s*(?:\([^()]*\))?$)/u, 'S/B')
  );
}

/**
 * Initials OCR read with a digit for a letter: "D.1.Y." is D.I.Y., "A.0.K." A.O.K. — a run of
 * single characters each closed by a point, all letters but the look-alike digits.
 */
export function fixInitials(text: string): string {
  return text.replace(/\b(?:[\p{L}01]\.){2,}/gu, (run) =>
    /\p{L}/u.test(run) ? run.replace(/1/g, 'I').replace(/0/g, 'O') : run,
  );
}

/** "Owned by:", "Operated by", and "OWN BY:" as OCR reads it: the owner's name follows. */
const OWNER_PHRASE = /^(?:own(?:ed)?|operated|managed)\s+by\b\s*:?\s*/i;

export function cleanName(text: string): string {
  return normaliseLegalSuffix(fixInitials(correctOcrWords(text)))
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(OWNER_PHRASE, '')
    .replace(/[\s,;:*_~-]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface CompanyHit {
  found: Found;
  lineIndex: number;
}

/** Text that can be (part of) a name: not a title, a phone, a registration number or a stray sign. */
export function namePart(text: string): boolean {
  return (
    letterCount(text) + (text.match(/\d/g)?.length ?? 0) >= 1 &&
    !NOT_COMPANY.test(text) &&
    !CONTACT.test(text) &&
    !REG_NUMBER.test(text)
  );
}

export function findCompany(lines: RLine[]): CompanyHit | undefined {
  const top = lines.filter((l) => l.page === (lines[0]?.page ?? 1)).slice(0, 12);
  const firstValueLine = top.findIndex(
    (l) =>
      datesIn(l, 0).length > 0 ||
      hasPrice(l.words) ||
      /\b(?:date|cashier|receipt no|invoice no)\b/i.test(l.text),
  );
  const limit = firstValueLine > 0 ? firstValueLine : top.length;
  // The name heads the receipt: a name printed after the address or the phone number ("Owned By :"
  // / "SANYU SUPPLY SDN BHD" under the shop's own name and address) is the owner, not the shop.
  const headerEnd = top.findIndex(
    (l, i) =>
      i > 0 &&
      (CONTACT.test(l.text) ||
        (ADDRESS_WORD.test(l.text) && /\d/.test(l.text) && !LEGAL_SUFFIX.test(l.text))),
  );
  const candidates: { text: string; words: RWord[]; index: number; score: number }[] = [];
  for (let i = 0; i < limit; i++) {
    const line = top[i] as RLine;
    // The name is the first segment (an invoice prints "INVOICE" on the same line, far right).
    for (const [j, first] of line.segments.slice(0, 2).entries()) {
      let segment = first;
      // "Dion Realties Sdn Bhd (Co. No:20154-T)": the name, its registration number beside it.
      // Not "Company No :256628-W": what is left of a registration line is no name without a company form.
      const whole = cleanName(lineText(segment));
      const name = namePart(whole) ? whole : stripRegNumber(whole);
      if (letterCount(name) < 3 || !namePart(name)) continue;
      if (name !== whole && !(LEGAL_SUFFIX.test(name) && nameWords(name) > 0)) continue;
      // A centred name OCR split at a wide gap ("KEDAI MUTIARA HOME || DECO || (SEKSYEN") is one
      // name; a title, a number or a phone beside it is not part of it.
      for (const more of line.segments.slice(j + 1)) {
        // A name ends at its company form: what stands apart after "SDN BHD" is a speck or a logo.
        if (
          /(?:SDN\.?\s*BHD|BERHAD|S\/B|PTE\.?\s*LTD|PTY\.?\s*LTD|LTD|GMBH)\.?$/i.test(
            cleanName(lineText(segment)),
          )
        )
          break;
        const part = cleanName(lineText(more));
        if (!namePart(part) || hasPrice(more) || datesIn({ ...line, words: more }, 0).length) break;
        segment = [...segment, ...more];
      }
      const text = cleanName(lineText(segment));
      let score = 0.7 - i * 0.04;
      if (LEGAL_SUFFIX.test(text)) score += 0.4;
      if (headerEnd > 0 && i > headerEnd) score -= 0.5;
      if (ADDRESS_WORD.test(text) && !LEGAL_SUFFIX.test(text)) score -= 0.45;
      if (/\d/.test(text) && !LEGAL_SUFFIX.test(text)) score -= 0.15;
      const boxHeight = segment[0]?.box ? segment[0].box[3] - segment[0].box[1] : 0;
      if (boxHeight) score += Math.min(0.1, boxHeight * 2);
      // A logo or a smudge read as text: low confidence, few letters among the characters.
      const confidence = meanConfidence(segment);
      if (confidence < 0.7) score -= 0.7 - confidence;
      if (letterCount(text) / text.replace(/\s/g, '').length < 0.6) score -= 0.3;
      candidates.push({ text, words: segment, index: i, score });
      break;
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.index - b.index);
  const best = candidates[0];
  if (!best) return undefined;
  const title = /\s+(?:simplified\s+)?(?:tax\s+)?(?:invoice|receipt)\s*$/i.exec(best.text);
  // "gg) HERO DISTRIBUTION SDN BHD": a logo's garble, a bracket closed that nothing opened.
  let text = (title ? best.text.slice(0, title.index) : best.text).replace(
    /^\p{Ll}{1,3}\)\s+(?=\p{Lu})/u,
    '',
  );
  text = stripAfterForm(stripRegNumber(text));
  let words = title ? best.words.slice(0, text.split(/\s+/).length) : best.words;
  let first = best.index;
  let last = best.index;
  const candidateAt = (i: number) => candidates.find((c) => c.index === i);
  // The smallest height of a line's words ("(M)" is taller than "SDN." by its parentheses, and a
  // word on a skewed scan by the slope); a brand printed large is large in every word.
  const heightOf = (words: RWord[]) => {
    const wordy = words.filter((w) => (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2);
    const hs = (wordy.length ? wordy : words)
      .map((w) => (w.box ? w.box[3] - w.box[1] : 0))
      .filter((h) => h > 0);
    return hs.length ? Math.min(...hs) : 0;
  };
  const sameSize = (a: RWord[], b: RWord[]) => {
    const ha = heightOf(a);
    const hb = heightOf(b);
    return !ha || !hb || (ha / hb > 0.7 && ha / hb < 1.45);
  };
  // A name printed over two lines: "GOLDEN MART" / "SDN BHD", "AIK HUAT HARDWARE" / "(SETIA ALAM)
  // SDN BHD", or "SYARIKAT PERNIAGAAN" / "GIN KEE SDN BHD" (the same size, not a brand repeated).
  // "13) (M) SDN BHD": the text before a ")" opened on the line above is inside it too.
  const outsideParens = (t: string) => t.replace(/^[^(]*\)/, '').replace(/\([^)]*\)?/g, '');
  // The suffix (or a branch in brackets and the suffix) on the next line: "GOLDEN MART" / "SDN BHD",
  // "RESTORAN ALPINE TRADING" / "(KAWASAN PERINDUSTRIAN BALAKONG) ENTERPRISE".
  const next = candidateAt(best.index + 1);
  if (
    next &&
    LEGAL_SUFFIX.test(next.text) &&
    !ADDRESS_WORD.test(outsideParens(next.text)) &&
    !/\d/.test(outsideParens(next.text)) &&
    // "TRADING SUPPLIES ENGINEERING" / "SDN BHD": a name's trade word is no company form.
    (!COMPANY_FORM.test(text) || /^\(/.test(next.text) || /\([^)]*$/.test(text))
  ) {
    text = `${text} ${stripRegNumber(next.text)}`;
    words = [...words, ...next.words];
    last = next.index;
  }
  // A branch in brackets on a line of its own and the suffix on the next: "RESTORAN ALPINE
  // TRADING" / "(KAWASAN PERINDUSTRIAN BALAKONG)" / "ENTERPRISE".
  const branch = candidateAt(last + 1);
  const suffix = candidateAt(last + 2);
  if (
    branch &&
    suffix &&
    /^\([^()\d]*\)$/.test(branch.text) &&
    LEGAL_SUFFIX.test(suffix.text) &&
    letterCount(suffix.text.replace(new RegExp(LEGAL_SUFFIX.source, 'gi'), '').replace(/\(M\)/g, '')) === 0
  ) {
    text = `${text} ${branch.text} ${stripRegNumber(suffix.text)}`;
    words = [...words, ...branch.words, ...suffix.words];
    last = suffix.index;
  }
  // The start of the name on the lines above (up to two): "SYARIKAT PERNIAGAAN" / "GIN KEE SDN BHD",
  // "KEDAI MUTIARA HOME DECO (SEKSYEN" / "13) (M) SDN. BHD." — the same size, not a brand repeated.
  for (let k = 0; k < 3 && !title; k++) {
    const above = top[first - 1];
    const closing = above && cleanName(above.text);
    // "13)": the end of a bracket opened on the line above it, too short to be a candidate.
    // Only when a bracket is open on the line above it: "gg)" alone is a logo's garble.
    if (
      !candidateAt(first - 1) &&
      closing &&
      /^[\p{L}\p{N}\s-]{1,12}\)$/u.test(closing) &&
      first - 1 > 0 &&
      /\([^)]*$/.test(top[first - 2]?.text ?? '')
    ) {
      text = `${closing} ${text}`;
      words = [...above.words, ...words];
      first -= 1;
      continue;
    }
    const previous = candidateAt(first - 1);
    // "OLD ASIA" / "OWN BY: CHEF LEE SDN BHD": the owner named under the shop's brand starts nothing above.
    if (!previous || OWNER_PHRASE.test((top[first]?.text ?? '').replace(/^\W+/, ''))) break;
    // "THE COFFEE BEAN" / "& TEA LEAF (M) SDN. BHD.": a line that starts with "&" goes on from the one above.
    const ampersand = /^\W*&/.test(top[first]?.text ?? '') && !text.startsWith('&');
    const continues =
      ampersand || /^\(|^(?:SDN|BHD|PTE|LTD|S\/B)\b|^[^(]*\)/i.test(text) || /\([^)]*$/.test(previous.text);
    const joins =
      !LEGAL_SUFFIX.test(previous.text) &&
      !/\d/.test(outsideParens(previous.text)) &&
      sameSize(previous.words, words) &&
      // A logo read as letters is read unsure; a name the line below plainly continues, less so.
      meanConfidence(previous.words) >= (continues ? 0.6 : 0.7) &&
      (continues ||
        (previous.text.split(/\s+/).length <= 4 &&
          !containsWords(text, previous.text) &&
          // A name already whole on its line ("BOOK TA .K (TAMAN DAYA) SDN BHD") has no start above
          // it: the line there is a header (the owner's or a person's name), not the name's start.
          nameWords(text) <= 2));
    if (!joins) break;
    text = `${previous.text} ${ampersand ? '& ' : ''}${text}`;
    words = [...previous.words, ...words];
    first = previous.index;
  }
  // "HOLDINGS SDN." with its "BHD." lost to OCR (or to the paper's edge): SDN is never printed alone.
  text = text.replace(/\bSDN(\.?)$/i, (_m, dot: string) => `SDN${dot} BHD${dot}`);
  const line = top[first] as RLine;
  const hasSuffix = LEGAL_SUFFIX.test(text);
  return {
    found: { value: text, line, words, base: hasSuffix ? 0.92 : 0.72 },
    lineIndex: lines.indexOf(top[last] as RLine),
  };
}

/** Words of a name outside brackets and before its legal suffix: "GIN KEE SDN BHD" has 2. */
export function nameWords(text: string): number {
  const head = text.replace(/\([^)]*\)?/g, ' ').split(LEGAL_SUFFIX)[0] ?? '';
  return head.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
}

export function meanConfidence(words: RWord[]): number {
  const known = words.map((w) => w.confidence).filter((c): c is number => c !== undefined);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
}

/** Whether most words of `part` already appear in `text` (a brand line above its legal name). */
export function containsWords(text: string, part: string): boolean {
  const have = new Set(text.toUpperCase().split(/[^A-Z0-9]+/));
  const words = part
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  return words.filter((w) => have.has(w)).length >= Math.ceil(words.length / 2);
}

/** "… SDN BHD (81109-A)", "… CO. REG NO 12345-X": the registration number is not the name. */
export function stripRegNumber(text: string): string {
  return (
    text
      // "(S19537-X)": a number OCR read with a letter for its first digit.
      .replace(/\s*\(\s*[A-Z]\d{4,}[-\s]?[A-Z]?\s*\)$/i, '')
      .replace(
        /\s*\(?\s*(?:co\.?\s*)?(?:reg(?:istration)?\.?\s*)?(?:no\.?\s*:?\s*)?(?:\d{1,3}\s)?\d{4,}[-\s]?[A-Z]?\s*\)?\s*$/i,
        '',
      )
      .trim() || text
  );
}

/**
 * "KING'S CONFECTIONERY S/B 273500-U (6X7)": after the company form only numbers follow (its
 * registration, a code), words of three letters or more are none of them.
 */
export function stripAfterForm(text: string): string {
  const form = new RegExp(`^(.*${COMPANY_FORM.source}\\.?)\\s+(.+)$`, 'i').exec(text);
  if (!form?.[1] || !form[2]) return text;
  const tail = form[2];
  return /\d/.test(tail) && !/\p{L}{3}/u.test(tail) ? form[1] : text;
}

export function findAddress(lines: RLine[], company: CompanyHit | undefined): Found | undefined {
  const header = addressFrom(lines, company ? company.lineIndex + 1 : 0);
  if (header && ADDRESS_WORD.test(String(header.value))) return header;
  // Nothing under the name reads as an address (the name was a logo, or the shop prints its address
  // at the foot): the first block that names a street and closes with a postcode and town.
  for (let i = 0; i < lines.length; i++) {
    if (!STREET_WORD.test((lines[i] as RLine).text)) continue;
    if (!lines.slice(i, i + 4).some((l) => POSTCODE_TOWN.test(cleanAddressPart(l.text)))) continue;
    const block = addressFrom(lines, i);
    if (block && ADDRESS_WORD.test(String(block.value))) return { ...block, base: 0.75 };
  }
  return header;
}

/** The address read from a line on: up to five lines, ended by a phone, a tax id, a date or a price. */
function addressFrom(lines: RLine[], start: number): Found | undefined {
  const parts: { text: string; words: RWord[]; line: RLine }[] = [];
  for (let i = start; i < Math.min(lines.length, start + 8); i++) {
    const line = lines[i] as RLine;
    // The left-hand block only (an invoice prints its number and date on the right); a lone
    // character set apart before it is a speck or the paper's edge.
    const lone =
      line.segments.length > 1 && (line.segments[0] ?? []).map((w) => w.text).join('').length === 1;
    const segment = line.segments[lone ? 1 : 0] ?? [];
    const part = { ...line, words: segment };
    const text = cleanAddressPart(lineText(segment));
    if (!text) continue;
    // A line of one character ("1", "3.") is a speck or the paper's edge, not a line of the address.
    if (text.length <= 2 && /^[^\p{L}\p{N}]*[\p{L}\p{N}][^\p{L}\p{N}]*$/u.test(text)) continue;
    // The postcode and town close the address: after them only a region or a country belongs to
    // it ("SELANGOR D.E.", "MALAYSIA"), not a branch name, an order note or a stray figure.
    const closed = parts.some((p) => POSTCODE_TOWN.test(p.text));
    if (closed && !isRegionLine(text) && !continuesPlace(parts.at(-1)?.text ?? '', text)) {
      // A district on its own line before the region ("CAMERON HIGHLANDS," / "PAHANG").
      const below = cleanAddressPart(lines[i + 1]?.text ?? '');
      if (!(/^[\p{L}\s,.'-]+$/u.test(text) && text.split(/\s+/).length <= 3 && isRegionLine(below))) break;
    }
    // "(GST ID NO : 000306020352)" under the address ends it; a bracketed line before it is skipped.
    if (parts.length > 0 && /^\(.*\)$/.test(text) && CONTACT.test(text)) break;
    if (REG_NUMBER.test(text) || /^\(.*\)$/.test(text) || (/^(?:SDN|BHD)/i.test(text) && parts.length === 0))
      continue;
    // The name's last line, its registration number after it ("SUPERMARKET(3030754)").
    if (parts.length === 0 && stripRegNumber(text) !== text && !ADDRESS_WORD.test(stripRegNumber(text)))
      continue;
    // An invoice's right-hand fields ("Invoice No", "Due Date") sit between the address lines; on
    // a till receipt the same fields start at or left of the address's margin, below it.
    if (/^(?:invoice|receipt|bill|due|date|order|ref|po\b|account|customer|page)/i.test(text)) {
      const x = segment[0]?.box?.[0];
      const margin = Math.min(...parts.map((p) => p.words[0]?.box?.[0] ?? Number.POSITIVE_INFINITY));
      if (parts.length > 0 && x !== undefined && x <= margin + 0.02) break;
      continue;
    }
    // A colon is a label's ("Cashier: …"), unless the line names a street ("NO.5: 55,57 & 59, JALAN …").
    const labelled = /:/.test(text) && !STREET_WORD.test(text);
    if (
      CONTACT.test(text) ||
      PHONE_LINE.test(text) ||
      // A run of eight digits or more is a phone ("03-41318972") or a tax id ("ID 000349356032"),
      // never part of an address (a postcode has five, a lot number four).
      /\d{8,}/.test(text.replace(/[\s-]/g, '')) ||
      // …also when a short label stands apart from it ("ID || 000349356032"); an invoice's number
      // beside its address line is not such a label.
      (letterCount(text) <= 4 && !/\d/.test(text) && /\d{8,}/.test(line.text.replace(/[\s-]/g, ''))) ||
      NOT_COMPANY.test(text) ||
      // The receipt's title, misread ("SIMPLED TAX IWWOICE"): no address says tax or invoice.
      /\b(?:tax|invoice|receipt)\b|taxinvoice/i.test(text) ||
      datesIn(part, 0).length > 0 ||
      hasPrice(segment) ||
      labelled
    ) {
      if (parts.length > 0) break;
      continue;
    }
    if (/^[-=_*.\s]+$/.test(text)) break;
    if (parts.length === 0 && !ADDRESS_WORD.test(text) && !/\d/.test(text)) continue;
    parts.push({ text, words: segment, line });
    if (parts.length >= 5) break;
  }
  if (parts.length === 0) return undefined;
  // The lines joined as printed: a space between them, the commas the shop printed kept, none added.
  const value = parts.map((p) => p.text).join(' ');
  return {
    value,
    line: (parts[0] as (typeof parts)[number]).line,
    words: parts.flatMap((p) => p.words),
    sourceText: parts.map((p) => p.line.text).join('\n'),
    base: ADDRESS_WORD.test(value) ? 0.82 : 0.65,
  };
}

/**
 * OCR's slips in Malaysian section codes: "JALAN $521/58" or "JALAN 5521/58" for SS21/58 (an address holds no money)
 * and "SEKSYEN US", "JALAN NOVA US/N" for U5 (Shah Alam's sections are U1–U20).
 */
export function fixSectionCodes(text: string): string {
  return (
    text
      .replace(/\$5(?=\d{1,3}[A-Z]?\/)/g, 'SS')
      // "JALAN S521/35", "JALAN 5515/48": a street's SS section code, its S read as 5.
      .replace(/(?<=\b(?:JALAN|JLN)\s+)[S5]{2}(?=\d{1,2}[A-Z]?\/)/gi, 'SS')
      .replace(/\bUS(?=\/|,|\s|$)/g, (m, at: number) =>
        /\b(?:JALAN|JLN|SEKSYEN|SEK|SECTION)\b/i.test(text.slice(0, at)) ? 'U5' : m,
      )
  );
}

export function cleanAddressPart(text: string): string {
  return fixSectionCodes(correctOcrWords(text))
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}
