import { errorMessageFor } from '@sieve/auth';
import { Badge, Button, ConfirmDialog, type DataTableColumn, Icon } from '@sieve/ui';
import { useState } from 'react';
import { useDashboard } from '../dashboard/dashboard-context';
import { formatDuration, formatShare } from '../dashboard/format';
import { AdminTable, type BulkAction } from './admin-table';
import { setWorkerActive, type Worker } from './api';
import { RatingCell } from './rating-cell';
import { hasManyRejections, rowActionFor, WORKER_STATUS_LABEL, WORKER_STATUS_TONE } from './reviewer-rules';
import { activityColumns, deleteAction, PersonCell } from './table-parts';
import { useAdminList } from './use-admin-list';

const NOUN = { one: 'reviewer', many: 'reviewers' };
const STATUS_FAILED = 'Failed to update worker status';

const BULK_ACTIONS: readonly BulkAction[] = [
  {
    id: 'activate',
    label: 'Activate',
    icon: 'user-check',
    tone: 'primary',
    confirmTitle: (n, noun) => `Activate ${n} ${noun}?`,
    confirmDescription: 'Pending reviewers are approved too; they can sign in and take review tasks.',
    confirmLabel: 'Activate',
    verbPast: 'Activated',
    call: (id) => setWorkerActive(id, true),
    fallback: STATUS_FAILED,
  },
  {
    id: 'deactivate',
    label: 'Deactivate',
    icon: 'user-x',
    tone: 'danger',
    confirmTitle: (n, noun) => `Deactivate ${n} ${noun}?`,
    confirmDescription: 'They keep their history but can no longer take or submit review tasks.',
    confirmLabel: 'Deactivate',
    verbPast: 'Deactivated',
    call: (id) => setWorkerActive(id, false),
    fallback: STATUS_FAILED,
  },
  deleteAction(
    'workers',
    'Their accounts are closed and leave this list; their reviews and the audit trail are kept.',
    'Failed to delete worker',
  ),
];

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending approval' },
  { value: 'inactive', label: 'Inactive' },
];

function formatSeconds(seconds: number | null): string {
  return seconds === null ? '—' : formatDuration(seconds);
}

/** The 'workers' view, labelled Reviewers (spec 02 §2). */
export default function ReviewersView() {
  const list = useAdminList('workers', { by: 'created_at', order: 'desc' });
  const { notify, refreshStats } = useDashboard();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDeactivate, setToDeactivate] = useState<Worker | null>(null);

  const setActive = async (worker: Worker, active: boolean) => {
    setBusyId(worker.worker_id);
    try {
      await setWorkerActive(worker.worker_id, active);
      const verb = worker.status === 'pending' ? 'Approved' : active ? 'Activated' : 'Deactivated';
      notify(`${verb} ${worker.full_name || worker.email}.`, 'success');
      await Promise.all([list.reload(), refreshStats()]);
    } catch (error) {
      notify(errorMessageFor(error, STATUS_FAILED), 'error');
    } finally {
      setBusyId(null);
      setToDeactivate(null);
    }
  };

  const columns: DataTableColumn<Worker>[] = [
    {
      id: 'reviewer',
      header: 'Reviewer',
      sortKey: 'full_name',
      isRowHeader: true,
      cell: (w) => <PersonCell fullName={w.full_name} email={w.email} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (w) => (
        <Badge tone={WORKER_STATUS_TONE[w.status]} hasDot>
          {WORKER_STATUS_LABEL[w.status]}
        </Badge>
      ),
    },
    {
      id: 'completed',
      header: 'Completed',
      sortKey: 'tasks_completed',
      firstSortOrder: 'desc',
      align: 'end',
      cell: (w) => w.tasks_completed.toLocaleString('en-US'),
    },
    {
      id: 'reviewed',
      header: 'Reviewed',
      priority: 3,
      align: 'end',
      cell: (w) => w.tasks_reviewed.toLocaleString('en-US'),
    },
    {
      id: 'rejected',
      header: 'Rejected',
      align: 'end',
      cell: (w) =>
        hasManyRejections(w.tasks_rejected) ? (
          <span className="adm-flag adm-flag--danger" title="More than 5 rejections">
            <Icon name="alert-triangle" size={13} />
            {w.tasks_rejected.toLocaleString('en-US')}
            <span className="sv-visually-hidden"> (more than 5)</span>
          </span>
        ) : (
          w.tasks_rejected.toLocaleString('en-US')
        ),
    },
    {
      id: 'quality',
      header: 'Quality',
      sortKey: 'quality_score',
      firstSortOrder: 'desc',
      align: 'end',
      cell: (w) => formatShare(w.quality_score),
    },
    { id: 'pdf', header: 'PDF', align: 'end', cell: (w) => <RatingCell rating={w.rating_pdf} kind="PDF" /> },
    {
      id: 'sec',
      header: 'SEC',
      align: 'end',
      priority: 3,
      cell: (w) => <RatingCell rating={w.rating_sec} kind="SEC" />,
    },
    {
      id: 'card',
      header: 'Card',
      priority: 3,
      align: 'end',
      cell: (w) => <RatingCell rating={w.rating_credit_card} kind="Credit card" />,
    },
    { id: 'time', header: 'Avg time', align: 'end', cell: (w) => formatSeconds(w.avg_time_per_task) },
    ...activityColumns<Worker>(),
    {
      id: 'actions',
      header: <span className="sv-visually-hidden">Actions</span>,
      align: 'end',
      isSticky: true,
      cell: (w) => {
        const action = rowActionFor(w.status);
        const name = w.full_name || w.email;
        return (
          <Button
            size="sm"
            variant={w.status === 'pending' ? 'primary' : 'ghost'}
            aria-label={`${action.label} ${name}`}
            disabled={busyId === w.worker_id}
            onClick={() => (action.active ? void setActive(w, true) : setToDeactivate(w))}
          >
            {action.label}
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <AdminTable
        list={list}
        title="Reviewers"
        description="Approve new reviewers, switch accounts on or off, and watch quality by document type."
        noun={NOUN}
        columns={columns}
        getRowId={(w) => w.worker_id}
        rowName={(w) => w.email}
        rowClassName={(w) => (w.status === 'pending' ? 'adm-row--pending' : undefined)}
        statusOptions={STATUS_OPTIONS}
        bulkActions={BULK_ACTIONS}
        emptyText="No reviewers yet. Generate a reviewer invite to bring someone in."
      />
      <ConfirmDialog
        isOpen={toDeactivate !== null}
        title={`Deactivate ${toDeactivate?.full_name || toDeactivate?.email || 'reviewer'}?`}
        description="They keep their history but can no longer take or submit review tasks."
        confirmLabel="Deactivate"
        tone="danger"
        isBusy={busyId !== null}
        busyLabel="Working..."
        onConfirm={() => toDeactivate && void setActive(toDeactivate, false)}
        onCancel={() => setToDeactivate(null)}
      />
    </>
  );
}
