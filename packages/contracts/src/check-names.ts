import type { CheckSpec } from './fields';

// issue 42: apart from fields.ts, whose zod schemas a browser app that only runs checks (the
// reviewer's form, through checks.ts) would otherwise bundle and build at load.

/** An absolute amount: a sum or equality within it passes (DESIGN §13). */
export const DEFAULT_CHECK_TOLERANCE = 0.01;

/** The field names a check refers to (`items.amount` refers to `items`). */
export function checkReferences(check: CheckSpec): string[] {
  const refs =
    check.kind === 'sum'
      ? [...check.of, check.equals]
      : check.kind === 'equal'
        ? [...check.left, ...check.right]
        : [check.first, check.second];
  return refs;
}

/** A check's name: its own, or one made from what it compares ("subtotal + tax = total"). */
export function checkName(check: CheckSpec): string {
  if (check.name) return check.name;
  if (check.kind === 'sum') return `${check.of.join(' + ')} = ${check.equals}`;
  if (check.kind === 'equal') return `${check.left.join(' + ')} = ${check.right.join(' + ')}`;
  return `${check.first} ≤ ${check.second}`;
}
