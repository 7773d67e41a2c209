import {
  API_PREFIX,
  authEndpoints,
  type Endpoint,
  IDEMPOTENCY_HEADER,
  integrationEndpoints,
  requestEndpoints,
} from '@sieve/contracts';
import type { z } from 'zod';
import { SieveApiError } from './errors';

// Every call is typed by the contract's endpoint table (packages/contracts): nothing here
// re-declares a request or response shape.

type Schema<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;
type Part<E, K extends string, Required extends boolean> = [Schema<E, K>] extends [never]
  ? { [P in K]?: never }
  : Required extends true
    ? { [P in K]: z.input<Schema<E, K>> }
    : { [P in K]?: z.input<Schema<E, K>> };

/** What a call of endpoint E sends: its path params, query and JSON body, as the contract types them. */
export type CallInput<E extends Endpoint> = Part<E, 'params', true> &
  Part<E, 'query', false> &
  Part<E, 'body', true>;
/** What a call of endpoint E returns: its response schema's output, or nothing. */
export type CallOutput<E extends Endpoint> = E extends { response: { schema: infer S extends z.ZodType } }
  ? z.output<S>
  : unknown;

export type CreateRequestInput = z.input<(typeof requestEndpoints.create)['body']>;
export type RequestDetail = CallOutput<typeof requestEndpoints.get>;
export type RequestStatus = RequestDetail['status'];

