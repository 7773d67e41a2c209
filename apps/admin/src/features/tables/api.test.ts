import { describe, expect, it } from 'vitest';
import { listKey, normaliseList } from './api';

describe('listKey', () => {
  it('puts paging, sorting and the filters in the query, leaving empty ones out', () => {
    expect(listKey('workers', { page: 2, limit: 20, sortBy: 'created_at', sortOrder: 'desc' })).toBe(
      '/admin/workers?page=2&limit=20&sort_by=created_at&sort_order=desc',
    );
    expect(
      listKey('requests', {
        page: 1,
        limit: 50,
        sortBy: 'status',
        sortOrder: 'asc',
        status: 'in_progress',
        search: '  acme co ',
      }),
    ).toBe('/admin/requests?page=1&limit=50&sort_by=status&sort_order=asc&status=in_progress&search=acme+co');
    expect(
      listKey('requesters', { page: 1, limit: 20, sortBy: 'email', sortOrder: 'asc', search: '   ' }),
    ).toBe('/admin/requesters?page=1&limit=20&sort_by=email&sort_order=asc');
  });
});

describe('normaliseList', () => {
  it('reads the paged answer', () => {
    expect(normaliseList({ workers: [{ id: 1 }], total: 41, page: 3, pages: 3 }, 'workers', 3, 20)).toEqual({
      rows: [{ id: 1 }],
      total: 41,
      page: 3,
      pages: 3,
    });
  });

  it('pages a bare array on the client (spec 02 §7)', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(normaliseList(rows, 'workers', 3, 20)).toEqual({
      rows: [40, 41, 42, 43, 44],
      total: 45,
      page: 3,
      pages: 3,
    });
    expect(normaliseList([], 'workers', 1, 20)).toEqual({ rows: [], total: 0, page: 1, pages: 1 });
  });

  it('survives a body without the list', () => {
    expect(normaliseList({}, 'workers', 1, 20)).toEqual({ rows: [], total: 0, page: 1, pages: 1 });
    expect(normaliseList(null, 'workers', 1, 20)).toEqual({ rows: [], total: 0, page: 1, pages: 1 });
  });
});
