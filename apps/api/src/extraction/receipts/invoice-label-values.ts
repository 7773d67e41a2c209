import {
  invoiceLabelOf,
  invoiceLabelsIn,
  type LabelHit,
  nearestInvoiceLabel,
} from '../lexicon/invoice-labels';
import type { LayoutWord } from '../model/layout';
import { amountsIn, type Line, type Seg } from './invoice-text';
import { near } from './invoice-values';

/**
 * The labels on an invoice page (lexicon/invoice-labels.ts) and the runs of text they lead to:
 * right of the label, or under it; and the names of parties as the page prints them.
 */

/** Labels that are common words: they count only where they open their run of text. */
export const WEAK = new Set([
  'to',
  'from',
  'date',
  'datum',
  'fecha',
  'dated',
  'due',
  'tax',
  'net',
  'netto',
  'neto',
  'base',
  'summe',
  'suma',
  'gesamt',
  'brutto',
  'total',
  'customer',
  'client',
  'cliente',
  'kunde',
  'paid',
  'issued',
  'vence',
  'of',
  'du',
  'vom',
  'de fecha',
  'payee',
  'vat',
  'ust',
  'ust.',
  'iva',
  'tva',
  'mwst',
  'mwst.',
  'zzgl.',
  'shipping',
  'discount',
  'deposit',
  'rounding',
  'payments',
]);

export interface Found {
  value: string | number;
  seg: Seg;
  /** Words that hold the value, when known (for the anchor). */
  words?: LayoutWord[];
  base: number;
  source?: string;
}

export interface LabelAt {
  hit: LabelHit;
  seg: Seg;
  /** Text after the label up to the next label in the same run. */
  after: string;
  afterStart: number;
  /** The label opens its run of text. */
  opens: boolean;
}

