import type { DataTableColumn } from '@sieve/ui';
import { formatDate, formatRelative } from '../dashboard/format';
import type { BulkAction } from './admin-table';
import { deleteRow, type ListKind } from './api';

/** The Delete bulk action of a list: what happens to the rows, and the spec 02 §8 fallback. */
export function deleteAction(kind: ListKind, confirmDescription: string, fallback: string): BulkAction {
  return {
    id: 'delete',
    label: 'Delete',
    icon: 'bin',
    tone: 'danger',
    confirmTitle: (n, noun) => `Delete ${n} ${noun}?`,
    confirmDescription,
    confirmLabel: 'Delete',
    verbPast: 'Deleted',
    call: (id) => deleteRow(kind, id),
    fallback,
  };
}

/** A person's name (or e-mail when there is none) over their e-mail. */
export function PersonCell({ fullName, email }: { fullName: string | null | undefined; email: string }) {
  return (
    <span className="adm-person" title={fullName ? `${fullName} <${email}>` : email}>
      <span className="adm-person__name">{fullName || email}</span>
      <span className="adm-person__email">{email}</span>
    </span>
  );
}

interface Dated {
  last_activity: string | null;
  created_at: string;
}

/** The Last active and Joined columns of the people lists. */
export function activityColumns<Row extends Dated>(): DataTableColumn<Row>[] {
  return [
    {
      id: 'activity',
      header: 'Last active',
      sortKey: 'last_activity',
      firstSortOrder: 'desc',
      cell: (row) => <span title={row.last_activity ?? undefined}>{formatRelative(row.last_activity)}</span>,
    },
    {
      id: 'joined',
      header: 'Joined',
      priority: 3,
      sortKey: 'created_at',
      firstSortOrder: 'desc',
      cell: (row) => formatDate(row.created_at),
    },
  ];
}
