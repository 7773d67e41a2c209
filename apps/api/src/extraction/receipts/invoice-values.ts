import { type InvoiceLabel, invoiceLabelsIn, type LabelHit } from '../lexicon/invoice-labels';
import { dollarOf } from '../lexicon/places';
import type { LayoutWord } from '../model/layout';
import { LABEL_FIELD } from './invoice-fields';
import { below, type Found, isLabelOnly, type LabelAt, rightOf, WEAK } from './invoice-label-values';
import {
  type AmountHit,
  amountsIn,
  type DateHit,
  datesIn,
  type Line,
  numberAt,
  type Seg,
} from './invoice-text';

/**
 * An invoice's number, dates, amounts and currency, each read after its label; the net, tax and
 * total checked against each other.
 */

export interface Reading {
  lines: Line[];
  labels: LabelAt[];
  dayFirst: boolean;
  text: string;
}

interface ValueText {
  text: string;
  seg: Seg;
  start: number;
}

/**
 * Where a label's value may be, in order: after it in its run, in the next run on the line
 * (unless that is a label itself), under it (a strip of labels over values). The caller takes the
 * first that reads as the value it wants.
 */
function labelValueTexts(r: Reading, at: LabelAt): ValueText[] {
  const out: ValueText[] = [];
  if (at.after) out.push({ text: at.after, seg: at.seg, start: at.afterStart });
  const right = rightOf(r.lines, at.seg);
  if (
    right &&
    !isLabelOnly(right.text) &&
    !invoiceLabelsIn(right.text).some((h) => h.start === 0 && !WEAK.has(h.phrase))
  )
    out.push({ text: right.text, seg: right, start: 0 });
  const under = below(r.lines, at.seg, 2)[0];
  if (under && !isLabelOnly(under.text)) out.push({ text: under.text, seg: under, start: 0 });
  return out;
}

function wordsIn(seg: Seg, start: number, end: number): LayoutWord[] {
  if (!seg.words.length) return [];
  // Words are joined by single spaces in the run's text.
  const picked: LayoutWord[] = [];
  let offset = 0;
  for (const w of seg.words) {
    const at = seg.text.indexOf(w.text, offset);
    if (at < 0) continue;
    offset = at + w.text.length;
    if (at < end && offset > start) picked.push(w);
  }
  return picked;
}

export function findNumber(r: Reading): Found | undefined {
  const found: Found[] = [];
  for (const at of r.labels) {
    const strong = at.hit.label === 'invoice_number';
    // "INVOICE No. 123", or "Rechnung" | "Nr." | "R/2023/1139" in runs of their own.
    const line = r.lines[at.seg.line] as Line;
    const runBefore = line.segs[line.segs.indexOf(at.seg) - 1];
    const afterTitle =
      at.hit.label === 'number' &&
      r.labels.some(
        (t) =>
          t.hit.label === 'title' &&
          ((t.seg === at.seg && t.hit.end <= at.hit.start) || (t.seg === runBefore && t.after === '')),
      );
    // A misread number word before the title in a short run ("Ne de factura" | "004418").
    const inShortRun = at.hit.label === 'title' && !at.opens && at.seg.text.length <= 20 && at.after === '';
    // "INVOICE" then "# 00123" / "No. 123" on its own line right under it.
    const underTitle =
      at.hit.label === 'number' &&
      at.opens &&
      r.labels.some(
        (t) =>
          t.hit.label === 'title' &&
          t.seg.page === at.seg.page &&
          at.seg.line > t.seg.line &&
          closeUnder(t.seg, at.seg, at.seg.line - t.seg.line),
      );
    const titleValue = at.hit.label === 'title' && at.opens && at.after !== '';
    if (!strong && !afterTitle && !underTitle && !titleValue && !inShortRun) continue;
    let v: ValueText | undefined;
    let n: ReturnType<typeof numberAt>;
    for (const option of labelValueTexts(r, at)) {
      n = numberAt(option.text, r.dayFirst);
      v = option;
      if (n) break;
    }
    if (!n || !v) continue;
    found.push({
      value: n.value,
      seg: v.seg,
      words: wordsIn(v.seg, v.start + n.start, v.start + n.end),
      base: strong
        ? v.seg === at.seg || v.seg.line === at.seg.line
          ? 0.95
          : 0.92
        : titleValue || inShortRun
          ? 0.8
          : 0.88,
    });
  }
  found.sort((a, b) => b.base - a.base);
  return found[0];
}

