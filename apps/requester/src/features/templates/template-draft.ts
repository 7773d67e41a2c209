import {
  type CheckKind,
  type CheckSpec,
  type ColumnSpec,
  CreateTemplateBody,
  type DocumentType,
  type FieldSpec,
  type FieldType,
  type ScalarFieldType,
} from '@sieve/contracts';
import type { Template, TemplateInput } from './api';

/**
 * The template editor's state (DESIGN §13), as the requester types it: numbers and lists as the
 * text in their boxes, turned into the contract's shape by `templateBody` and checked with the
 * API's own schema.
 */

let nextKey = 0;
function newKey(prefix: string): string {
  nextKey += 1;
  return `${prefix}-${nextKey}`;
}

export interface ColumnDraft {
  key: string;
  name: string;
  type: ScalarFieldType;
  required: boolean;
  /** What the editor does not show (a column's pattern, bounds), kept as the template had it. */
  rest: Omit<ColumnSpec, 'name' | 'type' | 'required'>;
}

export interface FieldDraft {
  key: string;
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
  pattern: string;
  min: string;
  max: string;
  /** The allowed answers, one a line. */
  values: string;
  currency: string;
  columns: ColumnDraft[];
}

export interface CheckDraft {
  key: string;
  kind: CheckKind;
  name: string;
  /** sum: the references added up, and what they equal. */
  of: string[];
  equals: string;
  /** equal: both sides added. */
  left: string[];
  right: string[];
  /** before: the earlier date and the later one. */
  first: string;
  second: string;
  tolerance: string;
}

export interface TemplateDraft {
  name: string;
  documentType: DocumentType;
  fields: FieldDraft[];
  checks: CheckDraft[];
  learning: boolean;
}

/** Which of a field's rules apply to its type (the contract takes them all; these mean something). */
export const RULES_OF: Record<FieldType, readonly ('pattern' | 'bounds' | 'values' | 'currency')[]> = {
  number: ['bounds', 'values'],
  money: ['bounds', 'currency'],
  percent: ['bounds'],
  date: [],
  text: ['pattern', 'values'],
  identifier: ['pattern', 'values'],
  boolean: [],
  line_items: [],
};

const NUMERIC: readonly FieldType[] = ['number', 'money', 'percent'];

export function emptyColumn(name = '', type: ScalarFieldType = 'text'): ColumnDraft {
  return { key: newKey('column'), name, type, required: false, rest: {} };
}

export function emptyField(name = '', type: FieldType = 'text'): FieldDraft {
  return {
    key: newKey('field'),
    name,
    type,
    required: false,
    description: '',
    pattern: '',
    min: '',
    max: '',
    values: '',
    currency: '',
    columns:
      type === 'line_items'
        ? [
            emptyColumn('description', 'text'),
            emptyColumn('quantity', 'number'),
            emptyColumn('amount', 'money'),
          ]
        : [],
  };
}

export function emptyCheck(kind: CheckKind = 'sum'): CheckDraft {
  return {
    key: newKey('check'),
    kind,
    name: '',
    of: [],
    equals: '',
    left: [],
    right: [],
    first: '',
    second: '',
    tolerance: '',
  };
}

