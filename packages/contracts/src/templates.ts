import { defineEndpoint } from './endpoint';
import { CheckList, type CheckSpec, checkReferenceProblems, FieldList, type FieldSpec } from './fields';
import { DocumentTypeSchema, TemplateId } from './requests';
import { z } from './zod';

// DESIGN §13: templates a requester defines once (document type, fields, checks) and submits with.

const TemplateName = z.string().trim().min(1, 'Name the template').max(100);

function refineChecks(t: { fields: FieldSpec[]; checks?: CheckSpec[] | undefined }, ctx: z.RefinementCtx) {
  for (const problem of checkReferenceProblems(t.fields, [], t.checks ?? []))
    ctx.addIssue({ code: 'custom', path: ['checks', ...problem.path], message: problem.message });
}

const templateShape = {
  name: TemplateName,
  document_type: DocumentTypeSchema,
  fields: FieldList.min(1, 'Add at least one field'),
  checks: CheckList.default([]),
  /** DESIGN §14: false keeps reviews of this template's documents from teaching the extractor. */
  learning: z.boolean().default(true),
};

export const CreateTemplateBody = z
  .strictObject({
    ...templateShape,
    /** Admins only: the requester the template belongs to. */
    requester_id: z.uuid().optional(),
  })
  .superRefine(refineChecks)
  .meta({ id: 'CreateTemplateBody' });
export type CreateTemplateBody = z.infer<typeof CreateTemplateBody>;

/** PUT replaces the template's definition as a whole. */
export const UpdateTemplateBody = z
  .strictObject(templateShape)
  .superRefine(refineChecks)
  .meta({ id: 'UpdateTemplateBody' });
export type UpdateTemplateBody = z.infer<typeof UpdateTemplateBody>;

