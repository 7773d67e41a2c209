import { type CheckResult, type CheckSpec, runChecks } from '@sieve/contracts';
import { Banner, TextField } from '@sieve/ui';
import './check-panel.css';

/** The checks a task's values are held to (DESIGN §13), as the request asked for them. */
export function checksOf(metadata: Record<string, unknown>): CheckSpec[] {
  return Array.isArray(metadata.checks) ? (metadata.checks as CheckSpec[]) : [];
}

/** The checks that fail on the values as the reviewer has them now. */
export function failedChecks(checks: CheckSpec[], result: Record<string, unknown>): CheckResult[] {
  return checks.length ? runChecks(result, checks).filter((c) => !c.passed) : [];
}

/** The reasons to send: one per failed check the reviewer explained. */
export function checkReasons(
  failed: CheckResult[],
  reasons: Record<string, string>,
): { name: string; reason: string }[] {
  return failed.flatMap((c) => {
    const reason = reasons[c.name]?.trim();
    return reason ? [{ name: c.name, reason }] : [];
  });
}

/**
 * DESIGN §13: each check that fails on the current values, in its words ("items add up to 41.20,
 * subtotal says 44.20"), with a reason to submit anyway. The server refuses a review with a
 * failed check and no reason.
 */
export function CheckPanel({
  failed,
  reasons,
  onReason,
}: {
  failed: CheckResult[];
  reasons: Record<string, string>;
  onReason: (name: string, reason: string) => void;
}) {
  if (failed.length === 0) return null;
  return (
    <Banner tone="info" className="sv-review__banner sv-review__checks">
      <strong>Checks that fail on these values:</strong>{' '}
      <span>Correct the values, or give a reason for each check to submit anyway.</span>
      <ul className="sv-review__check-list">
        {failed.map((check) => (
          <li key={check.name} className="sv-check">
            <span className="sv-check__words">
              <strong>{check.name}</strong>: {check.detail}
            </span>
            <TextField
              className="sv-check__reason"
              label={`Reason to submit "${check.name}" anyway`}
              placeholder="Why it does not hold here (required)"
              required
              value={reasons[check.name] ?? ''}
              onChange={(event) => onReason(check.name, event.target.value)}
            />
          </li>
        ))}
      </ul>
    </Banner>
  );
}
