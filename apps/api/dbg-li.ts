import { loadBytes } from './src/extraction';
import { readLineItems } from './src/extraction/fields/line-items';
import { renderInvoices } from './quality/invoices';
import { LINE_ITEM_FIELDS } from './quality/line-items';
import { columnHeaderPath } from './src/extraction/tables/table-builder';
const docs = await renderInvoices({ count: 12, chromiumPath: '/usr/bin/chromium', scanEvery: 0, only: (s) => /inv-00(1|5|9)-/.test(s.id) });
for (const d of docs) {
  const doc = await loadBytes(d.pdf, { contentType: 'application/pdf' });
  console.log('==', d.spec.id);
  for (const p of doc.layout ?? []) for (const t of p.tables) console.log(' table', t.headerRows, t.rowCount, t.columnCount, Array.from({ length: t.columnCount }, (_, c) => columnHeaderPath(t, c).join(' ')), t.rowTexts?.slice(0, 3));
  const item = readLineItems(doc, LINE_ITEM_FIELDS[0]!);
  console.log(JSON.stringify((item.value ?? []).map(({ anchor, confidence, ...c }) => c)));
}
process.exit(0);