/** Every label on every run, with the text that follows it in that run. */
export function labelsOf(lines: Line[]): LabelAt[] {
  const out: LabelAt[] = [];
  for (const line of lines) {
    for (const seg of line.segs) {
      const hits = invoiceLabelsIn(seg.text);
      if (!hits.length) {
        const near = nearestInvoiceLabel(seg.text);
        if (near) hits.push(near);
      }
      hits.forEach((hit, k) => {
        const lead = seg.text.slice(0, hit.start);
        const opens = /^[\s\-–•*(]*$/.test(lead) || /[:;|]\s*$/.test(lead);
        const previous = hits[k - 1];
        // "vom", "du", "de fecha": only right after a number's label and its number.
        if (
          hit.label === 'dated' &&
          previous?.label !== 'invoice_number' &&
          previous?.label !== 'number' &&
          previous?.label !== 'title'
        )
          return;
        if (
          WEAK.has(hit.phrase) &&
          !opens &&
          hit.label !== 'dated' &&
          !(previous && seg.text.slice(previous.end, hit.start).trim().length > 0)
        )
          return;
        const next = hits[k + 1];
        const rawAfter = seg.text.slice(hit.end, next ? next.start : undefined);
        const lead2 = /^[\s:#.\-–)]*/.exec(rawAfter)?.[0].length ?? 0;
        out.push({ hit, seg, after: rawAfter.slice(lead2).trim(), afterStart: hit.end + lead2, opens });
      });
    }
  }
  return out;
}

export function isLabelOnly(text: string): boolean {
  return invoiceLabelOf(text) !== undefined;
}

/** The next run right of a segment on its line. */
export function rightOf(lines: Line[], seg: Seg): Seg | undefined {
  const line = lines[seg.line];
  if (!line) return undefined;
  const i = line.segs.indexOf(seg);
  return line.segs[i + 1];
}

/** The runs under a segment (its column: overlapping it across), nearest first, within a few lines. */
export function below(lines: Line[], seg: Seg, maxLines = 6): Seg[] {
  const out: Seg[] = [];
  const line = lines[seg.line];
  if (!line) return out;
  let lastY = line.box?.[3] ?? 0;
  const height = line.height || 0.012;
  for (let i = seg.line + 1; i < lines.length && i <= seg.line + maxLines; i++) {
    const next = lines[i] as Line;
    if (next.page !== seg.page) break;
    if (next.box && line.box && next.box[1] - lastY > height * 2.6) break;
    const under = next.segs.filter((s) => {
      if (!s.box || !seg.box) return next.segs.indexOf(s) === line.segs.indexOf(seg);
      const overlap = Math.min(s.box[2], seg.box[2]) - Math.max(s.box[0], seg.box[0]);
      return overlap > 0 || Math.abs(s.box[0] - seg.box[0]) < 0.02;
    });
    if (under.length === 0) continue;
    // The run nearest the label's left edge.
    under.sort(
      (a, b) =>
        Math.abs((a.box?.[0] ?? 0) - (seg.box?.[0] ?? 0)) - Math.abs((b.box?.[0] ?? 0) - (seg.box?.[0] ?? 0)),
    );
    out.push(under[0] as Seg);
    lastY = next.box?.[3] ?? lastY;
  }
  return out;
}

const ATTENTION =
  /^(?:attn|attention|att|z\.?\s?hd|zu händen|zh|c\/o|à l'attention|a l'attention|a\/a|a la atención|at\.|herrn?|frau|firma|m\.|mme|mr\.?|mrs\.?|ms\.?|sr\.?|sra\.?|d\.|dña\.?)(?!\p{L})[.:]?/iu;
export const LEGAL_FORM =
  /(?:^|[\s,])(?:gmbh|ag|kg|ohg|ug|e\.\s?k\.|gbr|mbh|ltd\.?|limited|llc|llp|plc|inc\.?|corp\.?|corporation|co\.|company|sarl|sàrl|sas|sasu|sa|eurl|sci|s\.\s?l\.?|s\.\s?l\.\s?u\.?|s\.\s?a\.?|s\.\s?l\.\s?p\.?|s\.\s?coop\.?|sl|bv|nv|oy|ab|srl|s\.r\.l\.|spa|pty|og|dac)(?=$|[\s,.)])/i;
export const ADDRESS_LIKE =
  /^\d+[a-z]?\s+\p{L}|\b\d{4,5}\s+\p{L}|\b(?:street|st\.|road|rd\.|avenue|ave\.|lane|drive|suite|unit|straße|strasse|str\.|weg|allee|platz|gasse|rue|avenue|boulevard|bd|place|quai|calle|avenida|paseo|plaza|c\/)\b|\b[A-Z]{1,2}\d{1,2}[A-Z]?\s?\d[A-Z]{2}\b|, [A-Z]{2} \d{5}/iu;
/** A street with its house number last ("Hauptstraße 12", "Calle Mayor 14"), however OCR spelt the street. */
export const STREET_NUMBER_LAST = /^\p{L}[\p{L}\s.'-]*\s\d{1,4}\s?[a-z]?$/u;
export const CONTACT =
  /@|https?:|www\.|(?<!\p{L})(?:tel|phone|fax|telefon|tél|email|e-mail|iban|bic|swift)(?!\p{L})|\+\d{2}/iu;

export const isLegalFormOnly = (text: string) =>
  LEGAL_FORM.test(text) && text.replace(LEGAL_FORM, '').trim().length <= 2;

/** A name a party could be: letters, not a label, a value, an address or a contact line. */
export function nameText(text: string): string | undefined {
  const t = text.replace(/^[\s:–-]+|[\s,;:]+$/g, '').trim();
  if (!t || (t.match(/\p{L}/gu) ?? []).length < 3) return undefined;
  if (isLabelOnly(t) || CONTACT.test(t) || ATTENTION.test(t)) return undefined;
  if (/^\d/.test(t) && !LEGAL_FORM.test(t)) return undefined;
  if ((ADDRESS_LIKE.test(t) || STREET_NUMBER_LAST.test(t)) && !LEGAL_FORM.test(t)) return undefined;
  if (amountsIn(t).length || /\d{2}[./-]\d{2}[./-]\d{2,4}/.test(t)) return undefined;
  return t;
}

/** The name a party block opens with, after an "ATTN:" or a salutation line. */
export function partyName(segs: Seg[]): { name: string; seg: Seg } | undefined {
  for (const seg of segs.slice(0, 3)) {
    const text = seg.text.replace(ATTENTION, '').trim();
    if (ATTENTION.test(seg.text) && text && /:/.test(seg.text.slice(0, 14))) continue;
    if (ATTENTION.test(seg.text) && !text) continue;
    if (ATTENTION.test(seg.text) && /^(?:attn|attention|att|z\.?\s?hd|c\/o|a\/a)/i.test(seg.text)) continue;
    const name = nameText(ATTENTION.test(seg.text) ? text : seg.text);
    if (name) return { name, seg };
    if (isLabelOnly(seg.text)) return undefined;
  }
  return undefined;
}