export interface SieveClientOptions {
  /** `http://localhost:8080` (the `/api/v1` prefix is added); env SIEVE_BASE_URL in the CLI. */
  baseUrl?: string;
  /** An API key (`sk_live_…`) or a session token: sent as `Authorization: Bearer …`. */
  apiKey?: string;
  fetch?: typeof fetch;
  /**
   * Retries of a 429 or 503 answer, honouring `Retry-After` (default 3). A plan's used-up quota
   * (429 USAGE_LIMIT_EXCEEDED) is never retried: it throws at once with `resetsAt`.
   */
  maxRetries?: number;
  /** The longest wait between retries (ms, default 60 000). */
  maxRetryDelayMs?: number;
  /** Injectable sleep (tests). */
  sleep?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const RETRY_STATUSES = new Set([429, 503]);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `Retry-After` as seconds or an HTTP date → milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function newIdempotencyKey() {
  return globalThis.crypto.randomUUID();
}

export class SieveClient {
  readonly baseUrl: string;
  private apiKey: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: SieveClientOptions = {}) {
    const base = (options.baseUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
    this.baseUrl = base.endsWith(API_PREFIX) ? base.slice(0, -API_PREFIX.length) : base;
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** Uses this bearer from now on (an API key, or the token of `auth.login`). */
  setApiKey(apiKey: string | undefined) {
    this.apiKey = apiKey;
  }

  /** One call of a contract endpoint, typed by it; error answers throw SieveApiError. */
  async call<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    options: CallOptions & { form?: FormData } = {},
  ): Promise<CallOutput<E>> {
    const { params, query, body } = input as {
      params?: Record<string, string>;
      query?: object;
      body?: unknown;
    };
    let path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = params?.[name];
      if (value === undefined) throw new TypeError(`${endpoint.id}: missing path parameter ${name}`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    if (search.size > 0) path += `?${search}`;
    const url = `${this.baseUrl}${endpoint.absolute ? '' : API_PREFIX}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
    let payload: RequestInit['body'] | undefined;
    if (options.form) payload = options.form;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    // A 429 or 503 means the call was not carried out: it is safe to send again after the wait.
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          method: endpoint.method.toUpperCase(),
          headers,
          ...(payload === undefined ? {} : { body: payload }),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        throw new SieveApiError(
          0,
          'NETWORK_REQUEST_FAILED',
          `Could not reach ${this.baseUrl}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const text = await response.text();
      const isJson = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');
      let parsed: unknown = text || undefined;
      if (text && isJson) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      const error = (response.ok ? {} : (parsed ?? {})) as {
        code?: string;
        detail?: string;
        fields?: Record<string, string>;
        resets_at?: string;
      };
      // A used-up plan quota is not transient: it answers the same until `resets_at`. Raise at once.
      const retryable = RETRY_STATUSES.has(response.status) && error.code !== 'USAGE_LIMIT_EXCEEDED';
      if (retryable && attempt < this.maxRetries) {
        const wait = retryAfterMs(response.headers.get('Retry-After')) ?? 500 * 2 ** attempt;
        await this.sleep(Math.min(wait, this.maxRetryDelayMs));
        continue;
      }
      if (!response.ok) {
        throw new SieveApiError(
          response.status,
          error.code ?? 'API_ERROR',
          error.detail ?? `HTTP ${response.status}`,
          error.fields,
          error.resets_at,
        );
      }
      return parsed as CallOutput<E>;
    }
  }

  readonly auth = {
    /** Signs in with email and password; the session token is used for the calls that follow. */
    login: async (email: string, password: string) => {
      const session = await this.call(authEndpoints.login, { body: { email, password } });
      this.apiKey = session.token;
      return session;
    },
  };

  readonly requests = {
    /** Submits a document; an Idempotency-Key is sent (generated unless given), so retries are safe. */
    create: (body: CreateRequestInput, options: CallOptions = {}) =>
      this.call(
        requestEndpoints.create,
        { body },
        { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() },
      ),
    /** Up to 100 documents; each item's result or error comes back at its index. */
    batch: (requests: CreateRequestInput[]) => this.call(integrationEndpoints.batch, { body: { requests } }),
    list: (query: CallInput<typeof requestEndpoints.list>['query'] = {}) =>
      this.call(requestEndpoints.list, { query }),
    get: (id: string) => this.call(requestEndpoints.get, { params: { id } }),
    /** The final result file: parsed JSON, or the CSV text. */
    result: (id: string, format: 'json' | 'csv' = 'json') =>
      this.call(requestEndpoints.result, { params: { id }, query: { format } }),
    /**
     * Polls until the request is completed or failed. `onProgress` hears each status (and how
     * many reviews are in), so a caller can show progress on long waits.
     */
    wait: async (
      id: string,
      options: {
        intervalMs?: number;
        timeoutMs?: number;
        onProgress?: (request: RequestDetail, elapsedMs: number) => void;
        signal?: AbortSignal;
      } = {},
    ): Promise<RequestDetail> => {
      const started = Date.now();
      const interval = options.intervalMs ?? 2_000;
      for (;;) {
        const request = await this.requests.get(id);
        const elapsed = Date.now() - started;
        options.onProgress?.(request, elapsed);
        if (request.status === 'completed' || request.status === 'failed') return request;
        if (options.timeoutMs !== undefined && elapsed >= options.timeoutMs) {
          throw new SieveApiError(
            0,
            'TIMEOUT',
            `Request ${id} is still ${request.status} after ${Math.round(elapsed / 1000)} s`,
          );
        }
        if (options.signal?.aborted) throw options.signal.reason;
        await this.sleep(interval);
      }
    },
  };

  readonly files = {
    /** Uploads a document (multipart); an Idempotency-Key makes a retried upload store it once. */
    upload: (
      file: Blob | Uint8Array,
      filename: string,
      options: CallOptions & { documentType?: string; contentType?: string } = {},
    ) => {
      const form = new FormData();
      const blob =
        file instanceof Blob
          ? file
          : new Blob([file as Uint8Array<ArrayBuffer>], {
              type: options.contentType ?? 'application/octet-stream',
            });
      form.set('file', blob, filename);
      if (options.documentType) form.set('document_type', options.documentType);
      return this.call(
        requestEndpoints.upload,
        {},
        { ...options, form, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() },
      );
    },
  };

  readonly keys = {
    create: (body: CallInput<typeof integrationEndpoints.createKey>['body']) =>
      this.call(integrationEndpoints.createKey, { body }),
    list: () => this.call(integrationEndpoints.listKeys, {}),
    revoke: (id: string) => this.call(integrationEndpoints.revokeKey, { params: { id } }),
  };

  readonly webhooks = {
    create: (body: CallInput<typeof integrationEndpoints.createWebhook>['body']) =>
      this.call(integrationEndpoints.createWebhook, { body }),
    list: () => this.call(integrationEndpoints.listWebhooks, {}),
    remove: (id: string) => this.call(integrationEndpoints.deleteWebhook, { params: { id } }),
    sendTest: (id: string) => this.call(integrationEndpoints.testWebhook, { params: { id } }),
    deliveries: (id: string) => this.call(integrationEndpoints.listDeliveries, { params: { id } }),
    redeliver: (id: string, deliveryId: string) =>
      this.call(integrationEndpoints.redeliver, { params: { id, delivery_id: deliveryId } }),
    /** Starts (or resumes) the account's listener for `sieve listen`: its id and signing secret. */
    listen: (events?: CallInput<typeof integrationEndpoints.createListener>['body']['events']) =>
      this.call(integrationEndpoints.createListener, { body: events ? { events } : {} }),
    /** A long poll of the listener's new events (each is returned once). */
    poll: (id: string, options: { waitSeconds?: number; signal?: AbortSignal } = {}) =>
      this.call(
        integrationEndpoints.listenEvents,
        { params: { id }, query: { wait: options.waitSeconds ?? 20 } },
        options.signal ? { signal: options.signal } : {},
      ),
  };
}
