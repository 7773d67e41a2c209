import { describe, expect, it } from 'vitest';
import {
  itemColumns,
  itemProblems,
  lineItemSpecs,
  parseItemCell,
  reviewCellText,
  withCell,
  withNewRow,
  withoutRow,
  withRowMoved,
} from './line-items';

const anchor = { page: 1, box: [0.1, 0.4, 0.9, 0.42] };
const rows = [
  { description: 'Oak shelving units', amount: 21, anchor, confidence: { description: 0.97, amount: 0.9 } },
  { description: 'Brass hinges', amount: 7.2, anchor, confidence: { description: 0.97, amount: 0.97 } },
];
const metadata = {
  fields: [
    {
      name: 'Items',
      type: 'line_items',
      columns: [
        { name: 'description', type: 'text' },
        { name: 'amount', type: 'money' },
      ],
    },
  ],
};

describe('line items in review (DESIGN §13)', () => {
  it('stores what is typed in the column’s type: amounts as numbers, text and identifiers as typed', () => {
    expect(parseItemCell('10.20', 'money')).toBe(10.2);
    expect(parseItemCell('$1,234.50', 'money')).toBe(1234.5);
    expect(parseItemCell('0042', 'identifier')).toBe('0042');
    expect(parseItemCell('  Brass hinges ', 'text')).toBe('Brass hinges');
    expect(parseItemCell('March 5, 2024', 'date')).toBe('20240305');
    expect(parseItemCell('yes', 'boolean')).toBe(true);
    expect(parseItemCell('', 'money')).toBeNull();
    expect(parseItemCell('ten', 'money')).toBe('ten');
  });

  it('edits a cell keeping the row’s box and confidences, and adds, removes and reorders rows', () => {
    const edited = withCell(rows, 1, 'amount', 10.2);
    expect(edited[1]).toEqual({ ...rows[1], amount: 10.2 });
    expect(edited[0]).toBe(rows[0]);
    const columns = itemColumns(rows, lineItemSpecs(metadata).get('Items'));
    expect(columns).toEqual([
      { name: 'description', type: 'text' },
      { name: 'amount', type: 'money' },
    ]);
    expect(withNewRow(rows, columns)[2]).toEqual({ description: null, amount: null });
    expect(withoutRow(rows, 0)).toEqual([rows[1]]);
    expect(withRowMoved(rows, 1, -1)).toEqual([rows[1], rows[0]]);
    expect(withRowMoved(rows, 1, 1)).toEqual(rows);
  });

  it('reads columns from the rows when the request named none, and flags a cell of the wrong type', () => {
    expect(itemColumns(rows, undefined)).toEqual([
      { name: 'description', type: 'text' },
      { name: 'amount', type: 'number' },
    ]);
    const specs = lineItemSpecs(metadata);
    expect(
      itemProblems([{ key: 'Items', cells: { value: withCell(rows, 0, 'amount', 'ten') } }], specs),
    ).toEqual([{ name: 'Items item 1 amount', problem: 'Not a number' }]);
    expect(reviewCellText(rows)).toBe('2 items · edit below');
    expect(reviewCellText(44.2)).toBe('44.2');
  });
});
