import type { FieldSpec } from '@sieve/contracts';

/** The typed fields a task's request asked for (DESIGN §13), as the extraction job stored them. */
export function taskFields(metadata: Record<string, unknown>): FieldSpec[] {
  return Array.isArray(metadata.fields) ? (metadata.fields as FieldSpec[]) : [];
}
