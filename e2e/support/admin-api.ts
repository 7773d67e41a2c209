import { E2E_ADMIN } from './env';

/**
 * Seeding and checking through the API of a given server (own-server.ts), as the admin specs do:
 * accounts, invites, worker approval, requests on behalf, and the admin lists.
 */

export interface Session {
  token: string;
  user_type: 'worker' | 'requester' | 'admin';
  user_id: string;
}

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}: ${JSON.stringify(body)}`);
  }
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@sieve-e2e.com`;
}

export class AdminApi {
  private adminToken: string | null = null;

  constructor(private readonly apiBase: string) {}

  /** Any call; returns the status and the parsed body, without throwing. */
  async raw(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { body, token }: { body?: unknown; token?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.apiBase}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // CSV or other text stays text.
    }
    return { status: response.status, body: parsed };
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; token?: string } = {},
  ): Promise<T> {
    const { status, body } = await this.raw(method, path, options);
    if (status < 200 || status >= 300) throw new ApiFailure(status, body);
    return body as T;
  }

  login(email: string, password: string): Promise<Session> {
    return this.call<Session>('POST', '/auth/login', { body: { email, password } });
  }

  /** The seeded admin's token (E2E_ADMIN, see server.ts). */
  async admin(): Promise<string> {
    this.adminToken ??= (await this.login(E2E_ADMIN.email, E2E_ADMIN.password)).token;
    return this.adminToken;
  }

  async asAdmin<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.call<T>(method, path, { token: await this.admin(), ...(body === undefined ? {} : { body }) });
  }

  async invite(role: 'worker' | 'admin', expiryDays = 7): Promise<string> {
    const { invite_code } = await this.asAdmin<{ invite_code: string }>('POST', '/admin/generate_invite', {
      role,
      expiry_days: expiryDays,
    });
    return invite_code;
  }

  /** A reviewer who signed up with an invite: pending until an admin approves. */
  async registerReviewer(prefix: string, fullName: string): Promise<Account & { id: string }> {
    const account = { email: uniqueEmail(prefix), password: 'e2e-Reviewer-2024', fullName };
    await this.call('POST', '/auth/register', {
      body: {
        email: account.email,
        password: account.password,
        full_name: fullName,
        user_type: 'worker',
        invite_code: await this.invite('worker'),
      },
    });
    return { ...account, id: await this.workerId(account.email) };
  }

  async registerRequester(prefix: string, fullName: string, organization?: string): Promise<Account> {
    const account = { email: uniqueEmail(prefix), password: 'e2e-Requester-2024', fullName };
    await this.call('POST', '/auth/register', {
      body: {
        email: account.email,
        password: account.password,
        full_name: fullName,
        user_type: 'requester',
        ...(organization ? { organization } : {}),
      },
    });
    return account;
  }

  async workers(search: string): Promise<{ worker_id: string; email: string; status: string }[]> {
    const page = await this.asAdmin<{ workers: { worker_id: string; email: string; status: string }[] }>(
      'GET',
      `/admin/workers?limit=100&search=${encodeURIComponent(search)}`,
    );
    return page.workers;
  }

  async workerId(email: string): Promise<string> {
    const found = (await this.workers(email)).find((w) => w.email === email);
    if (!found) throw new Error(`No worker ${email}`);
    return found.worker_id;
  }

  setWorkerActive(id: string, active: boolean) {
    return this.asAdmin('PUT', `/admin/workers/${id}/status`, { active });
  }

  submitOnBehalf(body: unknown): Promise<{ request_id: string; status: string }> {
    return this.asAdmin('POST', '/admin/requests', body);
  }

  async requestStatus(requestId: string): Promise<string | null> {
    const page = await this.asAdmin<{ requests: { request_id: string; status: string }[] }>(
      'GET',
      `/admin/requests?limit=100&search=${encodeURIComponent(requestId)}`,
    );
    return page.requests.find((r) => r.request_id === requestId)?.status ?? null;
  }
}
