import { invoiceLabelsIn } from './src/extraction/lexicon/invoice-labels';
for (const t of process.argv.slice(2)) console.log(t, JSON.stringify(invoiceLabelsIn(t)));
