import { describe, expect, it } from 'vitest';
import { inferFieldType } from './fields';
import { CreateRequestBody } from './requests';
import { BUILTIN_TEMPLATES, CreateTemplateBody } from './templates';

const url = 'https://acme.com/invoice.pdf';

function issues(metadata: Record<string, unknown>) {
  const parsed = CreateRequestBody.safeParse({ document_type: 'pdf', metadata: { url, ...metadata } });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('typed fields on a request (DESIGN §13)', () => {
  it('takes every field type, line items with typed columns', () => {
    expect(
      issues({
        fields: [
          { name: 'Receipt number', type: 'identifier', pattern: '^\\d+$' },
          { name: 'Total', type: 'money', currency: 'usd', min: 0 },
          { name: 'Tax rate', type: 'percent' },
          { name: 'Date', type: 'date', required: true },
          { name: 'Paid', type: 'boolean' },
          { name: 'Covers', type: 'number' },
          { name: 'Note', type: 'text', values: ['a', 'b'] },
          {
            name: 'Items',
            type: 'line_items',
            columns: [
              { name: 'description', type: 'text' },
              { name: 'amount', type: 'money' },
            ],
          },
        ],
        checks: [{ kind: 'sum', of: ['Items.amount'], equals: 'Total' }],
      }),
    ).toEqual({});
  });

  it('refuses unknown keys, commas, repeated names and columns on scalars', () => {
    expect(issues({ fields: [{ name: 'Total', type: 'money', colour: 'red' }] })).toHaveProperty(
      'metadata.fields.0',
    );
    expect(issues({ fields: [{ name: 'Net, gross', type: 'money' }] })).toHaveProperty(
      'metadata.fields.0.name',
    );
    expect(
      issues({
        fields: [
          { name: 'Total', type: 'money' },
          { name: 'total', type: 'number' },
        ],
      }),
    ).toEqual({ 'metadata.fields.1.name': 'Field names must be unique' });
    expect(
      issues({ fields: [{ name: 'Total', type: 'money', columns: [{ name: 'a', type: 'text' }] }] }),
    ).toHaveProperty('metadata.fields.0.columns');
    expect(issues({ fields: [{ name: 'Items', type: 'line_items' }] })).toHaveProperty(
      'metadata.fields.0.columns',
    );
    expect(
      issues({ fields: [{ name: 'Items', type: 'line_items', columns: [{ name: 'row', type: 'number' }] }] }),
    ).toHaveProperty('metadata.fields.0.columns.0.name');
  });

  it('refuses checks that name no field, and unknown check kinds', () => {
    expect(
      issues({
        fields: [{ name: 'Total', type: 'money' }],
        checks: [{ kind: 'sum', of: ['Subtotal'], equals: 'Total' }],
      }),
    ).toEqual({ 'metadata.checks.0': 'The check refers to "Subtotal", which is not a field' });
    expect(issues({ checks: [{ kind: 'avg', of: ['a'], equals: 'b' }] })).toHaveProperty(
      'metadata.checks.0.kind',
    );
    // A check over plain data points is fine; with a template the server checks the names.
    expect(
      issues({
        data_points: ['Subtotal', 'Total'],
        checks: [{ kind: 'sum', of: ['Subtotal'], equals: 'Total' }],
      }),
    ).toEqual({});
    expect(issues({ template_id: 'invoice', checks: [{ kind: 'sum', of: ['x'], equals: 'y' }] })).toEqual({});
  });

  it('infers the type of a plain data point from its name', () => {
    expect(inferFieldType('Receipt number')).toBe('identifier');
    expect(inferFieldType('Total')).toBe('money');
    expect(inferFieldType('Invoice date')).toBe('date');
    expect(inferFieldType('Gross margin %')).toBe('percent');
    expect(inferFieldType('Vendor', 'Acme')).toBe('text');
    expect(inferFieldType('Employees', 120)).toBe('number');
  });

  it('ships built-in templates that pass their own rules', () => {
    for (const builtin of BUILTIN_TEMPLATES) {
      const { id: _id, ...body } = builtin;
      expect(CreateTemplateBody.safeParse(body).success, builtin.id).toBe(true);
    }
  });
});
