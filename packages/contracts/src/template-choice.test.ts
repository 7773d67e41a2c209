import { describe, expect, it } from 'vitest';
import { type TemplateChoice, templateChoices, templateFieldsLine } from './template-choice';

const invoice: TemplateChoice = {
  template_id: 'tpl_own',
  name: 'Supplier invoices',
  document_type: 'pdf',
  fields: [
    { name: 'Invoice number', type: 'identifier' },
    { name: 'Items', type: 'line_items' },
  ],
  checks: [{ kind: 'sum' }],
};
const receipt: TemplateChoice = { ...invoice, template_id: 'tpl_receipt', name: 'Receipt', checks: [] };

describe('template choices', () => {
  it('says what a template extracts, line items and checks included', () => {
    expect(templateFieldsLine(invoice)).toBe('Extracts Invoice number, Items (line items); 1 check.');
    expect(templateFieldsLine(receipt)).toBe('Extracts Invoice number, Items (line items).');
  });

  it('offers none, the own templates, then the built-ins, and keeps a chosen one not yet loaded', () => {
    const { options, chosen } = templateChoices([invoice], [receipt], 'tpl_own', 'pdf');
    expect(options.map((o) => o.label)).toEqual([
      'No template: data points only',
      'Supplier invoices',
      'Receipt (built-in)',
    ]);
    expect(chosen?.template_id).toBe('tpl_own');
    expect(templateChoices([], [], 'tpl_later', '').options.at(-1)).toEqual({
      value: 'tpl_later',
      label: 'tpl_later',
    });
  });

  it('warns when the template was made for another document type', () => {
    expect(templateChoices([invoice], [], 'tpl_own', 'pdf').warning).toBeUndefined();
    expect(templateChoices([invoice], [], 'tpl_own', 'csv').warning).toMatch(/^Made for PDF/);
  });
});
