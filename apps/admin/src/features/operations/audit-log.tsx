import { Card, DataTable, type DataTableColumn, Pagination } from '@sieve/ui';
import { useState } from 'react';
import useSWR from 'swr';
import type { AuditEntry, AuditPage } from '../dashboard/api';
import { formatDateTime, shortId } from '../dashboard/format';

const PAGE_SIZE = 15;

const ACTION_LABELS: Record<string, string> = {
  'worker.activate': 'Activated reviewer',
  'worker.deactivate': 'Deactivated reviewer',
  'worker.delete': 'Deleted reviewer',
  'requester.delete': 'Deleted requester',
  'request.delete': 'Deleted request',
  'request.submit_on_behalf': 'Submitted request on behalf',
  'export.requests': 'Exported requests',
  'export.workers': 'Exported reviewers',
  'export.requesters': 'Exported requesters',
  'queue.pause': 'Paused queue',
  'queue.resume': 'Resumed queue',
  'operations.retry_failed': 'Retried failed requests',
  'operations.release_expired': 'Released expired claims',
  'invite.generate': 'Generated invite',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

function targetOf(entry: AuditEntry): string {
  if (!entry.target_id) return entry.target_type ?? '—';
  // Invite codes are names; ids are shortened.
  const id = entry.target_type === 'invite' ? entry.target_id : shortId(entry.target_id);
  return entry.target_type ? `${entry.target_type} ${id}` : id;
}

const COLUMNS: DataTableColumn<AuditEntry>[] = [
  { id: 'when', header: 'When', cell: (e) => formatDateTime(e.created_at) },
  { id: 'who', header: 'Admin', cell: (e) => e.actor_email ?? 'System' },
  { id: 'what', header: 'Action', isRowHeader: true, cell: (e) => actionLabel(e.action) },
  {
    id: 'target',
    header: 'Target',
    cell: (e) => (
      <span className="adm-mono" title={e.target_id ?? undefined}>
        {targetOf(e)}
      </span>
    ),
  },
];

/** GET /admin/audit: every admin action, newest first (DESIGN §7). */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useSWR<AuditPage>(`/admin/audit?page=${page}&limit=${PAGE_SIZE}`, {
    keepPreviousData: true,
  });
  return (
    <Card as="section" className="adm-card" aria-labelledby="audit-title">
      <h3 id="audit-title" className="adm-card__title">
        Audit log
      </h3>
      {error ? <p className="adm-text-danger">Failed to load the audit log.</p> : null}
      <DataTable
        caption="Admin actions, newest first"
        columns={COLUMNS}
        rows={data?.entries ?? []}
        getRowId={(e) => `${e.created_at}-${e.action}-${e.target_id ?? ''}-${e.actor_email ?? ''}`}
        isLoading={isLoading}
        empty="No admin actions recorded yet."
        maxHeight={420}
      />
      {data ? (
        <Pagination
          page={page}
          pages={data.pages}
          total={data.total}
          noun={data.total === 1 ? 'entry' : 'entries'}
          onPageChange={setPage}
          isDisabled={isLoading}
        />
      ) : null}
    </Card>
  );
}
