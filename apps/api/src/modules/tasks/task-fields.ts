import { FIELD_TYPES, type FieldSpec, type FieldType } from '@sieve/contracts';
import { AppError } from '../../http/app-error';

/** The typed fields a task's request asked for (DESIGN §13), as the extraction job stored them. */
export function taskFields(metadata: Record<string, unknown>): FieldSpec[] {
  return Array.isArray(metadata.fields) ? (metadata.fields as FieldSpec[]) : [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);

/** Each field's type: the request's, else the one the AI's answer carries (inferred from its name). */
function fieldTypes(metadata: Record<string, unknown>, aiResult: unknown): Map<string, FieldType> {
  const types = new Map<string, FieldType>();
  const aiItems = isPlainObject(aiResult) && isPlainObject(aiResult.result) ? aiResult.result : {};
  for (const [name, item] of Object.entries(aiItems))
    if (isPlainObject(item) && isFieldType(item.type)) types.set(name, item.type);
  for (const field of taskFields(metadata)) types.set(field.name, field.type);
  return types;
}

/**
 * A review's result with each item's `type` kept (DESIGN §13: every answer carries its field's
 * type). The type is the request's, not the reviewer's: an item without one gets the field's (a bare
 * value becomes `{value, type}`), and one naming another type is refused.
 */
export function withFieldTypes(
  result: Record<string, unknown>,
  task: { metadata: Record<string, unknown>; aiResult: unknown },
): Record<string, unknown> {
  const types = fieldTypes(task.metadata, task.aiResult);
  if (types.size === 0) return result;
  const out: Record<string, unknown> = {};
  const wrong: Record<string, string> = {};
  for (const [name, item] of Object.entries(result)) {
    const type = types.get(name);
    if (!type) {
      out[name] = item;
      continue;
    }
    const given = isPlainObject(item) ? item.type : undefined;
    if (given !== undefined && given !== null && given !== type) {
      wrong[`response.result.${name}.type`] = `${name} is a ${type} field; its type cannot be changed`;
      continue;
    }
    out[name] = isPlainObject(item) ? { ...item, type } : { value: item, type };
  }
  if (Object.keys(wrong).length > 0)
    throw new AppError('INVALID_INPUT', 'A field’s type is the request’s and cannot be changed.', wrong);
  return out;
}
