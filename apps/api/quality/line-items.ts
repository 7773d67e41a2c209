import type { CheckSpec, FieldSpec } from '@sieve/contracts';
import { mapPool, QUALITY_CONCURRENCY, type QualityAnswers, qualityReader } from './api-harness';
import type { InvoiceSpec, InvoiceTruth } from './corpus/invoices';
import { receiptSpecs, renderReceipt } from './corpus/receipts';
import { type InvoiceSuiteOptions, renderInvoices } from './invoices';
import type { QualityCase, QualitySuiteReport } from './types';

/**
 * `pnpm quality` suites 'line-items' and 'checks' (issue 43, DESIGN §13), through the API like
 * every suite: the generated invoices (digital and scanned) asked for a line-items field and the
 * totals with their checks.
 *
 * - line-items: the invoices, then generated receipt images (till receipts in the classic and the
 *   Malaysian GST styles and invoice-style receipts, degraded like scans, `receipt_mapping`). One
 *   case per item row of the truth; prints, per document kind, row-level precision, recall and F1
 *   (a row is found when a returned row has its description and amount) and amount accuracy (rows
 *   whose description was found and whose amount is right).
 * - checks: each invoice as printed and with one item's amount altered (a digit changed); the
 *   checks should flag the altered ones and leave the untouched ones alone.
 */

export const LINE_ITEM_FIELDS: FieldSpec[] = [
  {
    name: 'Items',
    type: 'line_items',
    columns: [
      { name: 'description', type: 'text' },
      { name: 'quantity', type: 'number' },
      { name: 'unit_price', type: 'money' },
      { name: 'amount', type: 'money' },
    ],
  },
  { name: 'Subtotal', type: 'money' },
  { name: 'Tax', type: 'money' },
  { name: 'Total', type: 'money' },
];
export const INVOICE_CHECKS: CheckSpec[] = [
  { kind: 'sum', name: 'items add up to the subtotal', of: ['Items.amount'], equals: 'Subtotal' },
  { kind: 'sum', name: 'subtotal and tax add up to the total', of: ['Subtotal', 'Tax'], equals: 'Total' },
];

type Row = { description?: unknown; amount?: unknown };

const fold = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const sameAmount = (a: unknown, b: number) => typeof a === 'number' && Math.abs(a - b) < 0.005;
const sameText = (a: unknown, b: string) =>
  fold(a) !== '' && (fold(a) === fold(b) || fold(a).includes(fold(b)));

function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? (value as Row[]) : [];
}

/** The invoice with one digit of its last item's amount changed: its items no longer add up. */
export function alterInvoice(spec: InvoiceSpec): InvoiceSpec | null {
  const table = /<table class="items">[\s\S]*?<\/table>/.exec(spec.html);
  if (!table) return null;
  const cells = [...table[0].matchAll(/<td>([^<]*\d[^<]*)<\/td><\/tr>/g)];
  const last = cells.at(-1);
  if (!last?.[1] || last.index === undefined) return null;
  const amount = last[1];
  const at = amount.search(/\d/);
  const digit = Number(amount[at]);
  const changed = `${amount.slice(0, at)}${digit === 9 ? 1 : digit + 1}${amount.slice(at + 1)}`;
  const start = (table.index ?? 0) + last.index;
  const html = `${spec.html.slice(0, start)}<td>${changed}</td></tr>${spec.html.slice(start + last[0].length)}`;
  return { ...spec, id: `${spec.id}-altered`, html };
}

function withItems(
  spec: InvoiceSpec,
): spec is InvoiceSpec & { truth: InvoiceTruth & { items: NonNullable<InvoiceTruth['items']> } } {
  return Array.isArray(spec.truth.items) && spec.truth.items.length > 0;
}

type Tally = { truth: number; returned: number; found: number; amountRight: number };

/** Scores one document's returned rows against its printed items: one case per item row. */
function scoreRows(
  answers: QualityAnswers,
  truth: { description: string; amount: number }[],
  where: { suite: string; document: string; kind: string },
  tally: Tally,
): QualityCase[] {
  const returned = rowsOf(answers.items.Items?.value);
  tally.truth += truth.length;
  tally.returned += returned.length;
  const used = new Set<number>();
  return truth.map((row, i) => {
    const at = returned.findIndex((r, j) => !used.has(j) && sameText(r.description, row.description));
    const byPlace = at < 0 && returned.length === truth.length ? i : at;
    if (at >= 0) used.add(at);
    const got = byPlace >= 0 ? returned[byPlace] : undefined;
    const found = at >= 0 && sameAmount(got?.amount, row.amount);
    if (found) tally.found++;
    if (got && sameAmount(got.amount, row.amount)) tally.amountRight++;
    return {
      ...where,
      caseType: 'item row',
      dataPoint: `Items[${i + 1}]`,
      expected: `${row.description} · ${row.amount}`,
      value: got ? `${String(got.description ?? '')} · ${String(got.amount ?? '')}` : null,
      correct: found,
      confidence: answers.items.Items?.confidence ?? 0,
      hasSourceText: Boolean(answers.items.Items?.source_text),
    };
  });
}

