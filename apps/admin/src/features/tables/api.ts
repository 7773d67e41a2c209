import { apiRequest } from '@sieve/auth';
import type {
  ADMIN_REQUEST_SORTS,
  AdminRequestRow,
  adminEndpoints,
  EXPORT_KINDS,
  REQUESTER_SORTS,
  RequesterRow,
  WORKER_SORTS,
  WorkerRow,
  z,
} from '@sieve/contracts';

export type Worker = z.infer<typeof WorkerRow>;
export type Requester = z.infer<typeof RequesterRow>;
export type AdminRequest = z.infer<typeof AdminRequestRow>;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The three admin lists: their path, the field their rows come in, and their sort keys. */
export interface ListKinds {
  workers: { row: Worker; sort: (typeof WORKER_SORTS)[number] };
  requesters: { row: Requester; sort: (typeof REQUESTER_SORTS)[number] };
  requests: { row: AdminRequest; sort: (typeof ADMIN_REQUEST_SORTS)[number] };
}
export type ListKind = keyof ListKinds;

export const LIST_PATHS = {
  workers: '/admin/workers',
  requesters: '/admin/requesters',
  requests: '/admin/requests',
} as const satisfies { [K in ListKind]: (typeof adminEndpoints)[K]['path'] };

export interface ListParams<K extends ListKind> {
  page: number;
  limit: number;
  sortBy: ListKinds[K]['sort'];
  sortOrder: 'asc' | 'desc';
  status?: string | undefined;
  search?: string | undefined;
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pages: number;
}

/** The SWR key (and path) of one page of a list; empty filters are left out. */
export function listKey<K extends ListKind>(kind: K, params: ListParams<K>): string {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit),
    sort_by: params.sortBy,
    sort_order: params.sortOrder,
  });
  if (params.status) query.set('status', params.status);
  const search = params.search?.trim();
  if (search) query.set('search', search);
  return `${LIST_PATHS[kind]}?${query.toString()}`;
}

/**
 * A list answer as rows and paging. spec 02 §7: an answer may be a bare array, which is paged
 * here (total, page and pages computed client-side).
 */
export function normaliseList<Row>(
  value: unknown,
  field: string,
  page: number,
  limit: number,
): ListPage<Row> {
  if (Array.isArray(value)) {
    const total = value.length;
    const pages = Math.max(1, Math.ceil(total / limit));
    const current = Math.min(Math.max(1, page), pages);
    return {
      rows: value.slice((current - 1) * limit, current * limit) as Row[],
      total,
      page: current,
      pages,
    };
  }
  const body = (value ?? {}) as Record<string, unknown>;
  const rows = Array.isArray(body[field]) ? (body[field] as Row[]) : [];
  const total = typeof body.total === 'number' ? body.total : rows.length;
  return {
    rows,
    total,
    page: typeof body.page === 'number' ? body.page : page,
    pages: typeof body.pages === 'number' ? body.pages : Math.max(1, Math.ceil(total / limit)),
  };
}

export function setWorkerActive(workerId: string, active: boolean): Promise<Worker> {
  return apiRequest<Worker>(`/admin/workers/${encodeURIComponent(workerId)}/status`, {
    method: 'PUT',
    body: { active },
  });
}

export function deleteRow(kind: ListKind, id: string): Promise<unknown> {
  return apiRequest(`${LIST_PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
