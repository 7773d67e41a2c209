import { ENDPOINTS, type Endpoint } from '@sieve/contracts';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestContext } from '../test/app';
import { createUser } from '../test/users';

/** Keys a body or query schema knows, so the fuzzer hits real fields as well as junk. */
function knownKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const options = (schema as { options?: z.ZodType[] } | undefined)?.options;
  if (options) return [...new Set(options.flatMap(knownKeys))];
  return [];
}

const jsonish = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    '   ',
    'pdf',
    'sec',
    'worker',
    'admin',
    '2024-02-30',
    'https://acme-corp.io/a.pdf',
    '=cmd',
    '<script>x</script>',
    '💥',
  ),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

function bodyFor(endpoint: Endpoint) {
  const keys = [...knownKeys(endpoint.body), 'metadata', 'document_type'];
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...keys), jsonish, { maxKeys: keys.length }),
    fc.record({
      document_type: jsonish,
      metadata: fc.dictionary(fc.string({ maxLength: 16 }), jsonish, { maxKeys: 6 }),
    }),
  );
}

function queryFor(endpoint: Endpoint) {
  const keys = [...knownKeys(endpoint.query), 'page', 'limit'];
  return fc.dictionary(
    fc.constantFrom(...keys),
    fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
    { maxKeys: keys.length },
  );
}

const pathFor = (endpoint: Endpoint, id: string) => {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name) => (name === 'kind' ? 'workers' : id));
  return endpoint.absolute ? path : `/api/v1${path}`;
};

describe('fuzzing every JSON body and query of the API', () => {
  let ctx: TestContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createTestApp();
    for (const role of ['requester', 'worker', 'admin'] as const)
      tokens.set(role, (await createUser(ctx.database.db, role)).auth);
  });
  afterAll(() => ctx.close());

  const fuzzable = ENDPOINTS.filter((e) => !e.rawBody && e.id !== 'logout');
  it.each(fuzzable.map((e) => [e.id, e] as const))(
    '%s never answers 500 and always explains an error',
    async (_id, endpoint) => {
      const role = endpoint.access === 'public' ? 'requester' : (endpoint.access[0] ?? 'requester');
      const auth = tokens.get(role) ?? '';
      await fc.assert(
        fc.asyncProperty(
          endpoint.body ? bodyFor(endpoint) : fc.constant(undefined),
          endpoint.query ? queryFor(endpoint) : fc.constant({}),
          fc.constantFrom('00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%27%3B--'),
          async (body, query, id) => {
            const call = request(ctx.app)
              [endpoint.method](pathFor(endpoint, id))
              .set('Authorization', auth)
              .query(query);
            const res =
              body === undefined
                ? await call
                : await call.set('Content-Type', 'application/json').send(JSON.stringify(body));
            expect(res.status, JSON.stringify({ body, query, res: res.body })).not.toBe(500);
            if (res.status >= 400) {
              expect(res.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
            }
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
