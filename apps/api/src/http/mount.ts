import type { ApiKeyScope, Endpoint, UserType } from '@sieve/contracts';
import type { NextFunction, Request, Response, Router } from 'express';
import { z } from 'zod';
import type { SessionClaims } from '../modules/auth/tokens';
import { AppError } from './app-error';
import { assertStorable } from './storable';

export interface AuthedUser {
  id: string;
  email: string;
  userType: UserType;
  isApproved: boolean;
  /** Set when the caller authenticated with an API key instead of a session (DESIGN §12). */
  apiKey?: { id: string; scopes: ApiKeyScope[] };
}

declare global {
  namespace Express {
    interface Request {
      user?: AuthedUser;
      /** The verified token's claims, for logout. */
      session?: SessionClaims;
    }
  }
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface HandlerInput<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  user: E['access'] extends 'public' ? AuthedUser | undefined : AuthedUser;
  req: Request;
  res: Response;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<unknown> | unknown;

/** The role guard: anonymous → 401, wrong role → 403 (DESIGN §5: every route, on the server). */
export function assertAccess(endpoint: Pick<Endpoint, 'access' | 'scope'>, user: AuthedUser | undefined) {
  if (endpoint.access === 'public') return;
  if (!user) throw new AppError('UNAUTHORIZED');
  // API keys reach only the endpoints that name a scope, and only with that scope (DESIGN §12).
  if (user.apiKey) {
    if (!endpoint.scope) throw new AppError('API_KEY_NOT_ALLOWED');
    if (!user.apiKey.scopes.includes(endpoint.scope)) {
      throw new AppError(
        'API_KEY_SCOPE_MISSING',
        `This API key needs the scope ${endpoint.scope} for this call.`,
      );
    }
  }
  if (!endpoint.access.includes(user.userType)) throw new AppError('FORBIDDEN');
  // Worker routes need an approved, active worker (DESIGN §4).
  if (user.userType === 'worker' && !user.isApproved && endpoint.access.length === 1) {
    throw new AppError('WORKER_NOT_APPROVED');
  }
}

/** Express path from an OpenAPI path: `/tasks/{id}` → `/tasks/:id`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Mounts one contract endpoint: guard, validate params/query/body with the contract's schemas,
 * call the handler, and send its result (parsed through the response schema) with the contract's status.
 */
/** Every endpoint id mounted in this process: the role-matrix test checks it against the contract. */
export const mountedEndpointIds = new Set<string>();

/** An endpoint without a query or body schema takes none: any key sent there is unknown. */
const NoInput = z.strictObject({});

function emptyBody(body: unknown): unknown {
  return body === undefined || body === null ? {} : body;
}

/** Parses with the endpoint's schema, or refuses any key when it has none. */
function parseInput(schema: z.ZodType | undefined, value: unknown): unknown {
  if (schema) return schema.parse(value);
  NoInput.parse(value);
  return undefined;
}

export function mount<E extends Endpoint>(router: Router, endpoint: E, handler: Handler<E>) {
  mountedEndpointIds.add(endpoint.id);
  const route = async (req: Request, res: Response, _next: NextFunction) => {
    assertAccess(endpoint, req.user);
    // Every string reaches the database checked: NUL, lone surrogates, `__proto__` keys and
    // absurd nesting are a 400 naming the field, never a 500 from Postgres.
    assertStorable(req.params);
    assertStorable(req.query);
    if (!endpoint.rawBody) assertStorable(req.body);
    const input = {
      params: endpoint.params ? endpoint.params.parse(req.params) : undefined,
      query: parseInput(endpoint.query, req.query ?? {}),
      body: endpoint.rawBody ? undefined : parseInput(endpoint.body, emptyBody(req.body)),
      user: req.user,
      req,
      res,
    } as HandlerInput<E>;
    const result = await handler(input);
    if (res.headersSent) return;
    const { status, schema } = endpoint.response;
    if (schema) {
      const parsed = schema.safeParse(result);
      // A reply that breaks the contract is our bug, not the caller's: a 500, never a 400.
      if (!parsed.success)
        throw new Error(`${endpoint.id}: response breaks the contract: ${parsed.error.message}`);
      res.status(status).json(parsed.data);
    } else if (result === undefined) {
      res.status(status).end();
    } else {
      res.status(status).json(result);
    }
  };
  router[endpoint.method](expressPath(endpoint.path), route);
}
