import type { RequestStatus, requestEndpoints } from '@sieve/contracts';

/**
 * The paths and SWR keys of the requester's requests, apart from the calls: the page's first
 * script (first-data.ts) names the dashboard's first call with them and nothing more.
 */
type Paths = (typeof requestEndpoints)[keyof typeof requestEndpoints]['path'];

/** Paths under /api/v1, checked against the contract by type (a value import would bundle its schemas). */
export const PATHS = {
  requests: '/requests',
  files: '/files',
} as const satisfies Record<string, Paths>;

export interface ListParams {
  page: number;
  limit: number;
  status?: RequestStatus | undefined;
  search?: string | undefined;
}

/** The SWR key of a page of the requester's requests: the path with its query. */
export function requestListKey({ page, limit, status, search }: ListParams): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (status) query.set('status', status);
  const term = search?.trim();
  if (term) query.set('search', term);
  return `${PATHS.requests}?${query.toString()}`;
}

export function requestDetailKey(id: string): string {
  return `${PATHS.requests}/${encodeURIComponent(id)}`;
}

/** Every key that lists or shows requests: what Refresh and a new submission revalidate. */
export function isRequestKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(PATHS.requests);
}
