import type { DataTableColumn } from '@sieve/ui';
import { formatDate, formatMoney, formatRelative } from '../dashboard/format';
import { AdminTable, type BulkAction } from './admin-table';
import { deleteRow, type Requester } from './api';
import { useAdminList } from './use-admin-list';

const NOUN = { one: 'requester', many: 'requesters' };

const BULK_ACTIONS: readonly BulkAction[] = [
  {
    id: 'delete',
    label: 'Delete',
    icon: 'bin',
    tone: 'danger',
    confirmTitle: (n, noun) => `Delete ${n} ${noun}?`,
    confirmDescription:
      'Their accounts are closed and leave this list; their requests stay in the Requests list and exports.',
    confirmLabel: 'Delete',
    verbPast: 'Deleted',
    call: (id) => deleteRow('requesters', id),
    fallback: 'Failed to delete requester',
  },
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const COLUMNS: DataTableColumn<Requester>[] = [
  {
    id: 'requester',
    header: 'Requester',
    sortKey: 'email',
    isRowHeader: true,
    cell: (r) => (
      <span className="adm-person">
        <span className="adm-person__name">{r.full_name || r.email}</span>
        <span className="adm-person__email">{r.email}</span>
      </span>
    ),
  },
  {
    id: 'organization',
    header: 'Organization',
    sortKey: 'organization',
    cell: (r) => r.organization || <span className="sv-muted">—</span>,
  },
  {
    id: 'plan',
    header: 'Plan',
    cell: (r) => (r.plan_id && r.plan_id !== 'free' ? r.plan_id : 'Free'),
  },
  {
    id: 'submitted',
    header: 'Submitted',
    sortKey: 'requests_submitted',
    firstSortOrder: 'desc',
    align: 'end',
    cell: (r) => r.requests_submitted.toLocaleString('en-US'),
  },
  { id: 'active', header: 'Active', align: 'end', cell: (r) => r.active_requests.toLocaleString('en-US') },
  {
    id: 'completed',
    header: 'Completed',
    align: 'end',
    cell: (r) => r.completed_requests.toLocaleString('en-US'),
  },
  {
    id: 'cost',
    header: 'Total cost',
    sortKey: 'total_cost',
    firstSortOrder: 'desc',
    align: 'end',
    cell: (r) => formatMoney(r.total_cost),
  },
  {
    id: 'activity',
    header: 'Last active',
    sortKey: 'last_activity',
    firstSortOrder: 'desc',
    cell: (r) => <span title={r.last_activity ?? undefined}>{formatRelative(r.last_activity)}</span>,
  },
  {
    id: 'joined',
    header: 'Joined',
    sortKey: 'created_at',
    firstSortOrder: 'desc',
    cell: (r) => formatDate(r.created_at),
  },
];

/** The Requesters view (spec 02 §2). */
export default function RequestersView() {
  const list = useAdminList('requesters', { by: 'created_at', order: 'desc' });
  return (
    <AdminTable
      list={list}
      title="Requesters"
      description="Everyone who submits documents: their volume, spend and activity."
      noun={NOUN}
      columns={COLUMNS}
      getRowId={(r) => r.requester_id}
      rowName={(r) => r.email}
      rowClassName={(r) => (r.is_active ? undefined : 'adm-row--muted')}
      statusOptions={STATUS_OPTIONS}
      bulkActions={BULK_ACTIONS}
      emptyText="No requesters yet."
    />
  );
}
