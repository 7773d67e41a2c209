import { Badge, DataTable, type DataTableColumn } from '@sieve/ui';
import useSWR from 'swr';
import { type AuditPage, DASHBOARD_KEYS } from '../dashboard/api';
import { formatDateTime } from '../dashboard/format';
import { ROLE_LABEL } from './invite-generator';
import { type RecentInvite, recentInvites } from './recent-invites';

const COLUMNS: DataTableColumn<RecentInvite>[] = [
  {
    id: 'code',
    header: 'Code',
    isRowHeader: true,
    cell: (i) => <code className="adm-mono">{i.code}</code>,
  },
  { id: 'role', header: 'Role', cell: (i) => (i.role ? ROLE_LABEL[i.role] : '—') },
  { id: 'created', header: 'Created', cell: (i) => formatDateTime(i.createdAt) },
  {
    id: 'expires',
    header: 'Expires',
    cell: (i) =>
      i.isExpired ? <Badge tone="neutral">Expired</Badge> : <span>{formatDateTime(i.expiresAt)}</span>,
  },
  { id: 'by', header: 'By', cell: (i) => i.createdBy ?? '—' },
];

/** Invites generated lately (from the audit log); whether one was used yet is not shown there. */
export function RecentInvitesCard() {
  const { data, isLoading } = useSWR<AuditPage>(DASHBOARD_KEYS.audit);
  const invites = recentInvites(data?.entries ?? []);
  return (
    <div className="adm-recent-invites">
      <h3 className="adm-card__title">Recently generated</h3>
      <DataTable
        caption="Recently generated invite codes"
        columns={COLUMNS}
        rows={invites}
        getRowId={(i) => i.code}
        isLoading={isLoading}
        empty="No invite codes generated yet."
        maxHeight={320}
      />
    </div>
  );
}