export const Template = z
  .object({
    template_id: z.string(),
    name: z.string(),
    document_type: DocumentTypeSchema,
    fields: FieldList,
    checks: CheckList,
    learning: z.boolean(),
    /** A starting template every requester sees: it cannot be edited, only copied. */
    builtin: z.boolean(),
    /** The owner; null for built-ins. */
    requester_id: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof Template>;

export const TemplateListQuery = z.strictObject({ requester_id: z.uuid().optional() });
export const TemplateOwnerQuery = z.strictObject({ requester_id: z.uuid().optional() });
export const TemplateListResponse = z
  .object({ templates: z.array(Template) })
  .meta({ id: 'TemplateListResponse' });
export const TemplateParams = z.object({ id: TemplateId });

const money = (name: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  type: 'money',
  ...extra,
});
const itemColumns = [
  { name: 'description', type: 'text' },
  { name: 'quantity', type: 'number' },
  { name: 'unit_price', type: 'money' },
  { name: 'amount', type: 'money' },
] as const satisfies FieldSpec['columns'];

/** The starting templates (DESIGN §13), listed to everyone with `builtin: true`. */
export const BUILTIN_TEMPLATES: readonly {
  id: string;
  name: string;
  document_type: z.infer<typeof DocumentTypeSchema>;
  fields: FieldSpec[];
  checks: CheckSpec[];
}[] = [
  {
    id: 'invoice',
    name: 'Invoice',
    document_type: 'pdf',
    fields: [
      { name: 'invoice_number', type: 'identifier', required: true },
      { name: 'vendor', type: 'text' },
      { name: 'invoice_date', type: 'date', required: true },
      { name: 'due_date', type: 'date' },
      {
        name: 'line_items',
        type: 'line_items',
        columns: [...itemColumns, { name: 'tax_code', type: 'text' }],
      },
      money('subtotal'),
      money('tax'),
      money('total', { required: true }),
    ],
    checks: [
      { kind: 'sum', name: 'items add up to the subtotal', of: ['line_items.amount'], equals: 'subtotal' },
      { kind: 'sum', name: 'subtotal and tax add up to the total', of: ['subtotal', 'tax'], equals: 'total' },
      {
        kind: 'before',
        name: 'invoice date is not after the due date',
        first: 'invoice_date',
        second: 'due_date',
      },
    ],
  },
  {
    id: 'receipt',
    name: 'Receipt',
    document_type: 'receipt_mapping',
    fields: [
      { name: 'merchant', type: 'text' },
      { name: 'receipt_number', type: 'identifier' },
      { name: 'date', type: 'date', required: true },
      { name: 'line_items', type: 'line_items', columns: [...itemColumns] },
      money('subtotal'),
      money('tax'),
      money('total', { required: true }),
    ],
    checks: [
      { kind: 'sum', name: 'items add up to the subtotal', of: ['line_items.amount'], equals: 'subtotal' },
      { kind: 'sum', name: 'subtotal and tax add up to the total', of: ['subtotal', 'tax'], equals: 'total' },
    ],
  },
  {
    id: 'card_statement',
    name: 'Card statement',
    document_type: 'credit_card',
    fields: [
      { name: 'card_last_four', type: 'identifier' },
      { name: 'statement_date', type: 'date' },
      { name: 'payment_due_date', type: 'date' },
      money('previous_balance'),
      money('payments'),
      money('purchases'),
      money('fees'),
      money('interest'),
      money('new_balance', { required: true }),
      money('minimum_payment'),
      {
        name: 'transactions',
        type: 'line_items',
        columns: [
          { name: 'date', type: 'date' },
          { name: 'description', type: 'text' },
          { name: 'amount', type: 'money' },
        ],
      },
    ],
    checks: [
      {
        kind: 'equal',
        name: 'balance carries forward',
        left: ['previous_balance', 'purchases', 'fees', 'interest'],
        right: ['payments', 'new_balance'],
      },
      {
        kind: 'before',
        name: 'statement date is not after the due date',
        first: 'statement_date',
        second: 'payment_due_date',
      },
    ],
  },
  {
    id: 'lease',
    name: 'Lease',
    document_type: 'lease',
    fields: [
      { name: 'landlord', type: 'text' },
      { name: 'tenant', type: 'text' },
      { name: 'premises', type: 'text' },
      { name: 'commencement_date', type: 'date', required: true },
      { name: 'expiration_date', type: 'date' },
      money('monthly_rent', { required: true }),
      money('security_deposit'),
      {
        name: 'rent_schedule',
        type: 'line_items',
        columns: [
          { name: 'period', type: 'text' },
          { name: 'monthly_rent', type: 'money' },
        ],
      },
    ],
    checks: [
      {
        kind: 'before',
        name: 'the lease starts before it ends',
        first: 'commencement_date',
        second: 'expiration_date',
      },
    ],
  },
  {
    id: '10k_key_figures',
    name: '10-K key figures',
    document_type: 'sec',
    fields: [
      money('total_revenue', { required: true }),
      money('operating_income'),
      money('net_income', { required: true }),
      money('total_assets'),
      money('total_liabilities'),
      money('total_equity'),
      money('cash_and_equivalents'),
      { name: 'diluted_eps', type: 'number' },
    ],
    checks: [
      {
        kind: 'equal',
        name: 'assets equal liabilities plus equity',
        left: ['total_assets'],
        right: ['total_liabilities', 'total_equity'],
        tolerance: 1,
      },
    ],
  },
];

const owners = ['requester', 'admin'] as const;

export const templateEndpoints = {
  create: defineEndpoint({
    id: 'createTemplate',
    method: 'post',
    path: '/templates',
    summary:
      'Save a template: a document type, typed fields (line items too) and checks. Admins pass `requester_id`.',
    tag: 'templates',
    access: owners,
    scope: 'templates:manage',
    body: CreateTemplateBody,
    response: { status: 201, schema: Template, description: 'The stored template' },
  }),
  list: defineEndpoint({
    id: 'listTemplates',
    method: 'get',
    path: '/templates',
    summary: "The built-in templates and the requester's own. Admins pass `requester_id`.",
    tag: 'templates',
    access: owners,
    scope: 'requests:write',
    query: TemplateListQuery,
    response: { status: 200, schema: TemplateListResponse, description: 'The templates' },
  }),
  get: defineEndpoint({
    id: 'getTemplate',
    method: 'get',
    path: '/templates/{id}',
    summary: 'One template: a built-in by its name (`invoice`) or a saved one by its id',
    tag: 'templates',
    access: owners,
    scope: 'requests:write',
    params: TemplateParams,
    query: TemplateOwnerQuery,
    response: { status: 200, schema: Template, description: 'The template' },
  }),
  update: defineEndpoint({
    id: 'updateTemplate',
    method: 'put',
    path: '/templates/{id}',
    summary: 'Replace a saved template (built-ins cannot be edited: copy one with POST)',
    tag: 'templates',
    access: owners,
    scope: 'templates:manage',
    params: TemplateParams,
    query: TemplateOwnerQuery,
    body: UpdateTemplateBody,
    response: { status: 200, schema: Template, description: 'The template' },
  }),
  remove: defineEndpoint({
    id: 'deleteTemplate',
    method: 'delete',
    path: '/templates/{id}',
    summary: 'Delete a saved template (requests made with it keep their fields)',
    tag: 'templates',
    access: owners,
    scope: 'templates:manage',
    params: TemplateParams,
    query: TemplateOwnerQuery,
    response: { status: 204, description: 'Deleted' },
  }),
} as const;
