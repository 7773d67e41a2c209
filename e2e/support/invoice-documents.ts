import type { Page } from '@playwright/test';

/** An invoice's items as a test prints them (DESIGN §13 line items). */
export interface PrintedItem {
  description: string;
  quantity: number;
  unit: number;
  /** As printed: a test may print it wrong, so the items do not add up. */
  amount: number;
}

export const INVOICE_ITEMS: readonly PrintedItem[] = [
  { description: 'Oak shelving units', quantity: 2, unit: 10.5, amount: 21 },
  // 4 × 2.55 is 10.20: printed 7.20, the items add up to 38.20 against a subtotal of 41.20.
  { description: 'Brass hinges', quantity: 4, unit: 2.55, amount: 7.2 },
  { description: 'Delivery and fitting', quantity: 1, unit: 10, amount: 10 },
];

const money = (n: number) => n.toFixed(2);

/**
 * A one-page invoice PDF with a text layer, made by the browser beside the test's page: header
 * facts as "Label: value" lines, an item table (Description, Qty, Unit price, Amount), totals.
 */
export async function makeInvoicePdf(
  source: Page,
  { number = '004817', items = INVOICE_ITEMS, subtotal = 41.2, tax = 3, total = 44.2 } = {},
): Promise<Buffer> {
  const page = await source.context().newPage();
  try {
    const rows = items
      .map(
        (item) =>
          `<tr><td>${item.description}</td><td class="n">${item.quantity}</td><td class="n">${money(item.unit)}</td><td class="n">${money(item.amount)}</td></tr>`,
      )
      .join('');
    await page.setContent(`<!doctype html><html><head><style>
      body { font: 14px Helvetica, Arial, sans-serif; padding: 48px; }
      h1 { font-size: 22px; margin: 0 0 24px; }
      p { margin: 4px 0; }
      table { border-collapse: collapse; margin-top: 32px; width: 100%; }
      th, td { padding: 6px 8px; text-align: left; }
      th.n, td.n { text-align: right; }
      .totals td { padding-top: 4px; }
    </style></head><body>
      <h1>Northwind Supplies Ltd &nbsp; INVOICE</h1>
      <p>Invoice number: ${number}</p>
      <p>Invoice date: March 5, 2024</p>
      <p>Due date: April 4, 2024</p>
      <table>
        <thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Amount</th></tr></thead>
        <tbody>${rows}</tbody>
      </table>
      <table class="totals">
        <tr><td></td><td class="n">Subtotal</td><td class="n">${money(subtotal)}</td></tr>
        <tr><td></td><td class="n">Tax</td><td class="n">${money(tax)}</td></tr>
        <tr><td></td><td class="n"><b>Total</b></td><td class="n"><b>$${money(total)}</b></td></tr>
      </table>
    </body></html>`);
    return await page.pdf({ format: 'Letter' });
  } finally {
    await page.close();
  }
}
