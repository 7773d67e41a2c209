import { EMAIL_VECTORS } from '@sieve/contracts';
import { ThemeProvider } from '@sieve/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth-provider';
import { createAppRoutes } from '../routing/create-app-routes';
import { leaveApp } from '../routing/leave-app';
import { jsonResponse, storeSignedIn, stubApi } from '../test-helpers';

vi.mock('../routing/leave-app', () => ({ leaveApp: vi.fn() }));

function ReviewerDashboard() {
  return <h1>Reviewer dashboard</h1>;
}

/** The reviewer app: its routes, serving the worker role. */
function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(
    createAppRoutes({ appName: 'Sieve Reviewer', area: 'worker', Dashboard: ReviewerDashboard }),
    { initialEntries: [state ? { pathname: path, state } : path] },
  );
  render(
    <ThemeProvider>
      <AuthProvider area="worker">
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>,
  );
  return router;
}

function field(label: string) {
  return screen.getByLabelText(label, { selector: 'input, select' }) as HTMLInputElement;
}

function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

const session = (userType: string, token = 'jwt') => ({
  token,
  user_type: userType,
  user_id: `${userType}-1`,
  expires_at: '2030-01-01T00:00:00.000Z',
});

async function signIn(email = 'someone@company.io', password = 'secret123') {
  await screen.findByRole('heading', { name: 'Welcome back' });
  fill('Email', email);
  fill('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in mode (spec 01 §2)', () => {
  it('opens at /login with every text of the spec', async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(field('Email').type).toBe('email');
    expect(field('Password').type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(field('Email').required && field('Password').required).toBe(true);
  });

  it('reads "Signing in..." while busy', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ '/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt('/login');
    await signIn();
    const busy = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    answer(jsonResponse(401, { code: 'INVALID_LOGIN_CREDENTIALS', detail: 'x' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows a wrong password in the red banner with the friendly message', async () => {
    stubApi({ '/auth/login': () => jsonResponse(401, { code: 'INVALID_LOGIN_CREDENTIALS', detail: 'x' }) });
    renderAt('/login');
    await signIn();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('The email or password you entered is incorrect. Please try again.');
    expect(banner.className).toContain('sv-banner--error');
  });

  it.each([
    [
      '429',
      () => jsonResponse(429, { code: 'TOO_MANY_REQUESTS', detail: 'slow down' }),
      'Too many failed login attempts. Please try again later.',
    ],
    [
      '403',
      () => jsonResponse(403, { code: 'USER_DISABLED', detail: 'x' }),
      'This account has been disabled. Please contact support.',
    ],
    [
      'a code in the text',
      () => jsonResponse(400, { detail: 'auth/USER_NOT_FOUND happened' }),
      'No account found with this email address. Please check your email or sign up.',
    ],
    [
      'a plain server message',
      () => jsonResponse(400, { message: 'Account locked for maintenance' }),
      'Account locked for maintenance',
    ],
    ['an empty error', () => new Response('teapot', { status: 418 }), 'Failed to login'],
    ['no server at all', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to login'],
  ])('turns %s into its message (spec 01 §8)', async (_case, answer, message) => {
    stubApi({ '/auth/login': answer });
    renderAt('/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('a worker goes to /worker/dashboard; Remember me unchecked keeps the session in sessionStorage', async () => {
    const api = stubApi({ '/auth/login': () => jsonResponse(200, session('worker')) });
    const router = renderAt('/login');
    await signIn('w@company.io');
    expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/worker/dashboard');
    expect(sessionStorage.getItem('authToken')).toBe('jwt');
    expect(sessionStorage.getItem('userEmail')).toBe('w@company.io');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(api.calls('/auth/login')[0]?.body).toEqual({
      email: 'w@company.io',
      password: 'secret123',
      remember: false,
    });
  });

  it('Remember me keeps the session in localStorage', async () => {
    stubApi({ '/auth/login': () => jsonResponse(200, session('worker')) });
    renderAt('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn();
    await screen.findByRole('heading', { name: 'Reviewer dashboard' });
    expect(localStorage.getItem('authToken')).toBe('jwt');
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('hands a requester to the requester app: a hand-off code, no session here (DESIGN §5)', async () => {
    const api = stubApi({
      '/auth/login': () => jsonResponse(200, session('requester', 'requester-jwt')),
      '/auth/handoff': () =>
        jsonResponse(201, {
          code: 'c0de-c0de-c0de',
          url: 'http://requester.localhost:8080/login?handoff=c0de-c0de-c0de',
          expires_at: '2030-01-01T00:00:00.000Z',
        }),
      '/auth/logout': () => jsonResponse(200, { status: 'ok' }),
    });
    renderAt('/login');
    await signIn('r@company.io');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledOnce());
    expect(leaveApp).toHaveBeenCalledWith(
      'http://requester.localhost:8080/login?handoff=c0de-c0de-c0de&remember=0',
    );
    const [handoff] = api.calls('/auth/handoff');
    expect(handoff?.body).toEqual({ target: 'requester' });
    expect(handoff?.headers.Authorization).toBe('Bearer requester-jwt');
    expect(api.calls('/auth/logout')[0]?.headers.Authorization).toBe('Bearer requester-jwt');
    expect(localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken')).toBeNull();
    // still busy: the page is about to change
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeTruthy();
    vi.mocked(leaveApp).mockClear();
  });

  it('shows a notice passed by the previous screen (session ended, password changed)', async () => {
    renderAt('/login', { notice: 'Your password has been changed. Sign in with your new password.' });
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeTruthy();
  });

  it('sends a signed-in user on to the dashboard', async () => {
    storeSignedIn('worker');
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/worker/dashboard');
  });
});

describe('hand-off arrival: /login?handoff=…', () => {
  it('exchanges the code for a session here and opens the dashboard', async () => {
    const api = stubApi({
      '/auth/handoff/exchange': () => jsonResponse(200, session('worker', 'fresh-jwt')),
      '/auth/me': () =>
        jsonResponse(200, {
          uid: 'worker-1',
          email: 'w@company.io',
          userType: 'worker',
          isApproved: false,
          emailVerified: false,
          fullName: 'W',
          createdAt: '2025-01-01T00:00:00.000Z',
        }),
    });
    const router = renderAt('/login?handoff=the-code-123&remember=1');
    expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/worker/dashboard');
    expect(router.state.location.search).toBe('');
    expect(api.calls('/auth/handoff/exchange')).toEqual([
      {
        body: { code: 'the-code-123' },
        headers: expect.not.objectContaining({ Authorization: expect.anything() }),
      },
    ]);
    expect(localStorage.getItem('authToken')).toBe('fresh-jwt');
    expect(localStorage.getItem('userEmail')).toBe('w@company.io');
  });

  it('keeps a session that was not remembered in sessionStorage', async () => {
    stubApi({ '/auth/handoff/exchange': () => jsonResponse(200, session('worker', 'tab-jwt')) });
    renderAt('/login?handoff=another-code-1&remember=0');
    await screen.findByRole('heading', { name: 'Reviewer dashboard' });
    expect(sessionStorage.getItem('authToken')).toBe('tab-jwt');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('an expired or used code shows the friendly message on the sign-in form', async () => {
    stubApi({
      '/auth/handoff/exchange': () =>
        jsonResponse(401, {
          code: 'INVALID_HANDOFF_CODE',
          detail: 'This sign-in link is invalid or has expired. Please sign in.',
        }),
    });
    const router = renderAt('/login?handoff=spent-code-99');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in link is invalid or has expired. Please sign in.',
    );
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});

describe('create-account mode (spec 01 §2, §5)', () => {
  it.each(['/signup', '/register'])('opens at %s with every field of the spec', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    for (const label of [
      'Full Name',
      'Email',
      'Account Type',
      'Invite Code',
      'Password',
      'Confirm Password',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(field('Email').type).toBe('email');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Requester',
      'Reviewer',
      'Admin',
    ]);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('asks for the invite code only for Reviewer and Admin', async () => {
    renderAt('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    expect(field('Account Type').value).toBe('worker'); // the reviewer app starts on its own role
    fill('Account Type', 'requester');
    expect(screen.queryByLabelText('Invite Code')).toBeNull();
    fill('Account Type', 'admin');
    expect(field('Invite Code')).toBeTruthy();
  });

  it('shows the red mismatch hint and icon live, and disables Create Account meanwhile', async () => {
    renderAt('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill('Password', 'secret123');
    fill('Confirm Password', 'secret12');
    expect(screen.getByText('Passwords do not match').className).toContain('sv-field__error');
    expect(screen.getByRole('img', { name: 'Passwords do not match' }).className).toContain(
      'sv-match-icon--bad',
    );
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(true);
    fill('Confirm Password', 'secret123');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(screen.getByRole('img', { name: 'Passwords match' }).className).toContain('sv-match-icon--ok');
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('warns live about a disposable address', async () => {
    renderAt('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill('Email', 'someone@mailinator.com');
    expect(screen.getByText(/personal or work email address/).className).toContain('sv-field__warning');
    fill('Email', 'someone@company.io');
    expect(screen.queryByText(/personal or work email address/)).toBeNull();
  });

  it.each(EMAIL_VECTORS.filter((vector) => vector.reason && vector.reason !== 'disposable'))(
    'says what is wrong with $email once the field is left',
    async ({ email }) => {
      renderAt('/signup');
      await screen.findByRole('heading', { name: 'Create Account' });
      fill('Email', email);
      fireEvent.blur(field('Email'));
      if (email.trim()) expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    },
  );

  it('checks every rule before calling the server', async () => {
    const api = stubApi({});
    renderAt('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill('Email', 'rae@localhost');
    fill('Password', 'short');
    fill('Confirm Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email domain')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Invite code is required for Reviewer and Admin accounts')).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  async function fillValidWorker() {
    await screen.findByRole('heading', { name: 'Create Account' });
    fill('Full Name', 'Rae Viewer');
    fill('Email', 'rae@company.io');
    fill('Invite Code', 'REV-ABC123');
    fill('Password', 'secret123');
    fill('Confirm Password', 'secret123');
  }

  it('reads "Creating Account..." while busy, then opens the dashboard of the new account', async () => {
    let answer: (response: Response) => void = () => {};
    const api = stubApi({
      '/auth/register': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/auth/login': () => jsonResponse(200, session('worker', 'login-jwt')),
    });
    const router = renderAt('/signup');
    await fillValidWorker();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((screen.getByRole('button', { name: 'Creating Account...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    answer(jsonResponse(201, session('worker', 'register-jwt')));
    expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/worker/dashboard');
    expect(api.calls('/auth/register')[0]?.body).toEqual({
      email: 'rae@company.io',
      password: 'secret123',
      full_name: 'Rae Viewer',
      user_type: 'worker',
      invite_code: 'REV-ABC123',
    });
    expect(localStorage.getItem('authToken')).toBe('login-jwt');
  });

  it('shows a refused invite code in the red banner', async () => {
    stubApi({
      '/auth/register': () =>
        jsonResponse(400, {
          code: 'INVALID_INVITE_CODE',
          detail: 'x',
          fields: { invite_code: 'Unknown code' },
        }),
    });
    renderAt('/signup');
    await fillValidWorker();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The invite code is invalid or has expired. Please request a new one.',
    );
    expect(screen.getByText('Unknown code')).toBeTruthy();
  });

  it('falls back to "Failed to register"', async () => {
    stubApi({ '/auth/register': () => new Response('', { status: 500 }) });
    renderAt('/signup');
    await fillValidWorker();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // a bare 500 still has a catalogue message
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong on our end. Please try again later.',
    );
  });

  it('a new requester on the reviewer app is handed to the requester app', async () => {
    stubApi({
      '/auth/register': () => jsonResponse(201, session('requester', 'r-jwt')),
      '/auth/login': () => jsonResponse(200, session('requester', 'r-jwt2')),
      '/auth/handoff': () =>
        jsonResponse(201, { code: 'x', url: 'http://requester.localhost/login?handoff=x', expires_at: 'z' }),
      '/auth/logout': () => jsonResponse(200, { status: 'ok' }),
    });
    renderAt('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill('Account Type', 'requester');
    fill('Full Name', 'Rita');
    fill('Email', 'rita@company.io');
    fill('Password', 'secret123');
    fill('Confirm Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith('http://requester.localhost/login?handoff=x&remember=1'),
    );
    vi.mocked(leaveApp).mockClear();
  });
});

describe('routes (spec 01 §2)', () => {
  it('sends / to /login', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-out visitor of the area to /login', async () => {
    const router = renderAt('/worker/whatever');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from any other /worker/* path to the dashboard', async () => {
    storeSignedIn('worker');
    const router = renderAt('/worker/settings/profile');
    expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/worker/dashboard');
  });

  it('moves a stored session of another role to its own app', async () => {
    storeSignedIn('admin', { token: 'admin-jwt' });
    stubApi({
      '/auth/handoff': () =>
        jsonResponse(201, { code: 'x', url: 'http://admin.localhost/login?handoff=x', expires_at: 'z' }),
      '/auth/logout': () => jsonResponse(200, { status: 'ok' }),
    });
    renderAt('/worker/dashboard');
    await waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith('http://admin.localhost/login?handoff=x&remember=1'),
    );
    expect(localStorage.getItem('authToken')).toBeNull();
    vi.mocked(leaveApp).mockClear();
  });

  it('logs out a stored session of another role when the hand-off fails', async () => {
    storeSignedIn('requester', { token: 'revoked-jwt' });
    stubApi({ '/auth/handoff': () => jsonResponse(401, { code: 'UNAUTHORIZED', detail: 'x' }) });
    const router = renderAt('/worker/dashboard');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You need to be logged in to access this feature.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(leaveApp).not.toHaveBeenCalled();
  });
});
