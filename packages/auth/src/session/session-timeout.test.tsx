import { ThemeProvider } from '@sieve/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth-provider';
import { HomeRedirect } from '../routing/home-redirect';
import { fakeJwt, jsonResponse, storeSignedIn, stubApi } from '../test-helpers';
import { useAuth } from '../use-auth';
import SessionTimeout from './session-timeout';

function LoginProbe() {
  const { signOutNotice } = useAuth();
  return <p>login page{signOutNotice?.notice ? `: ${signOutNotice.notice}` : ''}</p>;
}

function renderSignedIn() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomeRedirect /> },
      { path: '/login', element: <LoginProbe /> },
      {
        path: '/dashboard',
        element: (
          <>
            <SessionTimeout />
            <button type="button">Somewhere on the page</button>
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <ThemeProvider>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>,
  );
  return router;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const dialog = () => screen.queryByRole('alertdialog', { name: 'Session Timeout Warning' });
const countdown = () => screen.getByRole('timer').textContent;

describe('SessionTimeout (spec 01 §2, §4, §9) with inactivityTimeout 6000 and warningPeriod 4000', () => {
  let api: ReturnType<typeof stubApi>;

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('inactivityTimeout', '6000');
    localStorage.setItem('warningPeriod', '4000');
    storeSignedIn('worker', { token: fakeJwt({ iat: Math.floor(Date.now() / 1000) }) });
    api = stubApi({ '/auth/logout': () => jsonResponse(200, { status: 'ok' }) });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the warning with a live mm:ss countdown when the warning period begins', () => {
    renderSignedIn();
    advance(1_999);
    expect(dialog()).toBeNull();
    advance(1);
    expect(dialog()).not.toBeNull();
    expect(countdown()).toBe('00:04');
    advance(1_000);
    expect(countdown()).toBe('00:03');
    advance(1_000);
    expect(countdown()).toBe('00:02');
    expect(screen.getByRole('button', { name: 'Continue Session' })).toBe(document.activeElement);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('cannot be dismissed except by its two buttons', () => {
    renderSignedIn();
    advance(2_000);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.scroll(window);
    advance(1_000);
    expect(dialog()).not.toBeNull();
    expect(countdown()).toBe('00:03');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByText('Somewhere on the page').closest('[inert]')).not.toBeNull();
  });

  it('Continue Session closes the warning and restarts the timers', () => {
    renderSignedIn();
    advance(3_000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue Session' }));
    expect(dialog()).toBeNull();
    advance(1_999);
    expect(dialog()).toBeNull();
    advance(1);
    expect(countdown()).toBe('00:04');
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it.each(['mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const)(
    'a %s restarts the timers before the warning',
    (type) => {
      renderSignedIn();
      advance(1_500);
      const target = type === 'scroll' ? window : screen.getByText('Somewhere on the page');
      fireEvent[
        type === 'mousedown'
          ? 'mouseDown'
          : type === 'keydown'
            ? 'keyDown'
            : type === 'touchstart'
              ? 'touchStart'
              : type
      ](target);
      advance(1_500);
      expect(dialog()).toBeNull();
      advance(500);
      expect(dialog()).not.toBeNull();
    },
  );

  it('logs out at the full timeout and goes home, which is the sign-in screen', () => {
    renderSignedIn();
    advance(5_999);
    expect(localStorage.getItem('authToken')).not.toBeNull();
    advance(1);
    expect(dialog()).toBeNull();
    for (const key of ['authToken', 'userType', 'userId', 'userEmail']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(screen.getByText(/login page: You were signed out after a period of inactivity/)).toBeTruthy();
    expect(api.calls('/auth/logout')).toHaveLength(1);
  });

  it('Log Out logs out at once', () => {
    renderSignedIn();
    advance(2_500);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('ends a session older than the maximum duration as soon as the timers start', () => {
    localStorage.setItem('maxSessionDuration', '3600000');
    storeSignedIn('worker', { token: fakeJwt({ iat: Math.floor(Date.now() / 1000) - 2 * 3600 }) });
    renderSignedIn();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByText('login page: Your session has expired. Please sign in again.')).toBeTruthy();
  });

  it('ends the session when the maximum duration passes', () => {
    localStorage.setItem('maxSessionDuration', '5000');
    renderSignedIn();
    advance(1_000);
    fireEvent.mouseDown(document.body);
    advance(4_000);
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
