import { ENDPOINTS } from '@sieve/contracts';
import { buildOpenApiDocument } from '@sieve/contracts/openapi';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { startFakeStripe } from '../test/fake-stripe';
import { createUser } from '../test/users';

/**
 * A property test over every operation of the OpenAPI document (issue 41): bodies and queries built
 * from each operation's own schema, salted with what breaks servers — NUL, lone surrogates, huge
 * strings, deep nesting, prototype keys, wrong types, unknown keys — must never answer ≥ 500, and
 * every error must be `{code, detail}`. Fixed seed, so a failure reproduces; the case count is
 * printed at the end.
 */
const SEED = 41;
const RUNS_PER_OPERATION = 30;

type Json = Record<string, unknown>;
type Schema = Json & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  format?: string;
};

interface Operation {
  id: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  role: 'requester' | 'worker' | 'admin' | 'public';
  query: Record<string, Schema>;
  body: Schema | null;
  content: 'json' | 'multipart' | 'raw' | null;
}

const document = buildOpenApiDocument(ENDPOINTS) as unknown as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = document.components.schemas[s.$ref.split('/').pop() ?? ''] ?? {};
  return s;
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const roles = op['x-roles'] as string[] | 'public';
    const parameters = (op.parameters ?? []) as { in: string; name: string; schema?: Schema }[];
    const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<
      string,
      { schema?: Schema }
    >;
    const type = Object.keys(content)[0];
    return {
      id: String(op.operationId),
      method: method as Operation['method'],
      path,
      role: (roles === 'public' ? 'public' : roles[0]) as Operation['role'],
      query: Object.fromEntries(
        parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      ),
      body: type === 'application/json' ? (content[type]?.schema ?? {}) : null,
      content: !type
        ? null
        : type === 'application/json'
          ? 'json'
          : type.startsWith('multipart/')
            ? 'multipart'
            : 'raw',
    };
  }),
);

/** An object with `key` as an own enumerable property, even `__proto__`. */
function withKey(target: Json, key: string, value: unknown): Json {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

const HUGE = 'x'.repeat(200_000);
const HUGE_EMOJI = '💥'.repeat(40_000);

/** Strings that break careless servers. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '\ud800', 'a\udfff', '\udbff\udbff', 'x\ud83d', '\udca9y'),
  fc.constantFrom(HUGE, HUGE_EMOJI, '', ' ', '%00', '\\u0000', "'; drop table users; --", '../../etc/passwd'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Values of the wrong kind or shape for any field. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, -1, 0, 1e308, -0, 2 ** 53 + 1, [], {}),
  fc.integer({ min: 20, max: 2_000 }).chain((d) => fc.boolean().map((o) => nested(d, o))),
  fc
    .constantFrom('__proto__', 'constructor', 'prototype')
    .map((key) => withKey({}, key, { polluted: true, isAdmin: true })),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

function typedString(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.format) {
    case 'email':
      return fc.constantFrom('ann@acme-corp.io', 'x@y', 'not-an-email');
    case 'uri':
    case 'url':
      return fc.constantFrom('https://acme-corp.io/a.pdf', 'http://127.0.0.1/x', 'file:///etc/passwd');
    case 'uuid':
      return fc.constantFrom('00000000-0000-4000-8000-000000000000', 'not-a-uuid');
    default:
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('Total revenue 2023', '2024-02-30', 'worker', 'pdf', 'sk_live_x'),
      );
  }
}

const arbitraryCache = new Map<Schema, fc.Arbitrary<unknown>>();

/** A value shaped by the schema most of the time, and a nasty one some of the time, at every level. */
function fromSchema(input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  const cached = arbitraryCache.get(schema);
  if (cached && depth > 0) return cached;
  const typed = typedFromSchema(schema, depth);
  const mixed = fc.oneof({ weight: 10, arbitrary: typed }, { weight: 1, arbitrary: nastyValue });
  if (depth > 0) arbitraryCache.set(schema, mixed);
  return mixed;
}

function typedFromSchema(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (depth > 4) return fc.constant(null);
  if (type === 'object' || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    const known = fc.record(Object.fromEntries(properties.map(([k, v]) => [k, fromSchema(v, depth + 1)])), {
      requiredKeys: [],
    });
    const extra =
      typeof schema.additionalProperties === 'object'
        ? fc.dictionary(fc.string({ maxLength: 10 }), fromSchema(schema.additionalProperties, depth + 1), {
            maxKeys: 3,
          })
        : fc.constant({});
    const junk = fc.dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'extra', 'a\u0000b', '\ud800'),
        fc.string({ maxLength: 8 }),
      ),
      nastyValue,
      { maxKeys: 2 },
    );
    return fc.tuple(known, extra, fc.option(junk, { freq: 3 })).map(([k, e, j]) => {
      const out: Json = {};
      for (const part of [k, e, j ?? {}])
        for (const [key, value] of Object.entries(part)) withKey(out, key, value);
      return out;
    });
  }
  if (type === 'array') return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
  if (type === 'string') {
    // A plausible value with one bad character in it: `ann\u0000@acme-corp.io` passes an email check.
    const base = typedString(schema);
    const salted = fc
      .tuple(base, fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat(40))
      .map(([v, bad, at]) => (typeof v === 'string' ? `${v.slice(0, at)}${bad}${v.slice(at)}` : v));
    return fc.oneof({ weight: 3, arbitrary: base }, { weight: 1, arbitrary: salted });
  }
  if (type === 'integer') return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer());
  if (type === 'number') return fc.double();
  if (type === 'boolean') return fc.boolean();
  return fc.jsonValue({ maxDepth: 2 });
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD's bytes, as a browser sends it). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function queryText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value);
  }
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const names = [...Object.keys(op.query), 'page', 'limit', 'unknown_key'];
  const value = (name: string) => {
    const schema = resolve(op.query[name]);
    return fc.oneof(
      // A prototype-less object (fast-check's JSON values make some) has no String(): sent as JSON.
      { weight: 3, arbitrary: typedFromSchema(schema, 3).map(queryText) },
      { weight: 1, arbitrary: nastyString.filter((s) => s.length < 5_000) },
    );
  };
  const pair = fc
    .constantFrom(...names)
    .chain((name) => value(name).map((v) => `${encode(name)}=${encode(v)}`));
  const raw = fc.constantFrom('search=%00', 'search=%ED%A0%80', 'page=%zz', 'status=a&status=b', 'a[b]=1');
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: pair }, { weight: 1, arbitrary: raw }), { maxLength: 4 })
    .map((pairs) => pairs.join('&'));
}

