import type { DataTableColumn } from '@sieve/ui';
import { formatMoney } from '../dashboard/format';
import { AdminTable, type BulkAction } from './admin-table';
import type { Requester } from './api';
import { activityColumns, deleteAction, PersonCell } from './table-parts';
import { useAdminList } from './use-admin-list';

const NOUN = { one: 'requester', many: 'requesters' };

const BULK_ACTIONS: readonly BulkAction[] = [
  deleteAction(
    'requesters',
    'Their accounts are closed and leave this list; their requests stay in the Requests list and exports.',
    'Failed to delete requester',
  ),
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
    cell: (r) => <PersonCell fullName={r.full_name} email={r.email} />,
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
  ...activityColumns<Requester>(),
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