/** A run right under another (a title and its number): overlapping it across, within about two of its lines. */
function closeUnder(upper: Seg, lower: Seg, linesApart: number): boolean {
  if (!upper.box || !lower.box) return linesApart <= 2;
  const overlap = Math.min(upper.box[2], lower.box[2]) - Math.max(upper.box[0], lower.box[0]);
  return overlap > 0 && lower.box[1] - upper.box[3] < (upper.box[3] - upper.box[1]) * 2.5;
}

export function findDates(r: Reading): { invoice?: Found; due?: Found } {
  const byLabel = (labels: InvoiceLabel[], base: number): Found[] => {
    const out: Found[] = [];
    for (const at of r.labels) {
      if (!labels.includes(at.hit.label)) continue;
      let v: ValueText | undefined;
      let d: DateHit | undefined;
      for (const option of labelValueTexts(r, at)) {
        // The date opens the value ("fällig am 28.11.2024", "Due: March 5, 2024").
        // A speck or two OCR read before it ("Fecha límite de pago: pa 21/03/2025") is skipped.
        const lead =
          /^(?:am|le|el|on|the|du|del|au|bis|zum|:)?\s*(?:[^\s\d]{1,3}\s+)?/i.exec(option.text)?.[0].length ??
          0;
        d = datesIn(option.text, r.dayFirst).find((h) => h.start <= lead + 1);
        v = option;
        if (d) break;
      }
      if (!d || !v) continue;
      out.push({
        value: d.ymd,
        seg: v.seg,
        words: wordsIn(v.seg, v.start + d.start, v.start + d.end),
        base: base * (d.ambiguous ? 0.93 : 1),
      });
    }
    return out;
  };
  const invoice =
    byLabel(['invoice_date'], 0.95)[0] ??
    byLabel(['dated'], 0.93)[0] ??
    byLabel(['date'], 0.9)[0] ??
    undefinedDate(r);
  const due = byLabel(['due_date'], 0.94)[0];
  return { ...(invoice ? { invoice } : {}), ...(due ? { due } : {}) };
}

/** No label names the invoice's date: the first date the document prints that no other label claims. */
function undefinedDate(r: Reading): Found | undefined {
  for (const line of r.lines) {
    for (const seg of line.segs) {
      const hits = datesIn(seg.text, r.dayFirst);
      if (!hits.length) continue;
      const labels = invoiceLabelsIn(seg.text);
      const leftLabel = (line.segs[line.segs.indexOf(seg) - 1]?.text ?? '').trim();
      const claimed = [...labels, ...invoiceLabelsIn(leftLabel)].some(
        (h) => h.label === 'due_date' || h.label === 'other_date',
      );
      if (claimed) continue;
      const d = hits[0] as DateHit;
      return { value: d.ymd, seg, words: wordsIn(seg, d.start, d.end), base: 0.7 };
    }
  }
  return undefined;
}

interface AmountFound extends Found {
  value: number;
  label: LabelHit;
  strength: number;
  currency?: string;
}

/** The amount a totals label leads to: the last one right of it on its line. */
function amountsByLabel(r: Reading, label: InvoiceLabel): AmountFound[] {
  const out: AmountFound[] = [];
  for (const at of r.labels) {
    if (at.hit.label !== label) continue;
    const line = r.lines[at.seg.line] as Line;
    const start = line.segs.indexOf(at.seg);
    const candidates: { seg: Seg; hit: AmountHit }[] = [];
    const sameRun = amountsIn(
      at.seg.text.slice(0, at.hit.end + at.after.length + (at.afterStart - at.hit.end)),
    ).filter((h) => h.start >= at.hit.end);
    for (const h of sameRun) candidates.push({ seg: at.seg, hit: h });
    const nextLabelInRun = invoiceLabelsIn(at.seg.text).some(
      (h) => h.start > at.hit.end && h.label !== label && h.label !== 'tax',
    );
    if (!nextLabelInRun) {
      for (const seg of line.segs.slice(start + 1)) {
        // Another label further right starts another pair ("Net 100.00   VAT 20.00").
        if (invoiceLabelsIn(seg.text).some((h) => h.start === 0 && LABEL_FIELD[h.label] && h.label !== label))
          break;
        for (const h of amountsIn(seg.text)) candidates.push({ seg, hit: h });
      }
    }
    const last = candidates.at(-1);
    if (!last) continue;
    const phraseLength = at.hit.phrase.length;
    out.push({
      value: last.hit.value,
      seg: last.seg,
      words: wordsIn(last.seg, last.hit.start, last.hit.end),
      base: 0.93,
      label: at.hit,
      strength: WEAK.has(at.hit.phrase) ? 1 : phraseLength >= 9 ? 3 : 2,
      ...(last.hit.currency ? { currency: last.hit.currency } : {}),
    });
  }
  return out;
}

