import type { UserType } from '@sieve/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';

/**
 * The route-table tests every app runs against its own `routes` and `Providers` (spec 01 §2).
 * Test-only: reached through `@sieve/auth/testkit`, never from the package's main entry.
 */
export interface AppRoutesTestConfig {
  app: { readonly name: string; readonly area: UserType };
  routes: RouteObject[];
  Providers: ComponentType<{ children: ReactNode }>;
}

const current = { pathname: '' };

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  current.pathname = useLocation().pathname;
  return useRoutes(routes);
}

function stubApi() {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/health')
      ? new Response(JSON.stringify({ status: 'ok', db: 'ok', queue: 'ok' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify({ status: 'ok' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function describeAppRoutes({ app: APP, routes, Providers }: AppRoutesTestConfig) {
  const dashboardPath = `/${APP.area}/dashboard`;

  function renderAt(path: string) {
    render(
      <Providers>
        {/* a fresh SWR cache per test */}
        <SWRConfig value={{ provider: () => new Map() }}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes routes={routes} />
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

  describe(`${APP.name} routes`, () => {
    it('redirects / to /login', async () => {
      const router = renderAt('/');
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
      expect(router.pathname).toBe('/login');
      expect(screen.getByText(APP.name)).toBeTruthy();
    });

    it('sends a signed-out visitor of the dashboard to /login', async () => {
      const router = renderAt(dashboardPath);
      await screen.findByRole('heading', { name: 'Welcome back' });
      expect(router.pathname).toBe('/login');
    });

    it('redirects any other path of the area to its dashboard', async () => {
      signInStored();
      stubApi();
      const router = renderAt(`/${APP.area}/settings/anything`);
      expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
      await waitFor(() => expect(router.pathname).toBe(dashboardPath));
    });

    it('frames the dashboard with one header: the theme cycle, the customizer and Logout', async () => {
      signInStored();
      const fetchMock = stubApi();
      const router = renderAt(dashboardPath);
      expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
      // The frame may still be settling (a lazy page inside it): one header once it has.
      await waitFor(() => expect(document.querySelectorAll('.sv-app-header')).toHaveLength(1));
      expect(screen.getAllByRole('button', { name: /^Theme:/ })).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: 'Customize theme' })).toHaveLength(1);
      expect(screen.getAllByText('me@example.org')).toHaveLength(1);

      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
      expect(localStorage.getItem('authToken')).toBeNull();
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/v1/auth/logout',
        expect.objectContaining({ method: 'POST' }),
      );
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
      expect(router.pathname).toBe('/login');
    });

    it('has /test-login in development builds, signing in as a fake user of this app', async () => {
      stubApi();
      const router = renderAt('/test-login');
      const button = await screen.findByRole('button', { name: /continue as test/i });
      fireEvent.click(button);
      expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
      expect(router.pathname).toBe(dashboardPath);
    });
  });
}
