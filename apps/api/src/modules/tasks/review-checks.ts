import { type CheckResult, type CheckSpec, runChecks } from '@sieve/contracts';
import { AppError } from '../../http/app-error';

/** The checks a task's values are held to (DESIGN §13), as the extraction job stored them. */
export function taskChecks(metadata: Record<string, unknown>): CheckSpec[] {
  return Array.isArray(metadata.checks) ? (metadata.checks as CheckSpec[]) : [];
}

type Reasons = { name: string; reason: string }[] | undefined;

function reasonFor(reasons: Reasons, name: string): string | undefined {
  const lower = name.toLowerCase();
  return reasons?.find((r) => r.name.toLowerCase() === lower)?.reason;
}

/**
 * A review's values checked again before they count: a check that still fails needs the
 * reviewer's reason (they may know better than the arithmetic: a discount printed nowhere), else
 * the review is refused with each failed check's words.
 */
export function assertChecksExplained(
  checks: readonly CheckSpec[],
  result: Record<string, unknown>,
  reasons: Reasons,
): void {
  if (checks.length === 0) return;
  const unexplained = runChecks(result, checks).filter((o) => !o.passed && !reasonFor(reasons, o.name));
  if (unexplained.length === 0) return;
  throw new AppError(
    'CHECKS_FAILED',
    `Some checks fail on these values: ${unexplained.map((o) => `${o.name} (${o.detail})`).join('; ')}. Correct them, or give a reason for each.`,
    Object.fromEntries(unexplained.map((o) => [`checks.${o.name}`, o.detail])),
  );
}

/** The checks of a final result, each failed one with the reason a reviewer gave for it. */
export function finalChecks(
  checks: readonly CheckSpec[],
  result: Record<string, unknown>,
  reviews: readonly { check_reasons?: Reasons }[],
): CheckResult[] | null {
  if (checks.length === 0) return null;
  return runChecks(result, checks).map((outcome) => {
    if (outcome.passed) return outcome;
    const reason = reviews.map((r) => reasonFor(r.check_reasons, outcome.name)).find(Boolean);
    return reason ? { ...outcome, reason } : outcome;
  });
}
