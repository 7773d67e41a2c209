import { closeOcrWorkers, extractReceiptFields, loadImage } from '../src/extraction';
import { receiptSpecs, renderReceipt } from './corpus/receipts';

/**
 * Looks at generated receipts as the field finders see them: `tsx
 * src/extraction/quality/receipt-inspect.ts receipt-013 receipt-017` prints each one's truth, its
 * OCR'd lines (segments, mean word confidence) and the fields found.
 */
const ids = new Set(process.argv.slice(2));
const count = Number(process.env.QUALITY_RECEIPTS ?? 160);
for (const spec of receiptSpecs(count).filter((s) => ids.has(s.id))) {
  const doc = await loadImage(await renderReceipt(spec), { mediaType: 'image/jpeg' });
  console.log(`=== ${spec.id} ${spec.style}/${spec.kind} ${spec.font} ${JSON.stringify(spec.degrade)}`);
  console.log(`truth ${JSON.stringify(spec.truth)}`);
  for (const line of doc.layout?.[0]?.lines ?? []) {
    const words = line.segments.flatMap((s) => s.words);
    const conf = words.reduce((a, w) => a + (w.confidence ?? 1), 0) / Math.max(1, words.length);
    console.log(`  ${conf.toFixed(2)} | ${line.segments.map((s) => s.text).join(' || ')}`);
  }
  const found = extractReceiptFields(doc, [
    'Company',
    'Address',
    'Date',
    'Total',
    'Tax',
    'Currency',
    'Receipt number',
    'Card last four',
  ]);
  console.log(
    `found ${JSON.stringify(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.value])))}`,
  );
}
await closeOcrWorkers();
