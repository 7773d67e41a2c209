import { PDFDocument, StandardFonts } from 'pdf-lib';

/** An invoice's facts as a test prints them: its items, totals and numbers. */
export interface TestInvoice {
  number: string;
  date: string;
  due: string;
  items: { description: string; quantity: number; unit: number; amount: number }[];
  subtotal: number;
  tax: number;
  total: number;
  /** More "Label: value" lines under the header facts. */
  extraLines?: string[];
}

export const TEST_INVOICE: TestInvoice = {
  number: '004817',
  date: 'March 5, 2024',
  due: 'April 4, 2024',
  items: [
    { description: 'Oak shelving units', quantity: 2, unit: 10.5, amount: 21 },
    { description: 'Brass hinges', quantity: 4, unit: 2.55, amount: 10.2 },
    { description: 'Delivery and fitting', quantity: 1, unit: 10, amount: 10 },
  ],
  subtotal: 41.2,
  tax: 3,
  total: 44.2,
};

const money = (n: number) => n.toFixed(2);

/**
 * A one-page invoice PDF with a text layer: header facts as "Label: value" lines, an item table
 * headed Description / Qty / Unit price / Amount, and totals lines under it.
 */
export async function makeInvoicePdf(invoice: TestInvoice = TEST_INVOICE) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const right = (text: string, x: number, y: number, f = font) =>
    page.drawText(text, { x: x - f.widthOfTextAtSize(text, 11), y, size: 11, font: f });
  page.drawText('Northwind Supplies Ltd', { x: 50, y: 740, size: 18, font: bold });
  page.drawText('INVOICE', { x: 450, y: 740, size: 18, font: bold });
  page.drawText(`Invoice number: ${invoice.number}`, { x: 50, y: 700, size: 11, font });
  page.drawText(`Invoice date: ${invoice.date}`, { x: 50, y: 684, size: 11, font });
  page.drawText(`Due date: ${invoice.due}`, { x: 50, y: 668, size: 11, font });
  let y = 668;
  for (const line of invoice.extraLines ?? []) {
    y -= 16;
    page.drawText(line, { x: 50, y, size: 11, font });
  }
  y -= 48;
  page.drawText('Description', { x: 50, y, size: 11, font: bold });
  right('Qty', 340, y, bold);
  right('Unit price', 450, y, bold);
  right('Amount', 550, y, bold);
  for (const item of invoice.items) {
    y -= 20;
    page.drawText(item.description, { x: 50, y, size: 11, font });
    right(String(item.quantity), 340, y);
    right(money(item.unit), 450, y);
    right(money(item.amount), 550, y);
  }
  y -= 36;
  right('Subtotal', 450, y);
  right(money(invoice.subtotal), 550, y);
  y -= 18;
  right('Tax', 450, y);
  right(money(invoice.tax), 550, y);
  y -= 18;
  right('Total', 450, y, bold);
  right(`$${money(invoice.total)}`, 550, y, bold);
  return doc.save();
}
