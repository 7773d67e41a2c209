import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { APP } from './app-config';
import { Providers } from './providers';
import { routes } from './routes';

const dashboardPath = `/${APP.area}/dashboard`;

const current = { pathname: '' };

function AppRoutes() {
  current.pathname = useLocation().pathname;
  return useRoutes(routes);
}

function renderAt(path: string) {
  render(
    <Providers>
      {/* a fresh SWR cache per test */}
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </SWRConfig>
    </Providers>,
  );
  return {
    get pathname() {
      return current.pathname;
    },
  };
}

function signInStored() {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('userType', APP.area);
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('userEmail', 'me@example.org');
}

function stubHealth() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ status: 'ok', db: 'ok', queue: 'ok' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe(`${APP.name} routes`, () => {
  it('redirects / to /login', () => {
    const router = renderAt('/');
    expect(router.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText(APP.name)).toBeTruthy();
  });

  it('sends a signed-out visitor of the dashboard to /login', () => {
    const router = renderAt(dashboardPath);
    expect(router.pathname).toBe('/login');
  });

  it('redirects any other path of the area to its dashboard', async () => {
    signInStored();
    stubHealth();
    const router = renderAt(`/${APP.area}/settings/anything`);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(router.pathname).toBe(dashboardPath);
  });

  it('shows the dashboard to a restored session, with the API status, and logs out to /', async () => {
    signInStored();
    const fetchMock = stubHealth();
    const router = renderAt(dashboardPath);
    expect(await screen.findAllByText('Operational')).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/health',
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token' }) }),
    );
    expect(screen.getByRole('button', { name: /theme/i })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(router.pathname).toBe('/login');
  });

  it('has /test-login in development builds, signing in as a fake user of this app', async () => {
    stubHealth();
    const router = renderAt('/test-login');
    const button = await screen.findByRole('button', { name: /continue as test/i });
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(router.pathname).toBe(dashboardPath);
  });
});
