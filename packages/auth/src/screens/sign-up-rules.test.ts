import { EMAIL_MESSAGES, EMAIL_VECTORS, PASSWORD_MESSAGES } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import {
  emailError,
  emailWarning,
  mismatchHint,
  needsInviteCode,
  SIGN_UP_MESSAGES,
  type SignUpData,
  validateSignUp,
} from './sign-up-rules';

const valid: SignUpData = {
  email: 'rae@company.io',
  password: 'secret123',
  confirmPassword: 'secret123',
  fullName: 'Rae Viewer',
  userType: 'worker',
  inviteCode: 'REV-1234',
};

const MESSAGE_OF_REASON = {
  invalid: EMAIL_MESSAGES.invalid,
  invalidDomain: EMAIL_MESSAGES.invalidDomain,
  disposable: EMAIL_MESSAGES.disposable,
} as const;

describe("the sign-up form's email check runs the shared vectors (spec 01 §5)", () => {
  it.each(EMAIL_VECTORS)('$email → $reason', ({ email, reason }) => {
    const expected = reason === null ? null : MESSAGE_OF_REASON[reason];
    expect(emailError(email)).toBe(expected);
    expect(validateSignUp({ ...valid, email }).email).toBe(expected ?? undefined);
    // only a disposable address shows the live warning
    expect(emailWarning(email)).toBe(reason === 'disposable' ? EMAIL_MESSAGES.disposable : null);
  });

  it('the live warning asks for a personal or work address', () => {
    expect(emailWarning('someone@mailinator.com')).toContain('personal or work email address');
  });
});

describe('sign-up rules (spec 01 §5)', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('requires the full name and the account type', () => {
    expect(validateSignUp({ ...valid, fullName: '   ', userType: '' })).toEqual({
      fullName: SIGN_UP_MESSAGES.fullNameRequired,
      userType: SIGN_UP_MESSAGES.userTypeRequired,
    });
  });

  it('requires an invite code for Reviewer and Admin only', () => {
    expect(needsInviteCode('worker')).toBe(true);
    expect(needsInviteCode('admin')).toBe(true);
    expect(needsInviteCode('requester')).toBe(false);
    const message = 'Invite code is required for Reviewer and Admin accounts';
    expect(validateSignUp({ ...valid, inviteCode: ' ' }).inviteCode).toBe(message);
    expect(validateSignUp({ ...valid, userType: 'admin', inviteCode: '' }).inviteCode).toBe(message);
    expect(validateSignUp({ ...valid, userType: 'requester', inviteCode: '' })).toEqual({});
  });

  it.each([
    ['short1', 'Password must be at least 8 characters long'],
    ['lettersonly', PASSWORD_MESSAGES.weak],
    ['12345678', PASSWORD_MESSAGES.weak],
  ])('refuses the password %j', (password, message) => {
    expect(validateSignUp({ ...valid, password, confirmPassword: password }).password).toBe(message);
  });

  it('the strength message asks for 8 characters with letters and numbers', () => {
    expect(PASSWORD_MESSAGES.weak).toBe(
      'Password must be at least 8 characters long and contain a mix of letters and numbers.',
    );
  });

  it('needs matching passwords, with a live hint once Confirm Password has text', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'secret124' }).confirmPassword).toBe(
      'Passwords do not match',
    );
    expect(mismatchHint({ password: 'secret123', confirmPassword: '' })).toBeNull();
    expect(mismatchHint({ password: 'secret123', confirmPassword: 'secret12' })).toBe(
      'Passwords do not match',
    );
    expect(mismatchHint({ password: 'secret123', confirmPassword: 'secret123' })).toBeNull();
  });
});
