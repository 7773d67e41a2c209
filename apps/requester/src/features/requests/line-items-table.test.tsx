import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineItemsTable, lineItemLists } from './line-items-table';

describe('LineItemsTable (DESIGN §4 and §13)', () => {
  it('marks a row the reviewers did not settle as disputed, and never shows the flag as a column', () => {
    const result = {
      items: {
        type: 'line_items',
        disputed: true,
        value: [
          { description: 'Widget', amount: 10 },
          { description: 'Gadget', amount: 26, disputed: true },
        ],
      },
    };
    const [list] = lineItemLists(result, []);
    if (!list) throw new Error('no line items');
    expect(list.columns.map((c) => c.name)).toEqual(['description', 'amount']);
    render(<LineItemsTable {...list} />);
    const table = screen.getByRole('table', { name: /^items/ });
    expect(within(table).queryByRole('columnheader', { name: /disputed/i })).toBeNull();
    expect(within(table).getByRole('row', { name: /^2 Disputed Gadget/ })).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /^1 Widget/ })).queryByText('Disputed')).toBeNull();
  });
});
