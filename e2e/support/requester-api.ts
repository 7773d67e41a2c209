import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './env';

/**
 * The API of a given server (the shared one or a spec's own), for the requester specs: accounts,
 * requests submitted directly, and pausing the job queue while a spec looks at Active.
 */

export interface RequesterAccount {
  email: string;
  password: string;
  fullName: string;
  token: string;
  userId: string;
}

export class RequesterApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}: ${JSON.stringify(body)}`);
  }
}

export class RequesterApi {
  constructor(private readonly apiBase: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string } = {}) {
    const response = await fetch(`${this.apiBase}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const payload: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) throw new RequesterApiError(response.status, payload);
    return payload as T;
  }

  /** A new requester account (requesters sign up without an invite), signed in. */
  async createRequester(prefix = 'e2e-requester'): Promise<RequesterAccount> {
    const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@sieve-e2e.com`;
    const password = `e2e-${Math.random().toString(36).slice(2, 8)}-2024`;
    const fullName = 'Rita Requester';
    const session = await this.call<{ token: string; user_id: string }>('POST', '/auth/register', {
      body: { email, password, full_name: fullName, user_type: 'requester' },
    });
    return { email, password, fullName, token: session.token, userId: session.user_id };
  }

  /** A request that needs no outside fetch: a custom prompt over text given inline. */
  submitPromptRequest(token: string, label: string) {
    return this.call<{ request_id: string }>('POST', '/requests', {
      token,
      body: {
        document_type: 'custom_prompt',
        metadata: { custom_prompt: 'List the totals', text: `${label}: Total: 10`, ai_only_mode: true },
        priority: 'low',
      },
    });
  }

  private adminToken: string | null = null;

  private async admin(): Promise<string> {
    this.adminToken ??= (
      await this.call<{ token: string }>('POST', '/auth/login', {
        body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      })
    ).token;
    return this.adminToken;
  }

  /** Holds the extraction queue (only on a spec's own server: it stops every job). */
  async pauseQueue() {
    await this.call('POST', '/admin/queue/pause', { token: await this.admin() });
  }

  async resumeQueue() {
    await this.call('POST', '/admin/queue/resume', { token: await this.admin() });
  }
}

/** Puts the account's session where the app keeps a remembered one (spec 01 §3), then opens `path`. */
export async function openAsRequester(page: Page, account: RequesterAccount, path: string) {
  await page.goto('/login');
  await page.evaluate(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    {
      authToken: account.token,
      userType: 'requester',
      userId: account.userId,
      userEmail: account.email,
    },
  );
  await page.goto(path);
}
