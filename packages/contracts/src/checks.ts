import { checkName, checkReferences, DEFAULT_CHECK_TOLERANCE } from './check-names';
import type { CheckResult, CheckSpec } from './fields';

/**
 * Checks across fields (DESIGN §13): sums, equalities within a tolerance, and date order, run on
 * a result (the AI's, and again on the reviewed one). A check whose values are not all there is
 * not run and says so; it does not fail. Shared: the API runs them on results, the reviewer's
 * form on what the reviewer typed.
 */

type ResultItems = Record<string, unknown>;

function itemValue(item: unknown): unknown {
  return item && typeof item === 'object' && !Array.isArray(item) && 'value' in item
    ? (item as { value: unknown }).value
    : item;
}

/** The result's key for a field name, matched without regard to case. */
function keyOf(result: ResultItems, name: string): string | undefined {
  if (name in result) return name;
  const lower = name.toLowerCase();
  return Object.keys(result).find((k) => k.toLowerCase() === lower);
}

/** The field a reference belongs to: `items.amount` → `items`. */
export function referencedField(result: ResultItems, ref: string): string | undefined {
  const direct = keyOf(result, ref);
  if (direct) return direct;
  const dot = ref.indexOf('.');
  return dot > 0 ? keyOf(result, ref.slice(0, dot)) : undefined;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** A number a reference stands for: a field's value, or a line-items column added up. */
function numberOf(result: ResultItems, ref: string): number | null {
  const direct = keyOf(result, ref);
  if (direct) return asNumber(itemValue(result[direct]));
  const dot = ref.indexOf('.');
  const field = dot > 0 ? keyOf(result, ref.slice(0, dot)) : undefined;
  const rows = field ? itemValue(result[field]) : undefined;
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const column = ref.slice(dot + 1).toLowerCase();
  let sum = 0;
  let any = false;
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const key = Object.keys(row).find((k) => k.toLowerCase() === column);
    const n = key ? asNumber((row as Record<string, unknown>)[key]) : null;
    if (n !== null) {
      sum += n;
      any = true;
    }
  }
  return any ? Math.round(sum * 1e6) / 1e6 : null;
}

function dateOf(result: ResultItems, ref: string): string | null {
  const key = keyOf(result, ref);
  const value = key ? itemValue(result[key]) : null;
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{8}$/.test(text) ? text : null;
}

/** Amounts as a reviewer reads them: cents, or more digits when the difference is finer. */
const fmt = (n: number) =>
  Number.isInteger(n) ? String(n) : Math.abs(n) < 0.01 ? String(Number(n.toPrecision(2))) : n.toFixed(2);
const label = (refs: string[]) => refs.join(' + ');
const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance + 1e-9;

/** Several references added: missing ones count 0 as long as one is there (a receipt with no tax line). */
function added(result: ResultItems, refs: string[]): { total: number; missing: string[] } | null {
  const values = refs.map((r) => numberOf(result, r));
  if (values.every((v) => v === null)) return null;
  return {
    total: Math.round(values.reduce<number>((a, v) => a + (v ?? 0), 0) * 1e6) / 1e6,
    missing: refs.filter((_, i) => values[i] === null),
  };
}

function notRun(check: CheckSpec, fields: string[], what: string): CheckResult {
  return { name: checkName(check), kind: check.kind, passed: true, detail: `Not checked: ${what}`, fields };
}

export function runCheck(result: ResultItems, check: CheckSpec): CheckResult {
  const name = checkName(check);
  const fields = [...new Set(checkReferences(check).map((ref) => referencedField(result, ref) ?? ref))];
  if (check.kind === 'sum' || check.kind === 'equal') {
    const tolerance = check.tolerance ?? DEFAULT_CHECK_TOLERANCE;
    const leftRefs = check.kind === 'sum' ? check.of : check.left;
    const rightRefs = check.kind === 'sum' ? [check.equals] : check.right;
    const left = added(result, leftRefs);
    const right = added(result, rightRefs);
    if (!left) return notRun(check, fields, `${label(leftRefs)} not found`);
    if (!right) return notRun(check, fields, `${label(rightRefs)} not found`);
    const passed = near(left.total, right.total, tolerance);
    const detail =
      check.kind === 'sum'
        ? passed
          ? `${label(leftRefs)} add up to ${fmt(left.total)}, as ${label(rightRefs)} says`
          : `${label(leftRefs)} add up to ${fmt(left.total)}, ${label(rightRefs)} says ${fmt(right.total)}`
        : passed
          ? `${label(leftRefs)} = ${fmt(left.total)} = ${label(rightRefs)}`
          : `${label(leftRefs)} = ${fmt(left.total)}, ${label(rightRefs)} = ${fmt(right.total)} (off by ${fmt(Math.abs(left.total - right.total))})`;
    return { name, kind: check.kind, passed, detail, fields };
  }
  const first = dateOf(result, check.first);
  const second = dateOf(result, check.second);
  if (!first || !second) return notRun(check, fields, `${!first ? check.first : check.second} has no date`);
  const passed = first <= second;
  return {
    name,
    kind: 'before',
    passed,
    detail: passed
      ? `${check.first} ${first} is not after ${check.second} ${second}`
      : `${check.first} ${first} is after ${check.second} ${second}`,
    fields,
  };
}

export function runChecks(result: ResultItems, checks: readonly CheckSpec[]): CheckResult[] {
  return checks.map((check) => runCheck(result, check));
}
