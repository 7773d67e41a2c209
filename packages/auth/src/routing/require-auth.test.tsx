import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../auth-context';
import { AuthProvider } from '../auth-provider';
import { RequireAuth } from './require-auth';

function renderGuarded(provider: (children: ReactNode) => ReactNode) {
  render(
    <MemoryRouter initialEntries={['/worker/dashboard']}>
      {provider(
        <Routes>
          <Route path="/login" element={<p>login page</p>} />
          <Route
            path="/worker/dashboard"
            element={
              <RequireAuth userType="worker">
                <p>secret dashboard</p>
              </RequireAuth>
            }
          />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

const loadingValue = {
  status: 'loading',
  user: null,
  token: null,
} as unknown as AuthContextValue;

describe('RequireAuth', () => {
  it('shows a spinner while the session loads', () => {
    renderGuarded((children) => <AuthContext.Provider value={loadingValue}>{children}</AuthContext.Provider>);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('secret dashboard')).toBeNull();
  });

  it('redirects anonymous users to /login', async () => {
    renderGuarded((children) => <AuthProvider>{children}</AuthProvider>);
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('shows the page to a signed-in user of the area', () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('userType', 'worker');
    localStorage.setItem('userId', 'u');
    renderGuarded((children) => <AuthProvider>{children}</AuthProvider>);
    expect(screen.getByText('secret dashboard')).toBeTruthy();
  });

  it('does not show another role the area: it takes them to their own app', () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('userType', 'requester');
    localStorage.setItem('userId', 'u');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderGuarded((children) => <AuthProvider area="worker">{children}</AuthProvider>);
    expect(screen.queryByText('secret dashboard')).toBeNull();
    expect(screen.getByRole('status', { name: 'Opening the Requester app' })).toBeTruthy();
  });
});
