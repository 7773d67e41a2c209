import { ENDPOINTS, type UserType } from '@sieve/contracts';
import { buildOpenApiDocument } from '@sieve/contracts/openapi';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../modules/auth/tokens';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../test/app';
import { createUser } from '../test/users';
import { assertAccess, mountedEndpointIds } from './mount';

type Caller = 'anonymous' | 'requester' | 'unapproved worker' | 'worker' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'requester', 'unapproved worker', 'worker', 'admin'];

interface Operation {
  id: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  roles: 'public' | UserType[];
}

/** The operations of the served OpenAPI document, with the roles it declares (`x-roles`). */
const OPERATIONS: Operation[] = Object.entries(buildOpenApiDocument(ENDPOINTS).paths ?? {}).flatMap(
  ([path, item]) =>
    Object.entries(item as Record<string, { operationId: string; 'x-roles': Operation['roles'] }>).map(
      ([method, op]) => ({
        id: op.operationId,
        method: method as Operation['method'],
        path,
        roles: op['x-roles'],
      }),
    ),
);

/** What the role table says a caller gets from an operation. */
function expected(
  operation: Operation,
  caller: Caller,
): 'allowed' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'WORKER_NOT_APPROVED' {
  // Metrics answer to the METRICS_TOKEN, never to a session: closed to every caller here.
  if (operation.id === 'getMetrics') return 'UNAUTHORIZED';
  if (operation.roles === 'public') return 'allowed';
  if (caller === 'anonymous') return 'UNAUTHORIZED';
  const role: UserType = caller === 'unapproved worker' ? 'worker' : caller;
  if (!operation.roles.includes(role)) return 'FORBIDDEN';
  if (caller === 'unapproved worker' && operation.roles.length === 1) return 'WORKER_NOT_APPROVED';
  return 'allowed';
}

function concretePath(operation: Operation) {
  return operation.path.replace(/\{(\w+)\}/g, (_m, name) =>
    name === 'kind' ? 'workers' : '00000000-0000-4000-8000-000000000000',
  );
}

describe('the role matrix', () => {
  let ctx: TestContext;
  const users = new Map<Caller, { id: string; userType: UserType }>();
  beforeAll(async () => {
    ctx = await createTestApp();
    users.set('requester', await createUser(ctx.database.db, 'requester'));
    users.set('unapproved worker', await createUser(ctx.database.db, 'worker', { approved: false }));
    users.set('worker', await createUser(ctx.database.db, 'worker'));
    users.set('admin', await createUser(ctx.database.db, 'admin'));
  });
  afterAll(() => ctx.close());

  it('mounts exactly the endpoints of the contract', () => {
    expect([...mountedEndpointIds].sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  it('covers every operation of the contract', () => {
    expect(OPERATIONS.map((o) => o.id).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  const cases = OPERATIONS.flatMap((operation) =>
    CALLERS.map((caller) => [operation.id, caller, operation] as const),
  );
  it.each(cases)('%s as %s answers as the role table says', async (_id, caller, operation) => {
    const call = request(ctx.app)[operation.method](concretePath(operation));
    const user = users.get(caller);
    // A fresh token per call: a logout in one case must not sign out the next.
    if (user) call.set('Authorization', `Bearer ${issueSessionToken(user, TEST_JWT_SECRET).token}`);
    const res = await call.send({});
    const want = expected(operation, caller);
    if (want === 'allowed') {
      expect(res.status, `${res.status} ${JSON.stringify(res.body)}`).not.toBe(401);
      expect(['FORBIDDEN', 'WORKER_NOT_APPROVED', 'UNAUTHORIZED']).not.toContain(res.body?.code);
      // 503 is an allowed answer (billing without Stripe keys); a 500 never is.
      expect(res.status).not.toBe(500);
    } else {
      expect(res.body.code).toBe(want);
      expect(res.status).toBe(want === 'UNAUTHORIZED' ? 401 : 403);
    }
  });
});

describe('the guard for worker routes', () => {
  const workerOnly = { access: ['worker'] as const };
  const worker = { id: 'w', email: 'w@acme-corp.io', userType: 'worker' as const, isApproved: false };

  it('refuses an unapproved or deactivated worker with WORKER_NOT_APPROVED', () => {
    expect(() => assertAccess(workerOnly, worker)).toThrow(
      expect.objectContaining({ code: 'WORKER_NOT_APPROVED' }),
    );
    expect(() => assertAccess(workerOnly, { ...worker, isApproved: true })).not.toThrow();
  });

  it('lets the unapproved worker use what every role may (their profile, logout)', () => {
    expect(() => assertAccess({ access: ['requester', 'worker', 'admin'] }, worker)).not.toThrow();
  });
});
