import type { z } from 'zod';

export const USER_TYPES = ['requester', 'worker', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** What an API key may be allowed to do (DESIGN §12). */
export const API_KEY_SCOPES = [
  'requests:read',
  'requests:write',
  'files:write',
  'webhooks:manage',
  'templates:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Who may call an endpoint: anyone, or signed-in users of the listed roles. */
export type Access = 'public' | readonly UserType[];

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One REST endpoint: the single description that the API routes, validates and guards by, and
 * that the OpenAPI document is generated from. Paths use OpenAPI's `{param}` form, relative to
 * `/api/v1` unless `absolute` is set.
 */
export interface Endpoint {
  id: string;
  method: HttpMethod;
  path: string;
  absolute?: boolean;
  summary: string;
  tag: string;
  access: Access;
  /**
   * The API-key scope this endpoint needs. Only endpoints with a scope accept an API key
   * (`Authorization: Bearer sk_…`); every other one (sessions, billing, keys, worker, admin) refuses keys.
   */
  scope?: ApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body is not JSON (multipart upload, raw webhook): documented, validated by the handler. */
  rawBody?: { contentType: string; description: string };
  response: { status: number; schema?: z.ZodType; contentType?: string; description: string };
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export const API_PREFIX = '/api/v1';

export function fullPath(endpoint: Pick<Endpoint, 'path' | 'absolute'>): string {
  return endpoint.absolute ? endpoint.path : `${API_PREFIX}${endpoint.path}`;
}
