import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  closeOcrWorkers,
  closePdfWorkers,
  type ExtractedDocument,
  HeuristicProvider,
  loadBytes,
} from '../src/extraction';
import { INVOICE_FIELDS, renderInvoices } from './invoices';
import { isCorrect } from './types';

/**
 * Developing the invoice reader without re-reading every PDF: `render` prints the corpus, reads
 * each PDF once (OCR for the scans) and keeps the documents as JSON in INVOICE_CACHE (default
 * /tmp/sieve-invoices); `score` answers the cached documents and prints the misses; `show ID`
 * prints a document's lines with their segments.
 *
 *   tsx quality/invoice-inspect.ts render [count]
 *   tsx quality/invoice-inspect.ts score [filter]
 *   tsx quality/invoice-inspect.ts show inv-003
 */

const CACHE = process.env.INVOICE_CACHE ?? '/tmp/sieve-invoices';
const [mode = 'score', arg] = process.argv.slice(2);

if (mode === 'render') {
  mkdirSync(CACHE, { recursive: true });
  const rendered = await renderInvoices({
    count: Number(arg ?? 96),
    ...(process.env.INVOICE_SEED ? { seed: Number(process.env.INVOICE_SEED) } : {}),
    ...(process.env.INVOICE_HAND === '0' ? { only: (s: { layout: string }) => s.layout !== 'hand' } : {}),
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  for (const { spec, form, pdf } of rendered) {
    const file = path.join(CACHE, `${spec.id}.${form}.json`);
    if (existsSync(file) && process.env.FORCE !== '1') continue;
    writeFileSync(path.join(CACHE, `${spec.id}.${form}.pdf`), pdf);
    const doc = await loadBytes(pdf, { contentType: 'application/pdf' });
    writeFileSync(file, JSON.stringify({ spec: { ...spec, html: undefined }, form, doc }));
    process.stdout.write('.');
  }
  await closePdfWorkers();
  await closeOcrWorkers();
} else if (mode === 'score') {
  const provider = new HeuristicProvider();
  const tally = new Map<string, [number, number]>();
  const add = (k: string, ok: boolean) => {
    const t = tally.get(k) ?? [0, 0];
    t[0] += ok ? 1 : 0;
    t[1] += 1;
    tally.set(k, t);
  };
  for (const file of readdirSync(CACHE).filter((f) => f.endsWith('.json') && (!arg || f.includes(arg)))) {
    const { spec, form, doc } = JSON.parse(readFileSync(path.join(CACHE, file), 'utf8')) as {
      spec: { id: string; lang: string; truth: Record<string, unknown> };
      form: string;
      doc: ExtractedDocument;
    };
    const { result } = await provider.extract(
      doc,
      INVOICE_FIELDS.map((f) => f.dataPoint),
      { documentType: 'pdf' },
    );
    for (const field of INVOICE_FIELDS) {
      const expected = field.expected(spec.truth as never);
      const item = result[field.dataPoint];
      const ok = isCorrect(expected, item?.value ?? null);
      add(`${field.dataPoint} ${form}`, ok);
      add(`${spec.lang} ${form}`, ok);
      add(
        `band ${(item?.confidence ?? 0) > 0.95 ? 'high' : (item?.confidence ?? 0) >= 0.85 ? 'medium' : 'low'}`,
        ok,
      );
      if (!ok)
        console.log(
          `${spec.id}.${form} ${field.dataPoint}: expected ${JSON.stringify(expected)} got ${JSON.stringify(item?.value ?? null)} (${item?.confidence}) «${item?.source_text ?? ''}»`,
        );
    }
  }
  for (const [k, [ok, n]] of [...tally.entries()].sort())
    console.log(`${k.padEnd(28)} ${ok}/${n} ${((100 * ok) / n).toFixed(1)} %`);
} else if (mode === 'show') {
  for (const file of readdirSync(CACHE).filter((f) => f.endsWith('.json') && f.includes(arg ?? ''))) {
    const { doc } = JSON.parse(readFileSync(path.join(CACHE, file), 'utf8')) as { doc: ExtractedDocument };
    console.log(`== ${file}`);
    for (const page of doc.layout ?? [])
      for (const line of page.lines)
        console.log(
          `${line.box.map((v) => v.toFixed(3)).join(',')}  ${line.segments.map((s) => `[${s.text}]`).join(' ')}`,
        );
  }
}
