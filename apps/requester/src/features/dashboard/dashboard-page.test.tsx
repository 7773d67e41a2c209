import type { RequestRecord } from '@sieve/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aRequest, aSubscription, json, mockApi, PLANS, renderWithApi, signIn } from '../testing/mock-api';
import DashboardPage from './dashboard-page';

function completed(minutes: number, overrides: Partial<RequestRecord> = {}): RequestRecord {
  const created = Date.parse('2024-03-05T10:00:00Z');
  return aRequest({
    status: 'completed',
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created + minutes * 60_000).toISOString(),
    completed_at: new Date(created + minutes * 60_000).toISOString(),
    result: { success: true },
    ...overrides,
  });
}

function api(requests: RequestRecord[]) {
  return mockApi({
    'GET /api/v1/requests': ({ url }) => {
      const status = url.searchParams.get('status');
      const search = url.searchParams.get('search')?.toLowerCase();
      const limit = Number(url.searchParams.get('limit'));
      const page = Number(url.searchParams.get('page'));
      const matching = requests.filter(
        (request) =>
          (!status || request.status === status) &&
          (!search || JSON.stringify(request).toLowerCase().includes(search)),
      );
      return json({
        requests: matching.slice((page - 1) * limit, page * limit),
        total: matching.length,
        page,
        limit,
      });
    },
    'GET /api/v1/users/subscription': () => json(aSubscription({ requests_this_month: 3 })),
    'GET /api/v1/plans': () => json({ plans: PLANS }),
    'GET /api/v1/health': () => json({ status: 'ok', db: 'ok', queue: 'ok' }),
  });
}

function calledPaths(fetchMock: ReturnType<typeof api>) {
  return fetchMock.mock.calls.map(([url]) => String(url));
}

beforeEach(() => {
  signIn();
});

