import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createReviewTask } from '../test/tasks';
import { createUser } from '../test/users';
import { inputProblems, MAX_INPUT_DEPTH } from './storable';

let ctx: TestContext;
let auth: Record<'requester' | 'worker' | 'admin', string>;
let taskId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const [requester, worker, admin] = await Promise.all([
    createUser(ctx.database.db, 'requester'),
    createUser(ctx.database.db, 'worker'),
    createUser(ctx.database.db, 'admin'),
  ]);
  auth = { requester: requester.auth, worker: worker.auth, admin: admin.auth };
  taskId = (await createReviewTask(ctx.database.db, requester.id)).task.id;
});
afterAll(() => ctx.close());

type Role = keyof typeof auth | 'anonymous';
/** [where, role, method, path, body builder (the bad string in), the field the answer must name] */
type Case = [string, Role, 'get' | 'post', (bad: string) => string, ((bad: string) => object) | null, string];

const pdf = (metadata: object) => ({ document_type: 'pdf', metadata });
const q = (bad: string) => encodeURIComponent(bad);

/** The fields the security review found answering 500 with a NUL (issue 41), and more. */
const cases: Case[] = [
  [
    'login email',
    'anonymous',
    'post',
    () => '/auth/login',
    (b) => ({ email: `a${b}@x.io`, password: 'x' }),
    'email',
  ],
  [
    'reset email',
    'anonymous',
    'post',
    () => '/auth/password-reset',
    (b) => ({ email: `a${b}@x.io` }),
    'email',
  ],
  [
    'register full_name',
    'anonymous',
    'post',
    () => '/auth/register',
    (b) => ({
      email: 'new@acme-corp.io',
      password: 'Secret123',
      full_name: `Ann${b}`,
      user_type: 'requester',
    }),
    'full_name',
  ],
  [
    'key name',
    'requester',
    'post',
    () => '/keys',
    (b) => ({ name: `ci${b}`, scopes: ['requests:read'] }),
    'name',
  ],
  ['webhook url', 'requester', 'post', () => '/webhooks', (b) => ({ url: `https://acme.io/h${b}` }), 'url'],
  [
    'request data_points',
    'requester',
    'post',
    () => '/requests',
    (b) => pdf({ url: 'https://acme.io/a.pdf', data_points: [`Revenue${b}`] }),
    'metadata.data_points.0',
  ],
  [
    'request text',
    'requester',
    'post',
    () => '/requests',
    (b) => ({ document_type: 'custom_prompt', metadata: { custom_prompt: 'x', text: `t${b}` } }),
    'metadata.text',
  ],
  [
    'request url',
    'requester',
    'post',
    () => '/requests',
    (b) => pdf({ url: `https://acme.io/a${b}.pdf` }),
    'metadata.url',
  ],
  [
    'batch item',
    'requester',
    'post',
    () => '/requests/batch',
    (b) => ({ requests: [pdf({ url: 'https://acme.io/a.pdf' }), pdf({ url: `https://acme.io/${b}` })] }),
    'requests.1.metadata.url',
  ],
  [
    'review value',
    'worker',
    'post',
    () => `/worker/tasks/${taskId}/review`,
    (b) => ({ response: { confidence_score: -0.1, result: { total: { value: `1${b}` } } } }),
    'response.result.total.value',
  ],
  ['requests search', 'requester', 'get', (b) => `/requests?search=${q(b)}`, null, 'search'],
  ['admin requests search', 'admin', 'get', (b) => `/admin/requests?search=${q(b)}`, null, 'search'],
  ['admin workers search', 'admin', 'get', (b) => `/admin/workers?search=${q(b)}`, null, 'search'],
  ['admin requesters search', 'admin', 'get', (b) => `/admin/requesters?search=${q(b)}`, null, 'search'],
  ['worker tasks search', 'worker', 'get', (b) => `/worker/tasks?search=${q(b)}`, null, 'search'],
  ['worker next search', 'worker', 'get', (b) => `/worker/tasks/next?search=${q(b)}`, null, 'search'],
];

function call(role: Role, method: 'get' | 'post', path: string, body: object | null) {
  let req = request(ctx.app)[method](`/api/v1${path}`);
  if (role !== 'anonymous') req = req.set('Authorization', auth[role]);
  // Sent as JSON text so a lone surrogate reaches the server as the `\ud800` escape JSON allows.
  return body ? req.set('Content-Type', 'application/json').send(JSON.stringify(body)) : req;
}

describe('characters Postgres cannot store are a 400 naming the field, before the database', () => {
  for (const [label, bad] of [
    ['NUL', '\u0000'],
    ['a lone surrogate', '\ud800'],
  ] as const) {
    // A query string is bytes: a lone surrogate cannot be encoded in it (see the test below).
    const which = label === 'NUL' ? cases : cases.filter((c) => c[4] !== null);
    it.each(which)(`%s with ${label}`, async (_where, role, method, path, body, field) => {
      const res = await call(role, method, path(bad), body ? body(bad) : null);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
      expect(res.body.detail).toContain(field);
    });
  }

  it('reads the UTF-8 bytes of a surrogate in a query as U+FFFD, not a 500', async () => {
    const res = await call('requester', 'get', '/requests?search=%ED%A0%80', null);
    expect(res.status).toBe(200);
  });

  it('still accepts paired surrogates (emoji) and other Unicode', async () => {
    const res = await call('requester', 'post', '/keys', { name: 'CI 💥 März', scopes: ['requests:read'] });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('CI 💥 März');
  });

  it('names a __proto__ key inside a review result (never dropped silently)', async () => {
    const res = await call('worker', 'post', `/worker/tasks/${taskId}/review`, {
      response: {
        confidence_score: -0.1,
        result: JSON.parse('{"total": {"value": 1}, "__proto__": {"polluted": true}}'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'response.result.__proto__': 'Unknown field' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body nested deeper than any contract, without overflowing the stack', async () => {
    const deep = `${'['.repeat(5_000)}"x"${']'.repeat(5_000)}`;
    const res = await request(ctx.app)
      .post('/api/v1/requests')
      .set('Authorization', auth.requester)
      .set('Content-Type', 'application/json')
      .send(`{"document_type":"pdf","metadata":{"url":"https://acme.io/a.pdf","deep":${deep}}}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(Object.values(res.body.fields ?? {}).join()).toContain(`${MAX_INPUT_DEPTH} levels`);
  });
});

describe('inputProblems', () => {
  it('names bad keys with the bad character escaped, and leaves good input alone', () => {
    expect(inputProblems({ ok: ['a', { b: 'ü😀' }] })).toEqual({});
    expect(Object.keys(inputProblems({ 'a\u0000b': 1 }))).toEqual(['a\\u0000b']);
    expect(inputProblems({ a: ['\udc00x'] })).toEqual({ 'a.0': expect.stringMatching(/surrogate/) });
  });
});