export const near = (a: number, b: number) => Math.abs(a - b) <= 0.011 + Math.abs(b) * 1e-6;

export function findAmounts(r: Reading): { subtotal?: Found; tax?: Found; total?: Found; currency?: string } {
  const totals = amountsByLabel(r, 'total');
  const subtotals = amountsByLabel(r, 'subtotal');
  const taxes = amountsByLabel(r, 'tax');
  // The three that add up: net + tax = total.
  for (const t of totals)
    for (const s of subtotals)
      for (const x of taxes)
        if (near(s.value + x.value, t.value) && t.value > 0) {
          const agreed = (f: AmountFound): Found => ({ ...f, base: 0.97 });
          return {
            subtotal: agreed(s),
            tax: agreed(x),
            total: agreed(t),
            currency: t.currency ?? s.currency ?? x.currency,
          };
        }
  // Otherwise: the strongest label; the lowest on the page among equals; the largest as the total.
  const best = (list: AmountFound[]) =>
    [...list].sort((a, b) => b.strength - a.strength || b.seg.line - a.seg.line)[0];
  const total = [...totals].sort(
    (a, b) => b.strength - a.strength || b.value - a.value || b.seg.line - a.seg.line,
  )[0];
  const subtotal = best(subtotals.filter((s) => !total || s.value <= total.value));
  const tax = best(taxes.filter((x) => !total || x.value < total.value));
  const checked = (f: AmountFound | undefined, base: number): Found | undefined =>
    f ? { ...f, base } : undefined;
  // One of the three unreadable (a total's amount lost to a scan): the other two give it, less surely.
  const computed = (value: number, from: AmountFound): Found => ({
    ...from,
    value: Math.round(value * 100) / 100,
    words: [],
    base: 0.8,
  });
  const totalsLabelled = r.labels.some((l) => l.hit.label === 'total');
  return {
    ...(subtotal
      ? { subtotal: checked(subtotal, 0.88) }
      : total && tax
        ? { subtotal: computed(total.value - tax.value, total) }
        : {}),
    ...(tax
      ? { tax: checked(tax, 0.86) }
      : total && subtotal && total.value > subtotal.value && r.labels.some((l) => l.hit.label === 'tax')
        ? { tax: computed(total.value - subtotal.value, total) }
        : {}),
    ...(total
      ? { total: checked(total, total.strength >= 2 ? 0.9 : 0.85) }
      : subtotal && tax && totalsLabelled
        ? { total: computed(subtotal.value + tax.value, tax) }
        : {}),
    ...((total ?? subtotal)?.currency ? { currency: (total ?? subtotal)?.currency } : {}),
  };
}

export function findCurrency(
  r: Reading,
  fromTotal: string | undefined,
  total: Found | undefined,
): Found | undefined {
  // A bare "$" is the dollar of the place the invoice names (an Australian or Singapore address).
  const printed = (code: string) =>
    code === 'USD' && !/\bUSD\b|US\$/.test(r.text) ? dollarOf(r.text) : code;
  if (fromTotal && total)
    return { value: printed(fromTotal), seg: total.seg, words: total.words ?? [], base: 0.95 };
  // Codes and signs anywhere, most frequent first.
  const counts = new Map<string, { n: number; seg: Seg }>();
  for (const line of r.lines)
    for (const seg of line.segs)
      for (const h of amountsIn(seg.text))
        if (h.currency) {
          const c = counts.get(h.currency) ?? { n: 0, seg };
          c.n += 1;
          counts.set(h.currency, c);
        }
  const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  if (top) return { value: printed(top[0]), seg: top[1].seg, base: 0.88 };
  for (const line of r.lines) {
    const m = /\b(?:currency|währung|devise|moneda)\b[:\s]*([A-Z]{3})\b/i.exec(line.text);
    if (m?.[1]) return { value: m[1].toUpperCase(), seg: line.segs[0] as Seg, base: 0.9 };
  }
  return undefined;
}
