import {
  Banner,
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  Icon,
  type IconName,
  Pagination,
  type SelectOption,
} from '@sieve/ui';
import { useId, useState } from 'react';
import { useDashboard } from '../dashboard/dashboard-context';
import type { ListKind, ListKinds } from './api';
import { describeOutcome, runForEach } from './bulk-run';
import { useCsvExport } from './export-csv';
import type { AdminList } from './use-admin-list';

export interface BulkAction {
  id: string;
  label: string;
  icon: IconName;
  tone: 'primary' | 'danger';
  /** e.g. "Deactivate 2 reviewers?" */
  confirmTitle: (count: number, noun: string) => string;
  confirmDescription: string;
  confirmLabel: string;
  /** "Deactivated", for the outcome message. */
  verbPast: string;
  call: (id: string) => Promise<unknown>;
  /** spec 02 §8 fallback, e.g. "Failed to update worker status". */
  fallback: string;
}

export interface AdminTableProps<K extends ListKind> {
  list: AdminList<K>;
  title: string;
  description: string;
  noun: { one: string; many: string };
  columns: readonly DataTableColumn<ListKinds[K]['row']>[];
  getRowId: (row: ListKinds[K]['row']) => string;
  /** Names a row for its checkbox and in messages (an email, an id). */
  rowName: (row: ListKinds[K]['row']) => string;
  rowClassName?: (row: ListKinds[K]['row']) => string | undefined;
  statusOptions?: readonly SelectOption[];
  bulkActions: readonly BulkAction[];
  emptyText: string;
  /** Opens what a row stands for (the request detail, …). */
  onRowClick?: (row: ListKinds[K]['row']) => void;
}

const NAMES_SHOWN = 8;

/** Who the confirmation is about: the first few names, and how many more. */
function SelectedNames({ names, total }: { names: string[]; total: number }) {
  const shown = names.slice(0, NAMES_SHOWN);
  return (
    <ul className="adm-confirm-list">
      {shown.map((name) => (
        <li key={name}>{name}</li>
      ))}
      {total > shown.length ? <li>and {total - shown.length} more</li> : null}
    </ul>
  );
}

/**
 * A Requests, Reviewers or Requesters view (spec 02 §2): the header's search, a status filter,
 * sortable columns, paging, multi-select with bulk actions behind a confirmation, Export CSV and
 * Refresh. After a bulk action the list and the dashboard figures reload.
 */
export function AdminTable<K extends ListKind>({
  list,
  title,
  description,
  noun,
  columns,
  getRowId,
  rowName,
  rowClassName,
  statusOptions,
  bulkActions,
  emptyText,
  onRowClick,
}: AdminTableProps<K>) {
  const { notify, refreshStats, clearSearch } = useDashboard();
  const { exportKind, busyKind } = useCsvExport();
  // The action being confirmed and the rows it is for, fixed when the dialog opens.
  const [pending, setPending] = useState<{ action: BulkAction; ids: string[]; names: string[] } | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const headingId = useId();
  const statusId = useId();

  const selectedCount = list.selectedIds.size;
  const total = list.data?.total ?? 0;
  const nounFor = (count: number) => (count === 1 ? noun.one : noun.many);
  const selectedNames = list.rows.filter((row) => list.selectedIds.has(getRowId(row))).map(rowName);

  const confirm = async () => {
    if (!pending) return;
    const { action, ids } = pending;
    setIsRunning(true);
    const outcome = await runForEach(ids, action.call, action.fallback);
    setIsRunning(false);
    setPending(null);
    list.setSelectedIds(new Set(outcome.failed.map((failure) => failure.id)));
    const { message, tone } = describeOutcome(outcome, action.verbPast, noun);
    notify(message, tone);
    await Promise.all([list.reload(), refreshStats()]);
  };

  return (
    <section className="adm-view adm-table-view" aria-labelledby={headingId}>
      <header className="adm-view__header">
        <div>
          <h2 id={headingId} className="adm-view__title">
            {title}
          </h2>
          <p className="adm-view__description">{description}</p>
        </div>
        <div className="adm-toolbar">
          {statusOptions ? (
            <div className="adm-inline-field">
              <label htmlFor={statusId}>Status</label>
              <select
                id={statusId}
                className="sv-input sv-select adm-select--sm"
                value={list.status}
                onChange={(event) => list.setStatus(event.target.value)}
              >
                <option value="">All</option>
                {statusOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button size="sm" onClick={() => void list.reload()} disabled={list.isValidating}>
            <Icon name="refresh" className={list.isValidating ? 'adm-spin' : undefined} />
            Refresh
          </Button>
          <Button
            size="sm"
            onClick={() =>
              void exportKind(list.kind, list.data && !list.search && !list.status ? total : undefined)
            }
            disabled={busyKind === list.kind}
          >
            <Icon name="download" />
            {busyKind === list.kind ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </header>

      {list.search ? (
        <p className="adm-filter-note">
          Showing {nounFor(2)} matching “{list.search}”.{' '}
          <button type="button" className="adm-link-button" onClick={clearSearch}>
            Clear search
          </button>
        </p>
      ) : null}

      <div className="adm-bulk-bar" role="toolbar" aria-label={`Bulk actions on selected ${noun.many}`}>
        <span className="adm-bulk-bar__count" aria-live="polite">
          {selectedCount > 0 ? `${selectedCount} selected` : `Select ${noun.many} to act on several at once`}
        </span>
        {bulkActions.map((action) => (
          <Button
            key={action.id}
            size="sm"
            variant={action.tone === 'danger' && selectedCount > 0 ? 'danger' : 'secondary'}
            disabled={selectedCount === 0}
            onClick={() => setPending({ action, ids: [...list.selectedIds], names: selectedNames })}
          >
            <Icon name={action.icon} />
            {action.label}
          </Button>
        ))}
        {selectedCount > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => list.setSelectedIds(new Set())}>
            Clear selection
          </Button>
        ) : null}
      </div>

      {list.error ? (
        <Banner tone="error">
          {list.error}{' '}
          <button type="button" className="adm-link-button" onClick={() => void list.reload()}>
            Try again
          </button>
        </Banner>
      ) : null}

      <DataTable
        caption={title}
        columns={columns}
        rows={list.rows}
        getRowId={getRowId}
        sort={list.sort}
        onSortChange={(next) => list.setSort(next as typeof list.sort)}
        selection={{
          selectedIds: list.selectedIds,
          onChange: list.setSelectedIds,
          rowLabel: (row) => `Select ${rowName(row)}`,
        }}
        {...(rowClassName ? { rowClassName } : {})}
        {...(onRowClick ? { onRowClick } : {})}
        isLoading={list.isLoading}
        empty={list.search || list.status ? `No matching ${noun.many}` : emptyText}
        maxHeight={600}
      />

      {list.data ? (
        <Pagination
          page={list.page}
          pages={list.data.pages}
          total={list.data.total}
          noun={nounFor(list.data.total)}
          onPageChange={list.setPage}
          isDisabled={list.isLoading}
        />
      ) : null}

      <ConfirmDialog
        isOpen={pending !== null}
        title={pending ? pending.action.confirmTitle(pending.ids.length, nounFor(pending.ids.length)) : ''}
        description={pending?.action.confirmDescription}
        confirmLabel={pending?.action.confirmLabel ?? 'Confirm'}
        tone={pending?.action.tone ?? 'primary'}
        isBusy={isRunning}
        busyLabel="Working..."
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending ? <SelectedNames names={pending.names} total={pending.ids.length} /> : null}
      </ConfirmDialog>
    </section>
  );
}
