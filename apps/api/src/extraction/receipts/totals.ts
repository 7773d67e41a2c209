import {
  type Found,
  fixDigits,
  labelText,
  type Money,
  moneyIn,
  type RLine,
  type RWord,
  round2,
} from './receipt-lines';

/** A receipt's total, subtotal and tax. */

// ---------------------------------------------------------------------------------------------
// Total, subtotal, tax

export const TOTAL_EXCLUDE =
  /sub[\s-]?tota|total paid|paid total|\baccepted\b|\bchangs\b|\bexcl|before (?:tax|gst|vat)|total (?:qty|quantity|items?|item\(s\)|pcs|units|savings?|discounts?|points?|weight|count|no)|no\.? of items|\bqty\b|items? count|\bchange\b|\bcash\b|\btunai\b|\bbaki\b|\btender|\bsaving|you saved|\bdiscount|\bpoints?\b|\bdeposit|\bcredit limit|\btip\b|\bchange due/;
export const TOTAL_ROUNDED =
  /rounded total|total rounded|total after rounding|total \(?rounded|rounded (?:total|amount)|rounding total|nett? total after/;
/** The rounding adjustment's own line ("ROUNDING ADJ -0.02", "Rounding Amount 0.02"). */
export const ROUNDING_ADJUSTMENT =
  /^\W*round(?:ing)?\b(?!.*\btotal\b)|\bround(?:ing)?[\s.]*(?:adj|adjustment|amount|amt)\b/;
export const TOTAL_STRONG =
  /grand total|amount due|total due|balance due|total payable|amount payable|amount to pay|invoice total|total amount|net total|nett total|total \(?incl|total inclusive|total sales \(?incl|total to pay|total \((?:rm|usd|\$|myr|sgd)|total (?:rm|usd|myr|sgd|eur|gbp)\b|please pay|amount \(?(?:rm|usd|\$|myr)|jumlah (?:besar|perlu dibayar|bayaran|keseluruhan)|total ttc|net (?:à|a) payer|total a pagar|gesamtbetrag|zu zahlen|te betalen/;
export const TOTAL_PLAIN =
  /\btotal\b|^due\b|\binclusive (?:of )?(?:gst|vat|tax|sst)\b|\btota1\b|\bt0tal\b|\bsumme\b|\bgesamt|\bbetrag\b|\btotal:|\bjumlah\b|\btotaal\b|\bimporte\b|\bmontant\b/;
/**
 * What is owed, said outright ("Total Payable", "Amount Due"): on a receipt that also prints the
 * goods' value before returns or deposits ("Total supplies 39.01 … Total Payable 20.21"), the sum
 * to pay, though not the largest.
 */
const TOTAL_PAYABLE =
  /total payable|amount payable|amount due|total due|balance due|please pay|amount to pay|total to pay|jumlah perlu dibayar|zu zahlen|net (?:à|a) payer/;
/** The tax a total holds, printed under it ("GST @6% included in total 1.97", "TOTAL INCLUDES 6% GST 1.07"). */
const TAX_WITHIN_TOTAL = /\bincl(?:uded|udes|\.)? in (?:the )?total\b|\btotal includes?\b/;
export const AMOUNT_ONLY =
  /^(?:sale |purchase |transaction |payment )?amount\b|\bamt\b|\bpayment\b|\bvisa\b|\bmastercard\b|\bdebit\b|\bcredit card\b/;

/** Whether the receipt prints its amounts with two decimals ("12.50", "9,00"), as most do. */
export function printsCents(lines: RLine[]): boolean {
  let cents = 0;
  for (const line of lines) for (const word of line.words) if (/\d[.,]\d{2}$/.test(word.text)) cents++;
  return cents >= 3;
}

/**
 * A total whose decimal point OCR lost ("TOTAL 32262" for 322.62) or read as a colon, as it does
 * on faint thermal print ("GST 9%  1:12"): the line's last figure.
 */
export function amountWithoutPoint(words: RWord[]): Money | undefined {
  const index = words.length - 1;
  const word = words[index];
  const text = word ? fixDigits(word.text) : '';
  const m = /^(?:RM)?(\d{3,7})$/i.exec(text) ?? /^(?:RM)?(\d{1,5}):(\d{2})$/i.exec(text);
  if (!m || !word) return undefined;
  const value = m[2] === undefined ? Number(m[1]) / 100 : Number(`${m[1]}.${m[2]}`);
  return { value, words: [word], hasCurrency: /^RM/i.test(word.text), index };
}

/** The change given back ("CHANGE", "Change Due", "BAKI"; "Changs" as thermal print reads). */
const CHANGE_LABEL = /\bchang[es]\b|\bbaki\b/;
/** What was handed over ("CASH", "Cash Tendered", "Total Paid", a parking machine's "Accepted total"). */
const TENDERED_LABEL =
  /\b(?:cash|tender|tendered|tunai|paid amount|amount paid|total paid|received|bayar|gegeben|accepted)\b/;

/**
 * What cash paid less the change given back says the total was ("CASH 50.00 / CHANGE 24.05"), and
 * the two lines that say it.
 */
function paidInCash(lines: RLine[]): { paid: number; cash: RLine; change: RLine } | undefined {
  let cash: RLine | undefined;
  let change: RLine | undefined;
  const amount = (line: RLine) => moneyIn(line.words).at(-1)?.value as number;
  for (const line of lines) {
    const label = labelText(line.text);
    if (amount(line) === undefined) continue;
    if (CHANGE_LABEL.test(label)) change ??= line;
    else if (TENDERED_LABEL.test(label)) cash ??= line;
  }
  if (!cash || !change || amount(change) < 0 || amount(change) >= amount(cash)) return undefined;
  return { paid: round2(amount(cash) - amount(change)), cash, change };
}

/**
 * Where else the receipt prints what cash less change says was paid: its subtotal, a total whose
 * label OCR garbled or that another rule set aside ("Qty: 1  Total RM 11.60"), the one item of a
 * one-item receipt ("RN2.10"). Not the cash and change lines themselves, nor a tax summary's rows.
 * Matched on the printed figure, so that an amount glued to a misread currency still counts.
 */
function printedElsewhere(
  lines: RLine[],
  { paid, cash, change }: NonNullable<ReturnType<typeof paidInCash>>,
  summaries: Set<number>,
): { line: RLine; word: RWord } | undefined {
  const figure = paid.toFixed(2);
  for (const [order, line] of lines.entries()) {
    if (line === cash || line === change || summaries.has(order)) continue;
    for (const word of line.words) {
      const text = word.text.replace(/[^\d.,]+$/, '').replace(/,(?=\d{2}$)/, '.');
      if (text.endsWith(figure) && !/\d$/.test(text.slice(0, -figure.length))) return { line, word };
    }
  }
  return undefined;
}

/**
 * A total OCR misread by a leading digit gained or lost ("553.20" for 53.20, "1.68" for 29.68): one
 * figure's digits end the other's. Cash less change arriving at exactly such a figure by its own
 * misreading is far less likely than the one misread digit.
 */
function sameButLeadingDigits(a: number, b: number): boolean {
  const [short, long] = [a, b].map((n) => n.toFixed(2).replace('.', '')).sort((x, y) => x.length - y.length);
  return short !== long && (long as string).endsWith(short as string) && (short as string).length >= 3;
}

/** Whether an amount is a whole number of 5-cent steps (what a rounding adjustment rounds to). */
export const fiveCents = (n: number) => Math.abs(n * 20 - Math.round(n * 20)) < 1e-6;

export function findTotal(lines: RLine[]): Found | undefined {
  const candidates: {
    money: Money;
    line: RLine;
    priority: number;
    order: number;
    pointLost?: boolean;
  }[] = [];
  const cents = printsCents(lines);
  const summaries = taxSummaryLines(lines);
  lines.forEach((line, order) => {
    const label = labelText(line.text);
    // A tax summary's own totals ("Total: 7.00 0.42": taxable amount and tax) are not the receipt's.
    if (summaries.has(order) && !TOTAL_ROUNDED.test(label) && !TOTAL_STRONG.test(label)) return;
    if (TOTAL_EXCLUDE.test(label) && !TOTAL_ROUNDED.test(label) && !/total \(?incl/.test(label)) return;
    if (ROUNDING_ADJUSTMENT.test(label) && !TOTAL_ROUNDED.test(label)) return;
    if (
      /\b(?:gst|vat|tax|mwst|sst)\b/.test(label) &&
      (!/\bincl|inclusive|total/.test(label) || TAX_WITHIN_TOTAL.test(label))
    )
      return;
    let priority = 0;
    if (TOTAL_ROUNDED.test(label)) priority = 1;
    else if (TOTAL_STRONG.test(label)) priority = 0.95;
    else if (TOTAL_PLAIN.test(label)) priority = 0.9;
    else if (AMOUNT_ONLY.test(label)) priority = 0.75;
    if (priority === 0) return;
    let money = moneyIn(line.words).filter((m) => m.value > 0);
    let valueLine = line;
    // The value on the next line ("TOTAL" / "RM 25.95").
    if (money.length === 0) {
      const next = lines[order + 1];
      if (
        next &&
        next.page === line.page &&
        /^[^a-z]*$/i.test(next.text.replace(/RM|USD|EUR|MYR|SGD/gi, ''))
      ) {
        money = moneyIn(next.words).filter((m) => m.value > 0);
        valueLine = next;
      }
    }
    const last = money.at(-1);
    if (last) candidates.push({ money: last, line: valueLine, priority, order });
    else if (cents && priority >= 0.9) {
      // "TOTAL PAYABLE 32260" on a receipt whose other amounts print their cents: 322.60.
      const lost = amountWithoutPoint(line.words);
      if (lost && lost.value > 0)
        candidates.push({ money: lost, line, priority: priority - 0.05, order, pointLost: true });
    }
  });
  const cash = paidInCash(lines);
  const same = (a: number, b: number) => Math.abs(a - b) < 0.005;
  if (candidates.length > 0) {
    // A rounded total is what was paid: labelled so, or the total that is another total plus the
    // rounding adjustment ("TOTAL 25.97 / ROUNDING ADJ -0.02 / NETT TOTAL 25.95").
    const rounding = roundingAdjustment(lines);
    const adjustment = rounding?.value;
    if (adjustment !== undefined) {
      const roundedBy = (adj: number) =>
        candidates.filter((c) =>
          candidates.some((o) => o !== c && Math.abs(round2(o.money.value + adj) - c.money.value) < 0.005),
        );
      // An adjustment printed without its sign may go either way.
      let after = roundedBy(adjustment);
      if (after.length === 0 && adjustment > 0) after = roundedBy(-adjustment);
      for (const c of after) c.priority = 1;
    }
    // Otherwise the largest labelled total (the tax-inclusive grand total is the largest of a
    // receipt's totals), and the lowest one of those.
    const rounded = candidates.filter((c) => c.priority === 1);
    const labelled = candidates.filter((c) => c.priority >= 0.9);
    const payable = labelled.filter((c) => TOTAL_PAYABLE.test(labelText(lines[c.order]?.text ?? '')));
    const pool = rounded.length ? rounded : payable.length ? payable : labelled;
    const ranked = (pool.length ? pool : candidates).sort(
      (a, b) => b.money.value - a.money.value || b.order - a.order,
    );
    let best = ranked[0] as (typeof candidates)[number];
    // Cash less change is what was paid: a labelled total that says so wins over one misread, and
    // so does the paid sum itself where the receipt prints it elsewhere too (its subtotal) or where
    // the total is it with a leading digit misread.
    let witnessed = false;
    if (cash && !same(best.money.value, cash.paid)) {
      const agrees = candidates.find((c) => c.priority >= 0.9 && same(c.money.value, cash.paid));
      const elsewhere = agrees ? undefined : printedElsewhere(lines, cash, summaries);
      if (agrees) best = agrees;
      else if (elsewhere || sameButLeadingDigits(best.money.value, cash.paid)) {
        const at = elsewhere ?? { line: best.line, word: best.money.words.at(-1) as RWord };
        best = {
          money: { value: cash.paid, words: [at.word], hasCurrency: false, index: 0 },
          line: at.line,
          priority: 0.9,
          order: lines.indexOf(at.line),
        };
        witnessed = true;
      }
    }
    let value = round2(best.money.value);
    // "GRAND TOTAL 599.53 / ROUNDING ADJ 0.02" and the rounded total under it not read: the
    // adjustment printed below the total brings it to what was paid (a whole number of 5 sen).
    let adjusted = false;
    if (rounding && rounded.length === 0 && rounding.order > best.order && !fiveCents(value)) {
      const signs = rounding.value > 0 ? [rounding.value, -rounding.value] : [rounding.value];
      const to = signs.map((adj) => round2(value + adj)).find(fiveCents);
      if (to !== undefined) {
        value = to;
        adjusted = true;
      }
    }
    const agreeing = candidates.filter((c) => same(c.money.value, value)).length;
    // Arithmetic that agrees (cash less change) makes the total surer; arithmetic that does not,
    // less sure.
    const arithmetic = cash === undefined ? 1 : same(cash.paid, value) ? 1.04 : 0.9;
    const base =
      (best.priority >= 0.9 ? 0.93 : 0.8) *
      (agreeing > 1 ? 1.04 : 1) *
      arithmetic *
      (best.pointLost || adjusted || witnessed ? 0.85 : 1);
    return { value, line: best.line, words: best.money.words, base };
  }
  // No total label could be read, but cash less change says what was paid: surer where the receipt
  // prints that sum elsewhere too (its subtotal), and surer alone than the largest amount printed.
  if (cash && cash.paid > 0) {
    const elsewhere = printedElsewhere(lines, cash, summaries);
    if (elsewhere) return { value: cash.paid, line: elsewhere.line, words: [elsewhere.word], base: 0.85 };
    const word = moneyIn(cash.cash.words).at(-1)?.words.at(-1);
    if (word) return { value: cash.paid, line: cash.cash, words: [word], base: 0.7 };
  }
  // No total label could be read: the largest amount in the lower part, not cash or change.
  const lowerFrom = Math.floor(lines.length * 0.35);
  let best: { money: Money; line: RLine } | undefined;
  for (const [order, line] of lines.entries()) {
    // A tax summary's rows are the taxable amounts and their tax, not what was paid.
    if (order < lowerFrom || summaries.has(order)) continue;
    if (
      /\b(?:cash|change|tender|tendered|paid|balance|rounding|saving|discount|qty)\b|sub[\s-]?total/.test(
        labelText(line.text),
      )
    )
      continue;
    for (const money of moneyIn(line.words)) {
      // On a receipt that prints cents, a figure without them is a code or a count ("£556524004265").
      if (cents && !money.words.some((w) => /\d[.,]\d{2}(?!\d)/.test(w.text))) continue;
      if (money.value > 0 && (!best || money.value > best.money.value)) best = { money, line };
    }
  }
  return best
    ? { value: round2(best.money.value), line: best.line, words: best.money.words, base: 0.6 }
    : undefined;
}

/** A tax summary's header: "GST Summary", "VAT analysis", "MwSt-Aufstellung", "Tax (RM) summary". */
const TAX_SUMMARY =
  /\b(?:gst|vat|tax|sst|mwst|ust|tva|iva)\b.*\b(?:summary|analysis|breakdown|aufstellung|details?)\b|\b(?:summary|analysis)\b.*\b(?:gst|vat|tax|sst)\b|\bmwst[\s-]?(?:satz|aufstellung)\b/;

/** The indexes of the lines of a tax summary (its header and the rows under it, up to eight). */
function taxSummaryLines(lines: RLine[]): Set<number> {
  const inside = new Set<number>();
  lines.forEach((line, i) => {
    if (!TAX_SUMMARY.test(labelText(line.text))) return;
    for (let k = i; k < Math.min(lines.length, i + 8); k++) inside.add(k);
  });
  return inside;
}

/** The non-zero rounding adjustment a receipt prints, if any, and the index of its line. */
export function roundingAdjustment(lines: RLine[]): { value: number; order: number } | undefined {
  for (const [order, line] of lines.entries()) {
    const label = labelText(line.text);
    if (!ROUNDING_ADJUSTMENT.test(label) || TOTAL_ROUNDED.test(label)) continue;
    const money = moneyIn(line.words).at(-1);
    if (money && money.value !== 0 && Math.abs(money.value) < 0.1) return { value: money.value, order };
  }
  return undefined;
}

export function findSubtotal(lines: RLine[]): Found | undefined {
  for (const line of lines) {
    const label = labelText(line.text);
    if (!/sub[\s-]?total|total (?:sales )?\(?excl|\bnet amount\b|amount before tax/.test(label)) continue;
    const money = moneyIn(line.words).at(-1);
    if (money) return { value: round2(money.value), line, words: money.words, base: 0.9 };
  }
  return undefined;
}

export function findTax(lines: RLine[]): Found | undefined {
  for (const line of lines) {
    const label = labelText(line.text);
    if (!/\b(?:gst|vat|tax|mwst|sst|ust|hst|pst)\b|\bservice tax\b/.test(label)) continue;
    // "Total incl. GST" is the total; "Total GST" (and "GST total") the tax.
    const taxTotal =
      /^(?:total\s+(?:gst|vat|tax|sst)|(?:gst|vat|tax|sst)\s+total)\b(?!.*\b(?:incl|excl|sales))/.test(label);
    if (/tax invoice|\b(?:id|reg|regn|registration|no)\b|\bexcl|invoice/.test(label)) continue;
    // "GST @ 6% included in total 2.96" is the tax the total holds.
    if (/\btotal\b/.test(label) && !taxTotal && !/\bincl(?:uded|\.)? in (?:the )?total\b/.test(label))
      continue;
    // "GST 6%  1.47": the amount, not the rate.
    const money = moneyIn(line.words).filter((m) => m.value >= 0);
    const last = money.at(-1);
    if (last) return { value: round2(last.value), line, words: last.words, base: 0.88 };
    // "GST 9%  1:12": its point read as a colon, on a receipt that prints cents.
    const lost = printsCents(lines) ? amountWithoutPoint(line.words) : undefined;
    if (lost && /:/.test(lost.words[0]?.text ?? ''))
      return { value: round2(lost.value), line, words: lost.words, base: 0.75 };
  }
  return taxFromSummary(lines);
}

/** Column titles of a tax table ("Netto Steuer Brutto", "Amount(RM) Tax(RM)", "Net VAT Gross"). */
const TAX_COLUMNS =
  /\b(?:net|netto|gross|brutto|amount|betrag|steuer|tax|excl|incl|taxable|base|ht|ttc|tva)\b/g;

/** A tax table's header: "GST Summary", or a line naming the tax over column titles and no amounts. */
function isTaxTableHeader(line: RLine): boolean {
  const label = labelText(line.text);
  if (TAX_SUMMARY.test(label)) return true;
  if (!/\b(?:gst|vat|tax|sst|mwst|ust|tva|iva)\b/.test(label)) return false;
  if (/\btotal\b/.test(label) || moneyIn(line.words).length > 0) return false;
  return (label.match(TAX_COLUMNS)?.length ?? 0) >= 2;
}

/**
 * The tax from a summary table when no line names it with its amount: "GST SUMMARY  AMOUNT(RM)
 * TAX(RM)" over a row per rate ("SR @ 6%  73.91  4.43", "ZR @ 0%  0.00  0.00"), or "MwSt Netto
 * Steuer Brutto" over "A 7%  5,70  0,40  6,10": the rows' sum. In each row the tax is the amount
 * that is the rate of another (the taxable amount, or the tax-inclusive one, to the cent): a table
 * with a misread row gives no value rather than a wrong one.
 */
export function taxFromSummary(lines: RLine[]): Found | undefined {
  const header = lines.findIndex(isTaxTableHeader);
  if (header < 0) return undefined;
  const rows: Money[] = [];
  let rowLine: RLine | undefined;
  for (const line of lines.slice(header + 1, header + 6)) {
    const rate = /(\d{1,2}(?:[.,]\d+)?)\s*%/.exec(line.text);
    const money = moneyIn(line.words).filter((m) => m.value >= 0 && !/%/.test(m.words.at(-1)?.text ?? ''));
    if (!rate) {
      // The column titles on their own line ("AMOUNT (RM)  TAX (RM)") come before the rows.
      if (money.length === 0 && rows.length === 0) continue;
      break;
    }
    if (money.length === 1) {
      // An amount whose decimal point OCR lost ("SR @ 6%  10123  6.07"): its digits are cents.
      const tax = money[0] as Money;
      const at = tax.words[0] ? line.words.indexOf(tax.words[0]) : -1;
      const before = at > 0 ? line.words[at - 1] : undefined;
      if (before && /^\d{3,7}$/.test(before.text))
        money.unshift({
          value: Number(before.text) / 100,
          words: [before],
          hasCurrency: false,
          index: at - 1,
        });
    }
    const r = Number(rate[1]?.replace(',', '.')) / 100;
    const fits = (base: number, tax: number) =>
      Math.abs(base * r - tax) <= 0.011 || Math.abs((base * r) / (1 + r) - tax) <= 0.011;
    // The last amount that is the rate of another one of the row.
    const tax =
      r === 0
        ? money.at(-1)?.value === 0
          ? money.at(-1)
          : undefined
        : [...money]
            .reverse()
            .find((t) =>
              money.some((base) => base !== t && base.value > t.value && fits(base.value, t.value)),
            );
    if (!tax) return undefined;
    rows.push(tax);
    rowLine ??= line;
  }
  if (!rowLine) return undefined;
  const total = rows.reduce((sum, m) => sum + m.value, 0);
  return { value: round2(total), line: rowLine, words: rows.flatMap((m) => m.words), base: 0.85 };
}
