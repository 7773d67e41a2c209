import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 128 characters long',
  weak: 'Password must be at least 8 characters long and contain a mix of letters and numbers.',
  mismatch: 'Passwords do not match',
} as const;

/** Passwords: 8–128 characters with letters and numbers (spec 01 §5, DESIGN §5). Null when fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return PASSWORD_MESSAGES.weak;
  return null;
}
