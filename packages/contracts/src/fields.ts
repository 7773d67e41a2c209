import { REQUEST_MESSAGES } from './catalog';
import { checkName, checkReferences } from './check-names';
import { isDateDataPoint, isIdentifierDataPoint } from './normalise';
import { z } from './zod';

// DESIGN §13: typed fields, line items and checks across fields.

export const SCALAR_FIELD_TYPES = [
  'number',
  'money',
  'percent',
  'date',
  'text',
  'identifier',
  'boolean',
] as const;
export type ScalarFieldType = (typeof SCALAR_FIELD_TYPES)[number];
export const FIELD_TYPES = [...SCALAR_FIELD_TYPES, 'line_items'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  number: 'Number',
  money: 'Money',
  percent: 'Percent',
  date: 'Date',
  text: 'Text',
  identifier: 'Identifier',
  boolean: 'Yes / no',
  line_items: 'Line items',
};

export const CHECK_KINDS = ['sum', 'equal', 'before'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** A failed check leaves its fields' confidence at most this: below the High band, so two reviews. */
export const FAILED_CHECK_CONFIDENCE = 0.6;

/**
 * Keys a line-item row carries beside its columns (its box and each cell's confidence), and the
 * CSV export's row number: no column may take these names.
 */
export const LINE_ITEM_RESERVED_KEYS = ['anchor', 'confidence', 'row'] as const;

export const MAX_FIELDS = 100;
export const MAX_COLUMNS = 30;
export const MAX_CHECKS = 50;

/** A field or column name: trimmed, not blank, no commas (spec 02 §5). */
export const FieldName = z
  .string()
  .trim()
  .min(1, 'Name the field')
  .max(200)
  .refine((v) => !v.includes(','), REQUEST_MESSAGES.noCommas);

const Bound = z.number().finite();

const scalarShape = {
  name: FieldName,
  type: z.enum(SCALAR_FIELD_TYPES),
  required: z.boolean().optional(),
  /** What the field holds, in words the extractor and the LLM providers read. */
  description: z.string().trim().max(1000).optional(),
  /** A regular expression the answer must match (text and identifiers). */
  pattern: z.string().max(500).optional(),
  min: Bound.optional(),
  max: Bound.optional(),
  /** The allowed answers (text, identifier, number). */
  values: z
    .array(z.union([z.string().max(500), z.number()]))
    .max(500)
    .optional(),
  /** money: the ISO 4217 code to assume when the document states none. */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'A currency is a three-letter ISO 4217 code (USD, EUR)')
    .transform((c) => c.toUpperCase())
    .optional(),
};

function patternProblem(pattern: string | undefined): string | null {
  if (pattern === undefined) return null;
  try {
    new RegExp(pattern);
    return null;
  } catch {
    return 'Not a valid regular expression';
  }
}

function refineScalar(
  field: { pattern?: string | undefined; min?: number | undefined; max?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const bad = patternProblem(field.pattern);
  if (bad) ctx.addIssue({ code: 'custom', path: ['pattern'], message: bad });
  if (field.min !== undefined && field.max !== undefined && field.min > field.max)
    ctx.addIssue({ code: 'custom', path: ['max'], message: 'max is below min' });
}

/** A column of a line-items field: a scalar field whose name is not one of the row's own keys. */
export const ColumnSpec = z
  .strictObject(scalarShape)
  .superRefine((column, ctx) => {
    refineScalar(column, ctx);
    if ((LINE_ITEM_RESERVED_KEYS as readonly string[]).includes(column.name.toLowerCase()))
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `"${column.name}" is reserved in a line item; name the column otherwise`,
      });
  })
  .meta({ id: 'ColumnSpec' });
export type ColumnSpec = z.infer<typeof ColumnSpec>;

/**
 * One field the requester asks for (DESIGN §13): a scalar of its type, or `line_items` with typed
 * `columns`. Unknown keys are refused.
 */
export const FieldSpec = z
  .strictObject({
    ...scalarShape,
    type: z.enum(FIELD_TYPES),
    columns: z.array(ColumnSpec).min(1).max(MAX_COLUMNS).optional(),
  })
  .superRefine((field, ctx) => {
    refineScalar(field, ctx);
    if (field.type === 'line_items') {
      if (!field.columns?.length)
        ctx.addIssue({ code: 'custom', path: ['columns'], message: 'Line items need their columns' });
      const seen = new Set<string>();
      for (const [i, column] of (field.columns ?? []).entries()) {
        const key = column.name.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['columns', i, 'name'],
            message: 'Column names must be unique',
          });
        seen.add(key);
      }
    } else if (field.columns) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'Only line_items fields have columns' });
    }
  })
  .meta({ id: 'FieldSpec' });
export type FieldSpec = z.infer<typeof FieldSpec>;

export const FieldList = z
  .array(FieldSpec)
  .max(MAX_FIELDS)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    for (const [i, field] of fields.entries()) {
      const key = field.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Field names must be unique' });
      seen.add(key);
    }
  });

const CheckName = z.string().trim().min(1).max(200).optional();
const FieldRef = z.string().trim().min(1).max(200);
const Tolerance = z.number().finite().min(0).optional();

