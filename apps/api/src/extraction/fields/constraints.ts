import type { FieldSpec } from '@sieve/contracts';

/**
 * What a typed answer breaks of its field's own rules (DESIGN §13: required, pattern, min/max,
 * allowed values), in a reviewer's words. An answer that breaks one goes to review like a failed check.
 */
export function constraintProblems(field: FieldSpec, value: unknown): string[] {
  const problems: string[] = [];
  const empty = value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  if (empty) return field.required ? [`${field.name} is required but was not found`] : [];
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min)
      problems.push(`${field.name} ${value} is below its minimum ${field.min}`);
    if (field.max !== undefined && value > field.max)
      problems.push(`${field.name} ${value} is above its maximum ${field.max}`);
  }
  if (typeof value === 'string' && field.pattern !== undefined) {
    let matches = true;
    try {
      matches = new RegExp(field.pattern).test(value);
    } catch {
      // The contract refuses a pattern that does not compile; nothing to hold the value to.
    }
    if (!matches) problems.push(`${field.name} "${value}" does not match its pattern ${field.pattern}`);
  }
  if (field.values?.length && (typeof value === 'string' || typeof value === 'number')) {
    const allowed = field.values.some((v) =>
      typeof v === 'number' ? v === value : v.toLowerCase() === String(value).toLowerCase(),
    );
    if (!allowed) problems.push(`${field.name} "${value}" is not one of its allowed values`);
  }
  return problems;
}
