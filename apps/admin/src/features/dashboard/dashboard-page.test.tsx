import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import type { Worker } from '../tables/api';
import DashboardPage from './dashboard-page';
import { statsFixture } from './stats-fixture';

function worker(id: string, email: string, status: Worker['status']): Worker {
  return {
    worker_id: id,
    email,
    full_name: email.split('@')[0] ?? email,
    status,
    active: status === 'active',
    is_active: status !== 'inactive',
    is_approved: status !== 'pending',
    tasks_completed: 3,
    tasks_reviewed: 9,
    tasks_rejected: 6,
    average_confidence: 0.9,
    quality_score: 0.92,
    accuracy: 0.92,
    rating_pdf: 4.6,
    rating_sec: 3.6,
    rating_credit_card: null,
    avg_time_per_task: 42,
    total_earnings: 1.5,
    last_activity: null,
    created_at: '2025-03-01T00:00:00.000Z',
  };
}

const WORKERS = [
  worker('w1', 'ann@example.org', 'active'),
  worker('w2', 'bob@example.org', 'active'),
  worker('w3', 'pat@example.org', 'pending'),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { method: string; url: string; body: unknown }[] = [];
let exportCsv = 'worker_id,email\r\n';

function stubApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const path = url.replace('/api/v1', '');
      if (path === '/admin/stats') {
        return json({
          ...statsFixture({ pending: 4, processing: 2, activeWorkers: 7 }),
          alerts: [
            { id: 'a1', severity: 'critical', title: 'Database', message: 'Database health is 0%.' },
            { id: 'a2', severity: 'critical', title: 'Error rate', message: '12% of requests failed.' },
            { id: 'a3', severity: 'info', title: 'Efficiency', message: 'Below 80%.' },
          ],
        });
      }
      if (path === '/health') return json({ status: 'ok', db: 'ok', queue: 'ok' });
      if (path.startsWith('/admin/workers/') && method === 'PUT') return json(WORKERS[0]);
      if (path.startsWith('/admin/workers')) return json({ workers: WORKERS, total: 3, page: 1, pages: 1 });
      if (path.startsWith('/admin/requesters')) return json({ requesters: [], total: 0, page: 1, pages: 1 });
      if (path.startsWith('/admin/audit')) return json({ entries: [], total: 0, page: 1, pages: 1 });
      if (path.startsWith('/admin/export/')) {
        return new Response(exportCsv, {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="sieve-workers-2025-03-02.csv"',
          },
        });
      }
      return json({ code: 'NOT_FOUND', detail: 'No route' }, 404);
    }),
  );
}

function renderAt(path: string) {
  return render(
    <Providers>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/dashboard" element={<DashboardPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </Providers>,
  );
}

beforeEach(() => {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('userType', 'admin');
  localStorage.setItem('userId', 'admin-1');
  localStorage.setItem('userEmail', 'admin@example.org');
  exportCsv = 'worker_id,email\r\n';
  stubApi();
});

describe('the Admin dashboard', () => {
  it("resets an unknown view to the overview with the 'Invalid View' notice", async () => {
    renderAt('/admin/dashboard?view=reports');
    const notice = await screen.findByRole('alert', { name: '' });
    expect(notice.textContent).toContain('Invalid View');
    expect(notice.textContent).toContain('The view is not recognized. Redirecting to overview...');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 2 })).toBeTruthy();
  });

  it('shows the alert badges, the sidebar badges and the status strip from the stats', async () => {
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('button', { name: '2 critical alerts. Open Operations' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '3 alerts in all. Open Operations' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard views' });
    expect(within(nav).getByRole('button', { name: 'Requests (6 pending or processing)' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Reviewers (7 active reviewers)' })).toBeTruthy();
    const strip = screen.getByRole('region', { name: 'System status' });
    expect(within(strip).getByText('1h 5m')).toBeTruthy();
    expect(within(strip).getByText('1.25/min')).toBeTruthy();
    expect(within(strip).getByText('42 ms')).toBeTruthy();
    expect(within(strip).getByText('92.5%')).toBeTruthy();
    // the overview shows the first 3 alerts; throughput shows once, in the strip (issue 15)
    expect(await screen.findByText('Database health is 0%.')).toBeTruthy();
    expect(screen.getAllByText('1.25/min')).toHaveLength(1);
    expect(screen.queryByText('System Status')).toBeNull();
  });

  it('bulk-deactivates after a confirmation, one call per reviewer, then reloads the list', async () => {
    renderAt('/admin/dashboard?view=workers');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select ann@example.org' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select bob@example.org' }));
    const bulk = screen.getByRole('toolbar', { name: 'Bulk actions on selected reviewers' });
    fireEvent.click(within(bulk).getByRole('button', { name: 'Deactivate' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate 2 reviewers?' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const listLoads = calls.filter((c) => c.method === 'GET' && c.url.includes('/admin/workers?')).length;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    });

    expect(await screen.findByText('Deactivated 2 reviewers.')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url, c.body])).toEqual([
      ['/api/v1/admin/workers/w1/status', { active: false }],
      ['/api/v1/admin/workers/w2/status', { active: false }],
    ]);
    expect(
      calls.filter((c) => c.method === 'GET' && c.url.includes('/admin/workers?')).length,
    ).toBeGreaterThan(listLoads);
  });

  it('marks pending reviewers, colours ratings and flags many rejections', async () => {
    renderAt('/admin/dashboard?view=workers');
    const row = (await screen.findByRole('rowheader', { name: /pat@example.org/ })).closest('tr');
    expect(row?.className).toContain('adm-row--pending');
    expect(within(row as HTMLElement).getByText('Pending approval')).toBeTruthy();
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Approve pat' }));
    expect(await screen.findByText('Approved pat.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: true });

    expect(screen.getAllByTitle('PDF rating 4.6 of 5 (good)')).toHaveLength(3);
    expect(screen.getAllByTitle('SEC rating 3.6 of 5 (fair)')).toHaveLength(3);
    expect(screen.getAllByTitle('More than 5 rejections')).toHaveLength(3);
  });

  it("says 'No data to export' when the export has no rows", async () => {
    renderAt('/admin/dashboard?view=workers');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('No data to export')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/v1/admin/export/workers?format=csv')).toBe(true);
  });

  it('does not even ask the server when the unfiltered table is empty', async () => {
    renderAt('/admin/dashboard?view=requesters');
    expect(await screen.findByText('No requesters yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('No data to export')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/admin/export/'))).toBe(false);
  });

  it('focuses the search box with Ctrl+K and opens the Requests table when typing elsewhere', async () => {
    renderAt('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Overview', level: 2 });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const search = screen.getByRole('searchbox', { name: 'Search requests, reviewers and requesters' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'acme' } });
    expect(await screen.findByRole('heading', { name: 'Requests', level: 2 })).toBeTruthy();
  });
});
