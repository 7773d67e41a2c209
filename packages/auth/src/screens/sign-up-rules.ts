import { checkEmail, PASSWORD_MESSAGES, passwordProblem, type UserType } from '@sieve/contracts';

export { mismatchHint } from './password-rules';

/** spec 01 §3 "Signup data". */
export interface SignUpData {
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  userType: UserType | '';
  inviteCode: string;
}

export type SignUpField = 'fullName' | 'email' | 'userType' | 'inviteCode' | 'password' | 'confirmPassword';
export type SignUpErrors = Partial<Record<SignUpField, string>>;

// spec 01 §5 sign-up messages.
export const SIGN_UP_MESSAGES = {
  invalidEmail: 'Invalid email address',
  disposableWarning: 'Please use a personal or work email address',
  inviteRequired: 'Invite code is required for Reviewer and Admin accounts',
  fullNameRequired: 'Full name is required',
  userTypeRequired: 'Account type is required',
} as const;

/** spec 01 §2: the invite code is asked of Reviewer and Admin accounts only. */
export function needsInviteCode(userType: UserType | ''): boolean {
  return userType === 'worker' || userType === 'admin';
}

/** The shared email check's verdict for the form: its message, or "Invalid email address". */
export function emailError(email: string): string | null {
  const check = checkEmail(email);
  return check.valid ? null : check.message || SIGN_UP_MESSAGES.invalidEmail;
}

/** spec 01 §5: the live warning a disposable address shows while it is typed. */
export function emailWarning(email: string): string | null {
  const check = checkEmail(email);
  if (check.valid || check.reason !== 'disposable') return null;
  return check.message || SIGN_UP_MESSAGES.disposableWarning;
}

/** Every sign-up rule of spec 01 §5; an empty object means the form may be sent. */
export function validateSignUp(data: SignUpData): SignUpErrors {
  const errors: SignUpErrors = {};
  if (!data.fullName.trim()) errors.fullName = SIGN_UP_MESSAGES.fullNameRequired;
  const email = emailError(data.email);
  if (email) errors.email = email;
  if (!data.userType) errors.userType = SIGN_UP_MESSAGES.userTypeRequired;
  if (needsInviteCode(data.userType) && !data.inviteCode.trim()) {
    errors.inviteCode = SIGN_UP_MESSAGES.inviteRequired;
  }
  const password = passwordProblem(data.password);
  if (password) errors.password = password;
  if (data.password !== data.confirmPassword) errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  return errors;
}