const ids = fc.constantFrom(
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '%27%3B--',
  '%00',
  '%ED%A0%80',
  'x'.repeat(2_000),
  'workers',
);

/** A multipart body: the boundary kept or dropped, cut short or whole, odd fields and file names. */
const multipart = fc
  .record({
    fields: fc.array(
      fc.tuple(
        fc.constantFrom('document_type', 'file', 'extra', '__proto__'),
        fc.oneof(typedString({}), nastyString),
      ),
      { maxLength: 3 },
    ),
    filename: fc.oneof(
      fc.constantFrom('report.pdf', 'Rechnung-März-café.pdf', 'a\u0000.pdf', '\ud800.pdf', '../../x.pdf'),
      fc.string({ maxLength: 20 }),
    ),
    encodedName: fc.boolean(),
    bytes: fc.constantFrom('%PDF-1.4\n%%EOF\n', 'name,value\na,1\n', '', '\u0000\u0001'),
    boundary: fc.constantFrom('b0', '', null),
    truncate: fc.boolean(),
  })
  .map((m) => {
    const b = 'b0';
    const parts = m.fields.map(
      ([name, value]) =>
        `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value).slice(0, 1_000)}\r\n`,
    );
    const disposition = m.encodedName
      ? `filename*=UTF-8''${encodeURIComponent(m.filename.replace(/[\ud800-\udfff]/g, '\ufffd'))}`
      : `filename="${m.filename.replace(/["\r\n]/g, '')}"`;
    parts.push(
      `--${b}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n${m.bytes}\r\n`,
    );
    let body = `${parts.join('')}--${b}--\r\n`;
    if (m.truncate) body = body.slice(0, Math.floor(body.length / 2));
    const type =
      m.boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${m.boundary || '""'}`;
    return { body: Buffer.from(body, 'utf8'), type };
  });

const idempotencyKey = fc.option(
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    fc.constantFrom('x'.repeat(300), 'ä-latin1-\xff'),
  ),
  { freq: 3 },
);

describe('fuzzing every operation of the OpenAPI document', () => {
  let ctx: TestContext;
  const tokens = new Map<string, string>();
  let cases = 0;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    // Billing configured against a local fake, so its operations are fuzzed past "not configured".
    stripe = await startFakeStripe();
    ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
        STRIPE_API_BASE: stripe.url,
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_BUSINESS: 'price_business',
      },
    });
    for (const role of ['requester', 'worker', 'admin'] as const)
      tokens.set(role, (await createUser(ctx.database.db, role)).auth);
  });
  afterAll(async () => {
    console.log(
      `fuzz: ${cases} cases over ${operations.length} operations of the OpenAPI document (seed ${SEED}), 0 answers ≥ 500`,
    );
    await ctx.close();
    await stripe.close();
  });

  it('covers every operation of the document', () => {
    expect(operations.length).toBe(ENDPOINTS.length);
  });

  // Logging out would end the session the other operations use.
  const fuzzable = operations.filter((op) => op.id !== 'logout');
  it.each(fuzzable.map((op) => [op.id, op] as const))(
    '%s never answers ≥ 500 and always explains an error',
    async (_id, op) => {
      const auth = tokens.get(op.role === 'public' ? 'requester' : op.role) ?? '';
      const body =
        op.content === 'json'
          ? fc.oneof(
              { weight: 4, arbitrary: fromSchema(op.body ?? {}) },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
            )
          : op.content === 'multipart'
            ? multipart
            : op.content === 'raw'
              ? fc.string({ maxLength: 200 })
              : fc.option(fromSchema({ type: 'object' }), { freq: 4 });
      await fc.assert(
        fc.asyncProperty(body, queryFor(op), ids, idempotencyKey, async (payload, query, id, key) => {
          cases++;
          const path = op.path.replace(/\{(\w+)\}/g, (_m, name) => (name === 'kind' ? 'workers' : id));
          let call = request(ctx.app)
            [op.method](query ? `${path}?${query}` : path)
            .set('Authorization', auth);
          if (key) call = call.set('Idempotency-Key', key);
          let res: request.Response;
          if (op.content === 'multipart') {
            const m = payload as { body: Buffer; type: string };
            res = await call.set('Content-Type', m.type).send(m.body);
          } else if (op.content === 'raw') {
            res = await call
              .set('Content-Type', 'application/json')
              .set('Stripe-Signature', 't=1,v1=00')
              .send(String(payload));
          } else if (payload === null || payload === undefined) {
            res = await call;
          } else {
            res = await call.set('Content-Type', 'application/json').send(JSON.stringify(payload));
          }
          const sent = op.content === 'multipart' ? '(multipart)' : JSON.stringify(payload)?.slice(0, 500);
          expect(
            res.status,
            `${op.method} ${path}?${query} ${sent} → ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
    },
  );
});
