import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/app';
import { createUser } from '../../test/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const api = () => request(ctx.app);

const invoiceTemplate = {
  name: 'Supplier invoices',
  document_type: 'pdf',
  fields: [
    { name: 'Invoice number', type: 'identifier', required: true },
    { name: 'Subtotal', type: 'money', currency: 'eur' },
    { name: 'Tax', type: 'money' },
    { name: 'Total', type: 'money' },
    {
      name: 'Items',
      type: 'line_items',
      columns: [
        { name: 'description', type: 'text' },
        { name: 'amount', type: 'money' },
      ],
    },
  ],
  checks: [{ kind: 'sum', name: 'items add up', of: ['Items.amount'], equals: 'Subtotal' }],
};

describe('templates (DESIGN §13)', () => {
  it('lets a requester save, list, read, replace and delete their own templates', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const created = await api()
      .post('/api/v1/templates')
      .set('Authorization', owner.auth)
      .send(invoiceTemplate);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Supplier invoices', builtin: false, requester_id: owner.id });
    expect(created.body.fields[1]).toEqual({ name: 'Subtotal', type: 'money', currency: 'EUR' });
    const id = created.body.template_id as string;

    const list = await api().get('/api/v1/templates').set('Authorization', owner.auth);
    expect(list.status).toBe(200);
    const names = list.body.templates.map((t: { template_id: string }) => t.template_id);
    expect(names).toEqual(['invoice', 'receipt', 'card_statement', 'lease', '10k_key_figures', id]);

    const replaced = await api()
      .put(`/api/v1/templates/${id}`)
      .set('Authorization', owner.auth)
      .send({ ...invoiceTemplate, name: 'Invoices v2' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.name).toBe('Invoices v2');
    expect((await api().get(`/api/v1/templates/${id}`).set('Authorization', owner.auth)).body.name).toBe(
      'Invoices v2',
    );

    expect((await api().delete(`/api/v1/templates/${id}`).set('Authorization', owner.auth)).status).toBe(204);
    const gone = await api().get(`/api/v1/templates/${id}`).set('Authorization', owner.auth);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('TEMPLATE_NOT_FOUND');
  });

  it("hides one requester's templates from another, and lets admins manage any via requester_id", async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const other = await createUser(ctx.database.db, 'requester');
    const admin = await createUser(ctx.database.db, 'admin');
    const id = (await api().post('/api/v1/templates').set('Authorization', owner.auth).send(invoiceTemplate))
      .body.template_id as string;

    expect((await api().get(`/api/v1/templates/${id}`).set('Authorization', other.auth)).status).toBe(404);
    expect(
      (await api().put(`/api/v1/templates/${id}`).set('Authorization', other.auth).send(invoiceTemplate))
        .status,
    ).toBe(404);
    const otherList = await api().get('/api/v1/templates').set('Authorization', other.auth);
    expect(otherList.body.templates.every((t: { builtin: boolean }) => t.builtin)).toBe(true);

    const noOwner = await api()
      .post('/api/v1/templates')
      .set('Authorization', admin.auth)
      .send(invoiceTemplate);
    expect(noOwner.status).toBe(400);
    const forOther = await api()
      .post('/api/v1/templates')
      .set('Authorization', admin.auth)
      .send({ ...invoiceTemplate, requester_id: other.id });
    expect(forOther.status).toBe(201);
    expect(forOther.body.requester_id).toBe(other.id);
    const adminList = await api()
      .get(`/api/v1/templates?requester_id=${owner.id}`)
      .set('Authorization', admin.auth);
    expect(adminList.body.templates.filter((t: { builtin: boolean }) => !t.builtin)).toHaveLength(1);
    expect((await api().delete(`/api/v1/templates/${id}`).set('Authorization', admin.auth)).status).toBe(204);

    const worker = await createUser(ctx.database.db, 'worker');
    expect((await api().get('/api/v1/templates').set('Authorization', worker.auth)).status).toBe(403);
  });

  it("lets only an admin list another requester's templates, and submit on their behalf with one", async () => {
    const owner = await createUser(ctx.database.db, 'requester', { email: 'templates-owner@acme-corp.io' });
    const other = await createUser(ctx.database.db, 'requester');
    const admin = await createUser(ctx.database.db, 'admin');
    const id = (await api().post('/api/v1/templates').set('Authorization', owner.auth).send(invoiceTemplate))
      .body.template_id as string;

    const snooping = await api()
      .get(`/api/v1/templates?requester_id=${owner.id}`)
      .set('Authorization', other.auth);
    expect(snooping.status).toBe(403);
    expect(snooping.body.code).toBe('FORBIDDEN');
    const listed = await api()
      .get(`/api/v1/templates?requester_id=${owner.id}`)
      .set('Authorization', admin.auth);
    expect(listed.status).toBe(200);
    const names = listed.body.templates.map((t: { name: string; builtin: boolean }) => [t.name, t.builtin]);
    expect(names).toContainEqual(['Supplier invoices', false]);
    expect(names).toContainEqual(['Invoice', true]);

    const submit = (email: string, templateId: string) =>
      api()
        .post('/api/v1/admin/requests')
        .set('Authorization', admin.auth)
        .send({
          on_behalf_of: email,
          document_type: 'pdf',
          metadata: { url: 'https://acme-corp.io/invoice.pdf', template_id: templateId },
        });
    const made = await submit('templates-owner@acme-corp.io', id);
    expect(made.status).toBe(201);
    const detail = await api()
      .get(`/api/v1/requests/${made.body.request_id}`)
      .set('Authorization', owner.auth);
    expect(detail.body.metadata.template_id).toBe(id);
    expect(detail.body.metadata.fields.map((f: { name: string }) => f.name)).toContain('Items');

    // Another requester's template is not this one's to use.
    const foreign = await submit(other.email, id);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('INVALID_INPUT');
    expect(foreign.body.fields).toHaveProperty(['metadata.template_id']);
  });

  it('lists built-ins that cannot be edited or deleted, only copied', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const builtin = await api().get('/api/v1/templates/receipt').set('Authorization', owner.auth);
    expect(builtin.status).toBe(200);
    expect(builtin.body).toMatchObject({
      builtin: true,
      requester_id: null,
      document_type: 'receipt_mapping',
    });
    const edit = await api()
      .put('/api/v1/templates/receipt')
      .set('Authorization', owner.auth)
      .send({ ...invoiceTemplate });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('TEMPLATE_READ_ONLY');
    expect((await api().delete('/api/v1/templates/receipt').set('Authorization', owner.auth)).status).toBe(
      409,
    );

    const {
      template_id: _id,
      builtin: _b,
      requester_id: _r,
      created_at: _c,
      updated_at: _u,
      ...copy
    } = builtin.body;
    const copied = await api()
      .post('/api/v1/templates')
      .set('Authorization', owner.auth)
      .send({ ...copy, name: 'My receipts' });
    expect(copied.status).toBe(201);
    expect(copied.body.fields).toEqual(builtin.body.fields);
  });

  it('refuses unknown keys, repeated names and checks over missing fields, naming them', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const post = (body: object) =>
      api().post('/api/v1/templates').set('Authorization', owner.auth).send(body);
    const unknown = await post({ ...invoiceTemplate, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVALID_INPUT');
    const repeated = await post({
      ...invoiceTemplate,
      fields: [...invoiceTemplate.fields, { name: 'total', type: 'number' }],
    });
    expect(repeated.status).toBe(400);
    expect(Object.values(repeated.body.fields)).toContain('Field names must be unique');
    const dangling = await post({
      ...invoiceTemplate,
      checks: [{ kind: 'before', first: 'Issued', second: 'Due' }],
    });
    expect(dangling.status).toBe(400);
    expect(dangling.body.fields['checks.0']).toMatch(/Issued/);
  });

  it('needs templates:manage on an API key to change templates and requests:write to use them', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const keyWith = async (scopes: string[]) =>
      (await api().post('/api/v1/keys').set('Authorization', owner.auth).send({ name: 'k', scopes })).body
        .secret as string;
    const writer = await keyWith(['requests:write']);
    const manager = await keyWith(['templates:manage']);
    const refused = await api()
      .post('/api/v1/templates')
      .set('Authorization', `Bearer ${writer}`)
      .send(invoiceTemplate);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_SCOPE_MISSING');
    const made = await api()
      .post('/api/v1/templates')
      .set('Authorization', `Bearer ${manager}`)
      .send(invoiceTemplate);
    expect(made.status).toBe(201);
    expect((await api().get('/api/v1/templates').set('Authorization', `Bearer ${writer}`)).status).toBe(200);
    const submitted = await api()
      .post('/api/v1/requests')
      .set('Authorization', `Bearer ${writer}`)
      .send({
        document_type: 'pdf',
        metadata: { url: 'https://acme-corp.io/invoice.pdf', template_id: made.body.template_id },
      });
    expect(submitted.status).toBe(201);
  });

  it('puts the template into a request, inline fields and checks overriding it by name', async () => {
    const owner = await createUser(ctx.database.db, 'requester');
    const id = (await api().post('/api/v1/templates').set('Authorization', owner.auth).send(invoiceTemplate))
      .body.template_id as string;
    const submitted = await api()
      .post('/api/v1/requests')
      .set('Authorization', owner.auth)
      .send({
        document_type: 'pdf',
        metadata: {
          url: 'https://acme-corp.io/invoice.pdf',
          template_id: id,
          fields: [
            { name: 'Total', type: 'money', currency: 'GBP' },
            { name: 'PO number', type: 'identifier' },
          ],
        },
      });
    expect(submitted.status).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(requests)
      .where(eq(requests.id, submitted.body.request_id));
    const fields = row?.metadata.fields as { name: string; currency?: string }[];
    expect(fields.map((f) => f.name)).toEqual([
      'Invoice number',
      'Subtotal',
      'Tax',
      'Total',
      'Items',
      'PO number',
    ]);
    expect(fields[3]?.currency).toBe('GBP');
    expect(row?.metadata.checks).toEqual(invoiceTemplate.checks);
    expect(row?.metadata.template_id).toBe(id);

    const missing = await api()
      .post('/api/v1/requests')
      .set('Authorization', owner.auth)
      .send({ document_type: 'pdf', metadata: { url: 'https://acme-corp.io/a.pdf', template_id: 'nope' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ 'metadata.template_id': 'No such template' });
    const badCheck = await api()
      .post('/api/v1/requests')
      .set('Authorization', owner.auth)
      .send({
        document_type: 'pdf',
        metadata: {
          url: 'https://acme-corp.io/a.pdf',
          template_id: id,
          checks: [{ kind: 'sum', of: ['Freight'], equals: 'Total' }],
        },
      });
    expect(badCheck.status).toBe(400);
    expect(badCheck.body.detail).toMatch(/Freight/);
  });
});
