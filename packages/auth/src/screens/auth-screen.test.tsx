import { ThemeProvider } from '@sieve/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth-provider';
import { createAppRoutes } from '../routing/create-app-routes';

function ReviewerDashboard() {
  return <h1>Reviewer dashboard</h1>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    createAppRoutes({
      appName: 'Sieve Reviewer',
      area: 'worker',
      Dashboard: ReviewerDashboard,
    }),
    { initialEntries: [path] },
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

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input, select' }), { target: { value } });
}

describe('AuthScreen, sign-in mode', () => {
  it('opens at /login with the spec fields', () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /forgot password/i }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows a failed sign-in in a red alert banner with the friendly message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'INVALID_LOGIN_CREDENTIALS', detail: 'x' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderAt('/login');
    fill('Email', 'someone@example.org');
    fill('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The email or password you entered is incorrect. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('falls back to "Failed to login" when the server says nothing useful', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 418 })),
    );
    renderAt('/login');
    fill('Email', 'someone@example.org');
    fill('Password', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to login');
  });

  it('goes to the dashboard of the signed-in user type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ token: 'jwt', user_type: 'worker', user_id: 'w1' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const router = renderAt('/login');
    fill('Email', 'w@example.org');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/worker/dashboard');
    // Remember me unchecked: the session lives in sessionStorage (DESIGN §5)
    expect(sessionStorage.getItem('authToken')).toBe('jwt');
  });
});

describe('AuthScreen, create-account mode', () => {
  it.each(['/signup', '/register'])('opens at %s with the spec fields', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    for (const label of ['Full Name', 'Email', 'Account Type', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label, { selector: 'input, select' })).toBeTruthy();
    }
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Requester', 'Reviewer', 'Admin']);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('asks for the invite code only for Reviewer and Admin', () => {
    renderAt('/signup');
    // the reviewer app starts on its own role
    expect(screen.getByLabelText('Invite Code')).toBeTruthy();
    fill('Account Type', 'requester');
    expect(screen.queryByLabelText('Invite Code')).toBeNull();
    fill('Account Type', 'admin');
    expect(screen.getByLabelText('Invite Code')).toBeTruthy();
  });

  it('disables Create Account while the passwords differ, with a live hint', () => {
    renderAt('/signup');
    fill('Password', 'secret123');
    fill('Confirm Password', 'secret12');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(true);
    fill('Confirm Password', 'secret123');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('warns live about a disposable email address (spec 01 §5)', () => {
    renderAt('/signup');
    fill('Email', 'someone@mailinator.com');
    expect(screen.getByText('Please use a personal or work email address')).toBeTruthy();
    fill('Email', 'someone@example-company.com');
    expect(screen.queryByText('Please use a personal or work email address')).toBeNull();
  });

  it('checks email, password and invite code before calling the server', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signup');
    fill('Full Name', 'Rae Viewer');
    fill('Email', 'rae@localhost');
    fill('Password', 'short');
    fill('Confirm Password', 'short');
    fireEvent.submit(screen.getByRole('button', { name: 'Create Account' }).closest('form')!);
    expect(screen.getByText('Please enter a valid email domain')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Invite code is required for Reviewer and Admin accounts')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('routes', () => {
  it('sends / and unknown area paths of a signed-out user to /login', () => {
    const router = renderAt('/');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends any other /worker/* path to the guarded dashboard', () => {
    const router = renderAt('/worker/whatever');
    expect(router.state.location.pathname).toBe('/login');
  });
});