export function emptyTemplate(): TemplateDraft {
  return { name: '', documentType: 'pdf', fields: [emptyField()], checks: [], learning: true };
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

function fieldDraft(field: FieldSpec): FieldDraft {
  return {
    key: newKey('field'),
    name: field.name,
    type: field.type,
    required: field.required === true,
    description: field.description ?? '',
    pattern: field.pattern ?? '',
    min: text(field.min),
    max: text(field.max),
    values: (field.values ?? []).map(String).join('\n'),
    currency: field.currency ?? '',
    columns: (field.columns ?? []).map(({ name, type, required, ...rest }) => ({
      key: newKey('column'),
      name,
      type,
      required: required === true,
      rest,
    })),
  };
}

function checkDraft(check: CheckSpec): CheckDraft {
  const draft = { ...emptyCheck(check.kind), name: check.name ?? '' };
  if (check.kind === 'sum')
    return { ...draft, of: [...check.of], equals: check.equals, tolerance: text(check.tolerance) };
  if (check.kind === 'equal')
    return { ...draft, left: [...check.left], right: [...check.right], tolerance: text(check.tolerance) };
  return { ...draft, first: check.first, second: check.second };
}

/** A stored template in the editor; `asCopy` names it anew (built-ins are copied, never edited). */
export function draftFromTemplate(template: Template, asCopy = false): TemplateDraft {
  return {
    name: asCopy ? `${template.name} (copy)` : template.name,
    documentType: template.document_type,
    fields: template.fields.map(fieldDraft),
    checks: template.checks.map(checkDraft),
    learning: template.learning,
  };
}

/** A number box's text as the contract takes it: a number, or the text itself for the schema to refuse. */
function numberOf(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : (trimmed as unknown as number);
}

function fieldBody(field: FieldDraft): FieldSpec {
  const rules = RULES_OF[field.type];
  const body: Record<string, unknown> = { name: field.name.trim(), type: field.type };
  if (field.required) body.required = true;
  if (field.description.trim()) body.description = field.description.trim();
  if (rules.includes('pattern') && field.pattern.trim()) body.pattern = field.pattern.trim();
  if (rules.includes('bounds')) {
    body.min = numberOf(field.min);
    body.max = numberOf(field.max);
  }
  if (rules.includes('values')) {
    const values = field.values
      .split('\n')
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) body.values = field.type === 'number' ? values.map((v) => numberOf(v) ?? v) : values;
  }
  if (rules.includes('currency') && field.currency.trim()) body.currency = field.currency.trim();
  if (field.type === 'line_items')
    body.columns = field.columns.map((c) => ({
      ...c.rest,
      name: c.name.trim(),
      type: c.type,
      ...(c.required ? { required: true } : {}),
    }));
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body as FieldSpec;
}

function checkBody(check: CheckDraft): CheckSpec {
  const name = check.name.trim() ? { name: check.name.trim() } : {};
  const tolerance = numberOf(check.tolerance);
  const withTolerance = tolerance === undefined ? {} : { tolerance };
  if (check.kind === 'sum')
    return { kind: 'sum', ...name, of: check.of, equals: check.equals, ...withTolerance };
  if (check.kind === 'equal')
    return { kind: 'equal', ...name, left: check.left, right: check.right, ...withTolerance };
  return { kind: 'before', ...name, first: check.first, second: check.second };
}

/** The POST/PUT /templates body. */
export function templateBody(draft: TemplateDraft): TemplateInput {
  return {
    name: draft.name.trim(),
    document_type: draft.documentType,
    fields: draft.fields.map(fieldBody),
    checks: draft.checks.map(checkBody),
    learning: draft.learning,
  };
}

/**
 * What a check may name: the fields of `types`, and each line-items column of those types as
 * `items.column` (a sum adds a column up; DESIGN §13).
 */
export function referencesOf(draft: TemplateDraft, kind: 'number' | 'date'): string[] {
  const fits = (type: FieldType) => (kind === 'date' ? type === 'date' : NUMERIC.includes(type));
  const refs: string[] = [];
  for (const field of draft.fields) {
    const name = field.name.trim();
    if (!name) continue;
    if (field.type === 'line_items') {
      for (const column of field.columns)
        if (column.name.trim() && fits(column.type)) refs.push(`${name}.${column.name.trim()}`);
    } else if (fits(field.type)) refs.push(name);
  }
  return refs;
}

/** Messages keyed by the body's path (`fields.2.columns.0.name`, `checks.0`), from the API's schema. */
export type TemplateErrors = Record<string, string>;

export function validateTemplate(draft: TemplateDraft): TemplateErrors {
  const parsed = CreateTemplateBody.safeParse(templateBody(draft));
  if (parsed.success) return {};
  const errors: TemplateErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The first message at or under a path (a check's own and its parts'). */
export function errorUnder(errors: TemplateErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const prefix = `${path}.`;
  const key = Object.keys(errors).find((k) => k.startsWith(prefix));
  return key ? errors[key] : undefined;
}
