import { AppError } from './app-error';

/**
 * Characters Postgres cannot store in text or jsonb (NUL), and UTF-16 halves that encode no
 * character (a lone surrogate turns into U+FFFD or fails in jsonb): refused before any query.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Keys that would reach an object's prototype when a body is merged or spread. */
const PROTOTYPE_KEYS = new Set(['__proto__']);

/** Deeper than any body the contract describes; a deeper one is refused before parsing it further. */
export const MAX_INPUT_DEPTH = 32;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** What is wrong with one string, as the `fields` message says it. */
function unstorableReason(text: string): string {
  return text.includes('\u0000')
    ? 'Contains a NUL character (U+0000), which cannot be stored'
    : 'Contains an unpaired UTF-16 surrogate (not valid Unicode)';
}

/**
 * Every field of a parsed body, query or params value that cannot be stored or is not allowed:
 * NUL and lone surrogates in any string or key, `__proto__` keys, nesting deeper than
 * MAX_INPUT_DEPTH. Walks without recursion, so a deeply nested body cannot overflow the stack.
 * `prefix` names the place (`query`, `file` …) when the path alone would be ambiguous.
 */
export function inputProblems(value: unknown, prefix?: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const stack: { value: unknown; path: string[]; depth: number }[] = [
    { value, path: prefix ? [prefix] : [], depth: 0 },
  ];
  const name = (path: string[]) => (path.length > 0 ? path.join('.') : '_');
  while (stack.length > 0 && Object.keys(problems).length < 20) {
    const item = stack.pop() as (typeof stack)[number];
    if (typeof item.value === 'string') {
      if (UNSTORABLE.test(item.value)) problems[name(item.path)] ??= unstorableReason(item.value);
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_INPUT_DEPTH) {
      problems[name(item.path)] ??= `Nested more than ${MAX_INPUT_DEPTH} levels deep`;
      continue;
    }
    const entries = Array.isArray(item.value)
      ? item.value.map((v, i) => [String(i), v] as const)
      : Object.entries(item.value as Record<string, unknown>);
    for (const [key, child] of entries) {
      const path = [...item.path, key];
      if (PROTOTYPE_KEYS.has(key)) {
        problems[name(path)] ??= 'Unknown field';
        continue;
      }
      if (UNSTORABLE.test(key)) {
        // The key itself cannot be named as it is: name it with the bad characters escaped.
        problems[name([...item.path, JSON.stringify(key).slice(1, -1)])] ??= unstorableReason(key);
        continue;
      }
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return problems;
}

/** Throws 400 INVALID_INPUT naming each field with a character the database cannot store. */
export function assertStorable(value: unknown, prefix?: string) {
  const problems = inputProblems(value, prefix);
  const names = Object.keys(problems);
  if (names.length === 0) return;
  throw new AppError(
    'INVALID_INPUT',
    `Please check your input and try again (${names.join(', ')}).`,
    problems,
  );
}
