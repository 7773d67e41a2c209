import { readFileSync } from 'node:fs';
import { extractInvoiceFields } from './src/extraction/receipts/invoice-fields';
const { doc } = JSON.parse(readFileSync(`/tmp/sieve-invoices/${process.argv[2]}.json`, 'utf8'));
console.log(extractInvoiceFields(doc, process.argv.slice(3)));
