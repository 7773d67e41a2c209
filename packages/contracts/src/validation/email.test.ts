import { describe, expect, it } from 'vitest';
import { DISPOSABLE_DOMAINS, DISPOSABLE_WORDS } from './disposable-lists';
import { checkEmail, EMAIL_MESSAGES } from './email';
import { EMAIL_VECTORS } from './email-vectors';
import { PASSWORD_MESSAGES, passwordProblem } from './password';

describe('the shared email check', () => {
  it.each(EMAIL_VECTORS)('$email → $reason', ({ email, reason }) => {
    const result = checkEmail(email);
    if (reason === null) {
      expect(result).toEqual({ valid: true, email: email.trim().toLowerCase() });
    } else {
      expect(result).toMatchObject({ valid: false, reason, message: EMAIL_MESSAGES[reason] });
    }
  });

  it('has lists of the sizes the spec names', () => {
    expect(DISPOSABLE_DOMAINS.length).toBeGreaterThanOrEqual(12);
    expect(DISPOSABLE_WORDS.length).toBeGreaterThanOrEqual(150);
  });
});

describe('the password rule', () => {
  it.each([
    ['short1', PASSWORD_MESSAGES.tooShort],
    ['lettersonly', PASSWORD_MESSAGES.weak],
    ['1234567890', PASSWORD_MESSAGES.weak],
    ['x1'.repeat(65), PASSWORD_MESSAGES.tooLong],
    ['correct horse 9', null],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});
