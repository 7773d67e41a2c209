import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: string;
  email: string;
  tasks: number;
}

const rows: Row[] = [
  { id: 'a', email: 'ann@example.org', tasks: 3 },
  { id: 'b', email: 'bob@example.org', tasks: 7 },
];

const columns: DataTableColumn<Row>[] = [
  { id: 'email', header: 'Email', cell: (r) => r.email, sortKey: 'email', isRowHeader: true },
  { id: 'tasks', header: 'Tasks', cell: (r) => r.tasks, sortKey: 'tasks_completed', firstSortOrder: 'desc' },
  { id: 'note', header: 'Note', cell: () => '—' },
];

describe('DataTable', () => {
  it('marks the sorted column and asks for the other order, or the first order of a new column', () => {
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="Reviewers"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        sort={{ by: 'email', order: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Tasks/ }).getAttribute('aria-sort')).toBeNull();
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Email/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ by: 'email', order: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: /Tasks/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ by: 'tasks_completed', order: 'desc' });
    expect(screen.getByRole('rowheader', { name: 'bob@example.org' })).toBeTruthy();
  });

  it('selects rows one by one and all on the page, with an indeterminate header box in between', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <DataTable
        caption="Reviewers"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        selection={{ selectedIds: new Set(['a']), onChange, rowLabel: (r) => `Select ${r.email}` }}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(all.checked).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select bob@example.org' }));
    expect([...onChange.mock.lastCall![0]]).toEqual(['a', 'b']);
    fireEvent.click(all);
    expect([...onChange.mock.lastCall![0]].sort()).toEqual(['a', 'b']);

    rerender(
      <DataTable
        caption="Reviewers"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        selection={{
          selectedIds: new Set(['a', 'b', 'elsewhere']),
          onChange,
          rowLabel: (r) => `Select ${r.email}`,
        }}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    // Clearing the page keeps selections made on other pages.
    expect([...onChange.mock.lastCall![0]]).toEqual(['elsewhere']);
  });

  it('shows the empty state, or a spinner while the first page loads, in a labelled scroll area', () => {
    const { rerender } = render(
      <DataTable
        caption="Requests"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.id}
        empty="No requests found"
      />,
    );
    expect(screen.getByText('No requests found')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Requests' }).getAttribute('style')).toContain(
      'max-height: 600px',
    );
    rerender(<DataTable caption="Requests" columns={columns} rows={[]} getRowId={(r) => r.id} isLoading />);
    expect(screen.getByRole('status', { name: 'Loading rows' })).toBeTruthy();
  });

  it('opens a row on click, but a click on its own button does only what the button does', () => {
    const onRowClick = vi.fn();
    const onButton = vi.fn();
    render(
      <DataTable
        caption="Requests"
        columns={[
          ...columns,
          {
            id: 'actions',
            header: 'Actions',
            isSticky: true,
            cell: (r) => (
              <button type="button" onClick={() => onButton(r.id)}>
                View {r.id}
              </button>
            ),
          },
        ]}
        rows={rows}
        getRowId={(r) => r.id}
        onRowClick={(r) => onRowClick(r.id)}
      />,
    );
    fireEvent.click(screen.getByText('bob@example.org'));
    expect(onRowClick).toHaveBeenCalledWith('b');
    fireEvent.click(screen.getByRole('button', { name: 'View a' }));
    expect(onButton).toHaveBeenCalledWith('a');
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('columnheader', { name: 'Actions' }).className).toContain(
      'sv-table__cell--sticky',
    );
  });

  it('marks low-priority columns so they give way in a narrow container', () => {
    render(
      <DataTable
        caption="Reviewers"
        columns={[
          columns[0] as DataTableColumn<Row>,
          { id: 'joined', header: 'Joined', priority: 3, cell: () => 'Mar 1' },
        ]}
        rows={rows}
        getRowId={(r) => r.id}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Joined' }).className).toContain('sv-table__cell--p3');
  });
});
