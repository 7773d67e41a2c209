import { errorMessageFor } from '@sieve/auth';

export interface BulkOutcome {
  succeeded: string[];
  failed: { id: string; message: string }[];
}

/**
 * spec 02 §6: a bulk action issues one call per item. They run one after another (no burst on
 * the server, a clear audit order), and one failure does not stop the rest.
 */
export async function runForEach(
  ids: readonly string[],
  call: (id: string) => Promise<unknown>,
  fallback: string,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  for (const id of ids) {
    try {
      await call(id);
      outcome.succeeded.push(id);
    } catch (error) {
      outcome.failed.push({ id, message: errorMessageFor(error, fallback) });
    }
  }
  return outcome;
}

/** "Deactivated 2 reviewers." / "Deleted 1 of 3 requests. 2 failed: …" */
export function describeOutcome(
  outcome: BulkOutcome,
  verbPast: string,
  noun: { one: string; many: string },
): { message: string; tone: 'success' | 'error' } {
  const done = outcome.succeeded.length;
  const failed = outcome.failed.length;
  const total = done + failed;
  const nounFor = (n: number) => (n === 1 ? noun.one : noun.many);
  if (failed === 0) return { message: `${verbPast} ${done} ${nounFor(done)}.`, tone: 'success' };
  const reasons = [...new Set(outcome.failed.map((f) => f.message))].join(' ');
  const head =
    done === 0
      ? `${verbPast} none of ${total} ${nounFor(total)}.`
      : `${verbPast} ${done} of ${total} ${nounFor(total)}.`;
  return { message: `${head} ${failed} failed: ${reasons}`, tone: 'error' };
}
