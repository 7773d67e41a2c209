import { PASSWORD_MESSAGES } from '@sieve/contracts';

/** spec 01 §5: the live red hint under Confirm Password, once something is typed there. */
export function mismatchHint({ password, confirmPassword }: { password: string; confirmPassword: string }) {
  return confirmPassword.length > 0 && password !== confirmPassword ? PASSWORD_MESSAGES.mismatch : null;
}
