import { BUILTIN_TEMPLATES, FIELD_TYPES } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import type { Template } from './api';
import {
  draftFromTemplate,
  emptyCheck,
  emptyField,
  emptyTemplate,
  referencesOf,
  templateBody,
  validateTemplate,
} from './template-draft';

const invoice = BUILTIN_TEMPLATES.find((t) => t.id === 'invoice');
const asTemplate = (t: NonNullable<typeof invoice>): Template => ({
  template_id: t.id,
  name: t.name,
  document_type: t.document_type,
  fields: t.fields,
  checks: t.checks,
  learning: true,
  builtin: true,
  requester_id: null,
  created_at: null,
  updated_at: null,
});

describe('the template editor’s draft (DESIGN §13)', () => {
  it('round-trips a built-in template into the API’s body, copied under a new name', () => {
    if (!invoice) throw new Error('no invoice template');
    const draft = draftFromTemplate(asTemplate(invoice), true);
    expect(draft.name).toBe('Invoice (copy)');
    const body = templateBody(draft);
    expect(body.fields).toEqual(invoice.fields);
    expect(body.checks).toEqual(invoice.checks);
    expect(validateTemplate(draft)).toEqual({});
  });

  it('takes a field of every type, with rules typed as the contract wants them', () => {
    const draft = emptyTemplate();
    draft.name = 'Every type';
    draft.fields = FIELD_TYPES.map((type) => emptyField(`f_${type}`, type));
    const money = draft.fields.find((f) => f.type === 'money');
    if (money) Object.assign(money, { min: '0', max: '1000', currency: 'eur', required: true });
    const number = draft.fields.find((f) => f.type === 'number');
    if (number) number.values = '1\n2\n';
    const body = templateBody(draft);
    expect(validateTemplate(draft)).toEqual({});
    expect(body.fields.find((f) => f.type === 'money')).toEqual({
      name: 'f_money',
      type: 'money',
      required: true,
      min: 0,
      max: 1000,
      currency: 'eur',
    });
    expect(body.fields.find((f) => f.type === 'number')?.values).toEqual([1, 2]);
    expect(body.fields.find((f) => f.type === 'line_items')?.columns?.map((c) => c.name)).toEqual([
      'description',
      'quantity',
      'amount',
    ]);
  });

  it('offers line-items columns to sums and refuses a check on a field that is gone', () => {
    const draft = emptyTemplate();
    draft.name = 'Invoices';
    draft.fields = [
      emptyField('items', 'line_items'),
      emptyField('subtotal', 'money'),
      emptyField('due', 'date'),
    ];
    expect(referencesOf(draft, 'number')).toEqual(['items.quantity', 'items.amount', 'subtotal']);
    expect(referencesOf(draft, 'date')).toEqual(['due']);
    draft.checks = [{ ...emptyCheck('sum'), of: ['items.amount'], equals: 'subtotal' }];
    expect(validateTemplate(draft)).toEqual({});
    draft.fields = draft.fields.filter((f) => f.name !== 'subtotal');
    expect(validateTemplate(draft)['checks.0']).toBe('The check refers to "subtotal", which is not a field');
  });

  it('names what is missing', () => {
    const errors = validateTemplate(emptyTemplate());
    expect(errors.name).toBe('Name the template');
    expect(errors['fields.0.name']).toBe('Name the field');
  });
});
