import { Badge, Button, type DataTableColumn } from '@sieve/ui';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatShare, shortId } from '../dashboard/format';
import { RequestDetailView } from '../request-detail/request-detail-view';
import { AdminTable, type BulkAction } from './admin-table';
import type { AdminRequest } from './api';
import { documentTypeLabel } from './document-type';
import { deleteAction } from './table-parts';
import { useAdminList } from './use-admin-list';

const NOUN = { one: 'request', many: 'requests' };

const BULK_ACTIONS: readonly BulkAction[] = [
  deleteAction(
    'requests',
    'They leave this list and stop processing; their audit trail is kept.',
    'Failed to delete request',
  ),
];

// spec 02 §4: the admin filter also offers in_progress (the server reads it as processing).
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

export const REQUEST_STATUS_TONE = {
  pending: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
} as const satisfies Record<AdminRequest['status'], 'neutral' | 'info' | 'success' | 'danger'>;

const STATUS_LABEL: Record<AdminRequest['status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** The query parameter that opens one request's detail inside the Requests view. */
export const REQUEST_PARAM = 'request';

const columns = (open: (request: AdminRequest) => void): DataTableColumn<AdminRequest>[] => [
  {
    id: 'request',
    header: 'Request',
    isRowHeader: true,
    cell: (r) => (
      <code className="adm-id" title={r.request_id}>
        {shortId(r.request_id)}
      </code>
    ),
  },
  {
    id: 'requester',
    header: 'Requester',
    sortKey: 'requester_email',
    cell: (r) => (
      <span className="adm-truncate" title={r.requester_email}>
        {r.requester_email}
      </span>
    ),
    priority: 2,
  },
  {
    id: 'type',
    header: 'Type',
    sortKey: 'request_type',
    cell: (r) => documentTypeLabel(r.request_type),
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    cell: (r) => (
      <span className="adm-status-cell" title={r.error ?? undefined}>
        <Badge tone={REQUEST_STATUS_TONE[r.status]} hasDot>
          {STATUS_LABEL[r.status]}
        </Badge>
        {r.status === 'failed' && r.error ? <span className="adm-status-cell__error">{r.error}</span> : null}
        {r.status === 'completed' && r.completed_at ? (
          <span className="adm-status-cell__when">{formatDateTime(r.completed_at)}</span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'priority',
    header: 'Priority',
    sortKey: 'priority',
    firstSortOrder: 'desc',
    cell: (r) => <span className="adm-capitalize">{r.priority}</span>,
    priority: 3,
  },
  {
    id: 'progress',
    header: 'Progress',
    sortKey: 'progress',
    firstSortOrder: 'desc',
    cell: (r) => (
      <span className="adm-progress">
        <span className="adm-progress__track" aria-hidden="true">
          <span className="adm-progress__bar" style={{ width: `${Math.round(r.progress * 100)}%` }} />
        </span>
        <span>
          {formatShare(r.progress, 0)}
          {r.task_count > 0 ? (
            <span className="sv-muted">{` · ${r.completed_tasks}/${r.task_count} tasks`}</span>
          ) : null}
        </span>
      </span>
    ),
  },
  {
    id: 'reviewers',
    header: 'Reviewers',
    align: 'end',
    priority: 3,
    cell: (r) => r.worker_count.toLocaleString('en-US'),
  },
  {
    id: 'created',
    header: 'Submitted',
    sortKey: 'created_at',
    firstSortOrder: 'desc',
    cell: (r) => formatDateTime(r.created_at),
  },
  {
    id: 'actions',
    header: <span className="sv-visually-hidden">Actions</span>,
    align: 'end',
    isSticky: true,
    cell: (r) => (
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Open request ${shortId(r.request_id)}`}
        onClick={() => open(r)}
      >
        Open
      </Button>
    ),
  },
];

/** The Requests view: every requester's requests (spec 02 §2). */
export default function RequestsView() {
  const list = useAdminList('requests', { by: 'created_at', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const openId = params.get(REQUEST_PARAM);
  const setOpen = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(REQUEST_PARAM, id);
      else next.delete(REQUEST_PARAM);
      return next;
    });
  if (openId) return <RequestDetailView requestId={openId} onBack={() => setOpen(null)} />;
  return (
    <AdminTable
      onRowClick={(r) => setOpen(r.request_id)}
      list={list}
      title="Requests"
      description="Every request from every requester, newest first, with its progress through review."
      noun={NOUN}
      columns={columns((r) => setOpen(r.request_id))}
      getRowId={(r) => r.request_id}
      rowName={(r) => `${shortId(r.request_id)} (${documentTypeLabel(r.request_type)}, ${r.requester_email})`}
      statusOptions={STATUS_OPTIONS}
      bulkActions={BULK_ACTIONS}
      emptyText="No requests found"
    />
  );
}
