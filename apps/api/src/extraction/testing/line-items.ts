import type { readLineItems } from '../fields/line-items';

/** The line-items field a template asks for: description, quantity, unit price and amount. */
export const itemColumns = {
  name: 'items',
  type: 'line_items' as const,
  columns: [
    { name: 'description', type: 'text' as const },
    { name: 'quantity', type: 'number' as const },
    { name: 'unit_price', type: 'money' as const },
    { name: 'amount', type: 'money' as const },
  ],
};

/** The rows read, each without its anchor and confidence. */
export const cells = (item: ReturnType<typeof readLineItems>) =>
  (item.value ?? []).map(({ anchor: _a, confidence: _c, ...rest }) => rest);