function report(what: string, tally: Tally): void {
  const precision = tally.returned ? tally.found / tally.returned : 0;
  const recall = tally.truth ? tally.found / tally.truth : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  console.log(
    `line items, ${what}: ${tally.truth} rows; precision ${(precision * 100).toFixed(1)} %, recall ${(recall * 100).toFixed(1)} %, row F1 ${f1.toFixed(3)}; amount accuracy ${((tally.amountRight / Math.max(1, tally.truth)) * 100).toFixed(1)} %`,
  );
}

const emptyTally = (): Tally => ({ truth: 0, returned: 0, found: 0, amountRight: 0 });

export async function runLineItemSuite(
  options: InvoiceSuiteOptions & { receipts?: number },
): Promise<QualitySuiteReport> {
  const reader = await qualityReader();
  const rendered = (await renderInvoices(options)).filter((r) => withItems(r.spec));
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  const tallies = new Map<string, Tally>();
  const tallyOf = (kind: string) => {
    const tally = tallies.get(kind) ?? emptyTally();
    tallies.set(kind, tally);
    return tally;
  };
  await mapPool(rendered, QUALITY_CONCURRENCY, async ({ spec, form, pdf }) => {
    const answers = await reader.ask(
      { form: 'upload', documentType: 'pdf', bytes: pdf, filename: `${spec.id}.${form}.pdf` },
      [],
      { fields: LINE_ITEM_FIELDS },
    );
    documentSeconds.push(answers.seconds);
    const where = {
      suite: `line-items-${form}`,
      document: `${spec.id}.${form}.pdf`,
      kind: `${spec.lang}/${form}`,
    };
    cases.push(...scoreRows(answers, spec.truth.items ?? [], where, tallyOf(`invoices ${form}`)));
  });
  // Receipts: every generated receipt that prints items (card slips print none).
  const receipts = receiptSpecs(options.receipts ?? 0).filter((spec) => spec.truth.items.length > 0);
  await mapPool(receipts, QUALITY_CONCURRENCY, async (spec) => {
    const bytes = await renderReceipt(spec);
    const answers = await reader.ask(
      { form: 'upload', documentType: 'receipt_mapping', bytes, filename: `${spec.id}.jpg` },
      [],
      { fields: LINE_ITEM_FIELDS },
    );
    documentSeconds.push(answers.seconds);
    const where = { suite: 'line-items-receipt', document: spec.id, kind: `${spec.style}/${spec.kind}` };
    cases.push(...scoreRows(answers, spec.truth.items, where, tallyOf(`receipts ${spec.style}`)));
  });
  const all = emptyTally();
  for (const [kind, tally] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    report(kind, tally);
    for (const key of Object.keys(all) as (keyof Tally)[]) all[key] += tally[key];
  }
  report(`all ${rendered.length} invoices and ${receipts.length} receipts`, all);
  return { suite: 'line-items', cases, documentSeconds };
}

export async function runChecksSuite(options: InvoiceSuiteOptions): Promise<QualitySuiteReport> {
  const reader = await qualityReader();
  const rendered = await renderInvoices({
    ...options,
    // Each invoice twice: as printed, and with one item's amount altered.
    only: (spec) => (options.only?.(spec) ?? true) && withItems(spec),
    extra: (spec) => {
      const altered = alterInvoice(spec);
      return altered ? [altered] : [];
    },
  });
  const cases: QualityCase[] = [];
  const documentSeconds: number[] = [];
  await mapPool(rendered, QUALITY_CONCURRENCY, async ({ spec, form, pdf }) => {
    const answers = await reader.ask(
      { form: 'upload', documentType: 'pdf', bytes: pdf, filename: `${spec.id}.${form}.pdf` },
      [],
      { fields: LINE_ITEM_FIELDS, checks: INVOICE_CHECKS },
    );
    documentSeconds.push(answers.seconds);
    const altered = spec.id.endsWith('-altered');
    const failed = (answers.checks ?? []).filter((c) => !c.passed).map((c) => c.name);
    const flagged = failed.length > 0 || answers.status !== 'completed';
    cases.push({
      suite: `checks-${form}`,
      document: `${spec.id}.${form}.pdf`,
      kind: `${altered ? 'altered' : 'untouched'}/${form}`,
      caseType: altered ? 'altered document' : 'untouched document',
      dataPoint: 'checks',
      expected: altered ? 'flagged' : 'passed',
      value: flagged ? `flagged: ${failed.join('; ') || answers.error}` : 'passed',
      correct: altered === flagged,
      confidence: 0,
      hasSourceText: true,
    });
  });
  const share = (kind: boolean) => {
    const mine = cases.filter((c) => (c.expected === 'flagged') === kind);
    const flagged = mine.filter((c) => String(c.value).startsWith('flagged')).length;
    return `${flagged} / ${mine.length} (${((flagged / Math.max(1, mine.length)) * 100).toFixed(1)} %)`;
  };
  console.log(
    `checks: altered documents flagged ${share(true)}; untouched documents flagged ${share(false)}`,
  );
  return { suite: 'checks', cases, documentSeconds };
}