/** `of` adds up to `equals`: fields, or `items.column` for a line-items column. */
const SumCheck = z.strictObject({
  kind: z.literal('sum'),
  name: CheckName,
  of: z.array(FieldRef).min(1).max(MAX_FIELDS),
  equals: FieldRef,
  tolerance: Tolerance,
});
/** The fields of `left` added equal those of `right` added. */
const EqualCheck = z.strictObject({
  kind: z.literal('equal'),
  name: CheckName,
  left: z.array(FieldRef).min(1).max(MAX_FIELDS),
  right: z.array(FieldRef).min(1).max(MAX_FIELDS),
  tolerance: Tolerance,
});
/** The date `first` is on or before the date `second`. */
const BeforeCheck = z.strictObject({
  kind: z.literal('before'),
  name: CheckName,
  first: FieldRef,
  second: FieldRef,
});

export const CheckSpec = z
  .discriminatedUnion('kind', [SumCheck, EqualCheck, BeforeCheck], {
    error: 'A check has kind sum, equal or before',
  })
  .meta({ id: 'CheckSpec' });
export type CheckSpec = z.infer<typeof CheckSpec>;

export const CheckList = z.array(CheckSpec).max(MAX_CHECKS);

/** A check's outcome on a result (DESIGN §13), with a reviewer's reason when submitted anyway. */
export const CheckResult = z
  .object({
    name: z.string(),
    kind: z.enum(CHECK_KINDS),
    passed: z.boolean(),
    /** In a reviewer's words: "items add up to 41.20, total says 44.20". */
    detail: z.string(),
    /** The fields the check involves. */
    fields: z.array(z.string()),
    /** Why the reviewer submitted the result with this check failing. */
    reason: z.string().optional(),
  })
  .meta({ id: 'CheckResult' });
export type CheckResult = z.infer<typeof CheckResult>;

/** What the reviewer sends for a failed check they submit anyway. */
export const CheckReason = z.strictObject({
  name: z.string().trim().min(1).max(200),
  reason: z.string().trim().min(1, 'Say why the check is wrong here').max(1000),
});

/**
 * What is wrong with checks against the fields they may use (names of fields, of data points,
 * and `line_items.column`): one message per bad reference, keyed by its path.
 */
export function checkReferenceProblems(
  fields: readonly Pick<FieldSpec, 'name' | 'type' | 'columns'>[],
  dataPoints: readonly string[],
  checks: readonly CheckSpec[],
): { path: (string | number)[]; message: string }[] {
  const byName = new Map(fields.map((f) => [f.name.toLowerCase(), f]));
  const plain = new Set(dataPoints.map((d) => d.toLowerCase()));
  const problems: { path: (string | number)[]; message: string }[] = [];
  const names = new Set<string>();
  for (const [i, check] of checks.entries()) {
    const name = checkName(check).toLowerCase();
    if (names.has(name)) problems.push({ path: [i, 'name'], message: 'Check names must be unique' });
    names.add(name);
    for (const ref of checkReferences(check)) {
      const lower = ref.toLowerCase();
      if (byName.has(lower) || plain.has(lower)) continue;
      const dot = lower.indexOf('.');
      const items = dot > 0 ? byName.get(lower.slice(0, dot)) : undefined;
      const column = dot > 0 ? lower.slice(dot + 1) : '';
      if (items?.type === 'line_items' && items.columns?.some((c) => c.name.toLowerCase() === column))
        continue;
      problems.push({ path: [i], message: `The check refers to "${ref}", which is not a field` });
    }
  }
  return problems;
}

const MONEY_NAME =
  /(?:^| )(?:total|subtotal|sub total|amount|amt|price|cost|tax|vat|gst|tip|fee|fees|charge|charges|balance|due|paid|payment|payments|rent|deposit|revenue|revenues|sales|income|profit|loss|assets|liabilities|equity|cash|debt|expenses?|tendered|change|rounding|discount|service|credit|debit|spend|spending|purchases?)(?: |$)/i;
const PERCENT_NAME =
  /(?:%|(?:^| )(?:percent|percentage|pct|rate|margin|yield|apr|apy|ratio|share of)(?: |$))/i;
const BOOLEAN_NAME = /^(?:is|has|was|were|does|did|can|should|paid in full)(?: |$)/i;

function words(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s.:]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The type a plain data point's name implies (DESIGN §13: "Receipt number" → identifier, "Total" →
 * money, "Invoice date" → date); a value already read refines it (a number under a text name is a
 * number). Only a label: the plain data point's value stays as today.
 */
export function inferFieldType(name: string, value?: unknown): ScalarFieldType {
  const w = words(name);
  if (isIdentifierDataPoint(name)) return 'identifier';
  if (typeof value === 'boolean' || BOOLEAN_NAME.test(w))
    return typeof value === 'number' ? 'number' : 'boolean';
  if (isDateDataPoint(name)) return typeof value === 'number' ? 'number' : 'date';
  if (typeof value === 'string' && value !== '') return /^\d{8}$/.test(value) ? 'date' : 'text';
  if (PERCENT_NAME.test(w)) return 'percent';
  if (MONEY_NAME.test(w)) return 'money';
  return typeof value === 'number' ? 'number' : 'text';
}