describe('DashboardPage', () => {
  it('shows the overview figures, the 5 most recent requests and the cost this month', async () => {
    const requests = [
      aRequest({ status: 'pending' }),
      aRequest({ status: 'processing' }),
      completed(60),
      completed(120),
      aRequest({ status: 'failed', result: { success: false }, error: 'Could not fetch' }),
      completed(30),
      completed(30),
    ];
    api(requests);
    renderWithApi(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    const stat = (label: string) => screen.getByText(label).closest('.sv-stat') as HTMLElement;
    await waitFor(() => expect(within(stat('Total Requests')).getByText('7')).toBeTruthy());
    await waitFor(() => expect(within(stat('Active Requests')).getByText('2')).toBeTruthy());
    // (60 + 120 + 30 + 30) / 4 = 60 minutes
    expect(within(stat('Avg Turnaround')).getByText('1h 0m')).toBeTruthy();
    // 4 succeeded of 5 finished
    expect(within(stat('Success Rate')).getByText('80%')).toBeTruthy();
    const recent = screen.getByRole('table', { name: 'Recent requests' });
    expect(within(recent).getAllByRole('button', { name: /View details/ })).toHaveLength(5);
    // issue 15: the same plan and cost basis as Billing (the plan's flat price, not $0.10 a request)
    const month = screen.getByRole('region', { name: 'This Month' });
    expect(await within(month).findByText('$0.00')).toBeTruthy();
    expect(within(month).getByText('Free Plan (Free), free')).toBeTruthy();
    // The requests used against every limit the server checks (issue 40), the reached one named.
    expect(within(month).getByText('Today').nextElementSibling?.textContent).toBe('9 of 10');
    expect(within(month).getByText('This month').nextElementSibling?.textContent).toBe('100 of 100');
    expect(within(month).getByRole('status').textContent).toContain("plan's monthly limit of 100 requests");
    // the sidebar's Active badge
    expect(await screen.findByRole('button', { name: /^Active\W+2 active requests\W*$/ })).toBeTruthy();
  });

  it('shows the empty states', async () => {
    api([]);
    renderWithApi(<DashboardPage />);
    expect(await screen.findByText('No recent requests')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Active' }));
    expect(await screen.findByText('No active requests')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No requests found')).toBeTruthy();
  });

  it('filters by the header search after 300 ms, and says when nothing matches', async () => {
    api([
      aRequest({ metadata: { filename: 'annual.pdf' } }),
      aRequest({ metadata: { filename: 'lease.pdf' } }),
    ]);
    renderWithApi(<DashboardPage />);
    expect(await screen.findByText('annual.pdf')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search requests' }), {
      target: { value: 'zzz' },
    });
    expect(screen.queryByText('No matching requests')).toBeNull();
    expect(await screen.findByText('No matching requests')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search requests' }), {
      target: { value: 'lease' },
    });
    expect(await screen.findByText('lease.pdf')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('annual.pdf')).toBeNull());
  });

  it('falls back to the overview with an Invalid View message', async () => {
    api([]);
    renderWithApi(<DashboardPage />, { path: '/requester/dashboard?view=preferences' });
    expect(await screen.findByText('Invalid View.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
  });

  it('answers Ctrl/Cmd+K, N and R', async () => {
    const fetchMock = api([aRequest()]);
    renderWithApi(<DashboardPage />);
    await screen.findByText(/report-\d+\.pdf/);

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search requests' }));

    const before = calledPaths(fetchMock).filter((path) => path.startsWith('/api/v1/requests')).length;
    fireEvent.keyDown(window, { key: 'r', metaKey: true });
    await waitFor(() =>
      expect(
        calledPaths(fetchMock).filter((path) => path.startsWith('/api/v1/requests')).length,
      ).toBeGreaterThan(before),
    );

    fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'New Request' });
    const type = await within(dialog).findByRole('combobox', { name: 'Document Type' });
    // the modal starts on the document type
    await waitFor(() => expect(document.activeElement).toBe(type));
  });

  it('switches to Active with a 5-second banner after a submit from the modal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({
        'GET /api/v1/requests': () => json({ requests: [], total: 0, page: 1, limit: 50 }),
        'GET /api/v1/users/subscription': () => json(aSubscription()),
        'GET /api/v1/plans': () => json({ plans: PLANS }),
        'GET /api/v1/health': () => json({ status: 'ok', db: 'ok', queue: 'ok' }),
        'POST /api/v1/requests': () =>
          json({ request_id: 'abcdef12-0000', job_id: 'x', status: 'pending' }, 201),
      });
      renderWithApi(<DashboardPage />);
      await screen.findByText('No recent requests');
      const header = screen.getAllByRole('button', { name: 'New Request' });
      fireEvent.click(header.find((button) => button.getAttribute('aria-keyshortcuts')) as HTMLElement);
      const dialog = await screen.findByRole('dialog', { name: 'New Request' });
      fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Document Type' }), {
        target: { value: 'custom_prompt' },
      });
      fireEvent.change(within(dialog).getByRole('textbox', { name: /Custom Prompt/ }), {
        target: { value: 'List the fees' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
      expect(await screen.findByRole('heading', { name: 'Active', level: 1 })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'New Request' })).toBeNull();
      expect(screen.getByText(/Request abcdef12 submitted/)).toBeTruthy();
      act(() => vi.advanceTimersByTime(5_000));
      await waitFor(() => expect(screen.queryByText(/Request abcdef12 submitted/)).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('pages History 10, 50 or 100 at a time, 10 by default', async () => {
    const fetchMock = api(
      Array.from({ length: 12 }, () => aRequest({ status: 'completed', result: { success: true } })),
    );
    renderWithApi(<DashboardPage />, { path: '/requester/dashboard?view=history' });
    const table = await screen.findByRole('table', { name: 'Request history' });
    await waitFor(() =>
      expect(within(table).getAllByRole('button', { name: /View details/ })).toHaveLength(10),
    );
    const size = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...size.options].map((option) => option.value)).toEqual(['10', '50', '100']);
    expect(screen.getByText(/Page 1 of 2/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(table).getAllByRole('button', { name: /View details/ })).toHaveLength(2),
    );
    fireEvent.change(size, { target: { value: '50' } });
    await waitFor(() =>
      expect(within(table).getAllByRole('button', { name: /View details/ })).toHaveLength(12),
    );
    expect(calledPaths(fetchMock)).toContain('/api/v1/requests?page=1&limit=50');
  });

  it('opens the details with the AI analysis and downloads the CSV', async () => {
    const request = completed(5, {
      metadata: { filename: 'q3.pdf', data_points: ['Total revenue'], ai_only_mode: true },
      ai_result: {
        result: {
          'Total revenue': {
            value: 1234500000,
            source_text: 'Total revenue: $1,234.5 million',
            location: 'page 1, line 2',
            confidence: 0.97,
          },
        },
        confidence_score: -0.03,
      },
      final_result: {
        'Total revenue': { value: 1234500000, source_text: 'Total revenue: $1,234.5 million' },
      },
    });
    const fetchMock = api([request]);
    const routes = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === `/api/v1/requests/${request.request_id}`) return json({ ...request, tasks: [] });
      if (path.startsWith(`/api/v1/requests/${request.request_id}/result`)) {
        return new Response('data_point,value\r\nTotal revenue,1234500000\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="sieve-pdf-1.csv"',
          },
        });
      }
      return (routes as NonNullable<typeof routes>)(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:result');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    renderWithApi(<DashboardPage />);
    fireEvent.click(await screen.findByRole('button', { name: /View details of PDF Document request/ }));
    const dialog = await screen.findByRole('dialog', { name: /PDF Document request/ });
    expect(within(dialog).getByRole('heading', { name: 'Basic Information' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Request Details' })).toBeTruthy();
    // The dialog opens on the listed row; the AI result comes with the request's details.
    const analysis = await within(dialog).findByRole('region', { name: 'AI Analysis' });
    // Numbers are grouped for reading (issue 13); the download keeps them plain.
    expect(within(analysis).getByText('1,234,500,000')).toBeTruthy();
    expect(within(analysis).getByText('Total revenue: $1,234.5 million')).toBeTruthy();
    expect(within(analysis).getByText('page 1, line 2')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Final Result' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['sieve-pdf-1.csv']));
    expect(calledPaths(fetchMock)).toContain(`/api/v1/requests/${request.request_id}/result?format=csv`);
    click.mockRestore();
  });
});
