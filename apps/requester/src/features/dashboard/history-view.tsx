import { apiRequest, errorMessageFor } from '@sieve/auth';
import {
  EXPORT_ALL_LIMIT,
  HISTORY_DEFAULT_PAGE_SIZE,
  HISTORY_PAGE_SIZES,
  REQUEST_STATUSES,
  type RequestStatus,
  type RequestSummary,
} from '@sieve/contracts';
import {
  Banner,
  Button,
  Card,
  type CsvColumn,
  downloadCsv,
  EmptyState,
  Glyph,
  Pagination,
  toCsv,
} from '@sieve/ui';
import { useId, useState } from 'react';
import { type RequestList, requestListKey } from '../requests/api';
import { STATUS_LABELS, sourceLabel } from '../requests/request-format';
import { RequestTable } from '../requests/request-table';
import { useRequestList } from '../requests/use-requests';

export interface HistoryViewProps {
  search: string;
  onView: (request: RequestSummary) => void;
  onClearSearch: () => void;
}

const EXPORT_COLUMNS: CsvColumn<RequestSummary>[] = [
  { label: 'request_id', value: (r) => r.request_id },
  { label: 'document_type', value: (r) => r.document_type },
  { label: 'source', value: (r) => sourceLabel(r) },
  { label: 'status', value: (r) => r.status },
  { label: 'priority', value: (r) => r.priority },
  { label: 'ai_only', value: (r) => r.metadata.ai_only_mode === true },
  { label: 'created_at', value: (r) => r.created_at },
  { label: 'completed_at', value: (r) => r.completed_at ?? '' },
  { label: 'error', value: (r) => r.error ?? '' },
];

/** spec 02 §2 History: a paged table (10, 50 or 100 a page), the header search and a status filter. */
export function HistoryView({ search, onView, onClearSearch }: HistoryViewProps) {
  const ids = useId();
  const [pageSize, setPageSize] = useState<number>(HISTORY_DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<RequestStatus | ''>('');
  const [exportState, setExportState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const term = search.trim();
  // A new search, filter or page size starts again on the first page.
  const filterKey = `${term}|${status}|${pageSize}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const list = useRequestList({ page, limit: pageSize, status: status || undefined, search: term });

  const exportAll = async () => {
    setExportState({ busy: true, error: null });
    try {
      // Every page, not the first 1,000 only: an export that silently stops is worse than a slow one.
      const pageOf = (page: number) =>
        apiRequest<RequestList>(
          requestListKey({ page, limit: EXPORT_ALL_LIMIT, status: status || undefined, search: term }),
        );
      const first = await pageOf(1);
      const all = { requests: [...first.requests] };
      const pages = Math.ceil(first.total / EXPORT_ALL_LIMIT);
      for (let page = 2; page <= pages; page += 1) all.requests.push(...(await pageOf(page)).requests);
      if (all.requests.length === 0) {
        setExportState({ busy: false, error: 'No data to export' });
        return;
      }
      downloadCsv(
        `sieve-requests-${new Date().toISOString().slice(0, 10)}.csv`,
        toCsv(all.requests, EXPORT_COLUMNS),
      );
      setExportState({ busy: false, error: null });
    } catch (error) {
      setExportState({ busy: false, error: errorMessageFor(error, 'Failed to fetch all history') });
    }
  };

  const total = list.data?.total ?? 0;
  const filtered = Boolean(term || status);
  return (
    <Card as="section" className="rq-panel" aria-labelledby="history-title">
      <header className="rq-panel__header">
        <h2 id="history-title" className="rq-panel__title">
          All requests
        </h2>
        <div className="rq-filters">
          <label className="rq-inline-field" htmlFor={`${ids}-status`}>
            Status
            <select
              id={`${ids}-status`}
              className="sv-input sv-select rq-inline-field__control"
              value={status}
              onChange={(event) => setStatus(event.target.value as RequestStatus | '')}
            >
              <option value="">All statuses</option>
              {REQUEST_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="rq-inline-field" htmlFor={`${ids}-size`}>
            Rows per page
            <select
              id={`${ids}-size`}
              className="sv-input sv-select rq-inline-field__control"
              value={pageSize}
              onChange={(event) => setPageSize(Number(event.target.value))}
            >
              {HISTORY_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" onClick={() => void exportAll()} disabled={exportState.busy}>
            <Glyph name="download" /> {exportState.busy ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </header>
      {term ? (
        <p className="rq-search-note">
          Showing requests matching <strong>“{term}”</strong>.{' '}
          <Button size="sm" variant="ghost" onClick={onClearSearch}>
            Clear search
          </Button>
        </p>
      ) : null}
      {list.error ? (
        <Banner tone="error">{errorMessageFor(list.error, 'Failed to fetch history data')}</Banner>
      ) : null}
      {exportState.error ? <Banner tone="error">{exportState.error}</Banner> : null}
      <RequestTable
        caption="Request history"
        requests={list.data?.requests ?? []}
        onView={onView}
        isLoading={list.isLoading}
        empty={
          term ? (
            <EmptyState
              glyph="search"
              title="No matching requests"
              description={`No request matches “${term}”${status ? ` with status ${STATUS_LABELS[status]}` : ''}.`}
            />
          ) : (
            <EmptyState
              title="No requests found"
              description={
                status
                  ? `You have no ${STATUS_LABELS[status].toLowerCase()} requests.`
                  : 'Requests you submit are listed here.'
              }
            />
          )
        }
      />
      {total > 0 || filtered ? (
        <Pagination
          page={page}
          pages={Math.max(1, Math.ceil(total / pageSize))}
          total={total}
          noun={total === 1 ? 'request' : 'requests'}
          onPageChange={setPage}
          isDisabled={list.isLoading}
        />
      ) : null}
    </Card>
  );
}
