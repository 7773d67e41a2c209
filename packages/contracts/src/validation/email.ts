import { TLD_MIN_LENGTH } from '../constants';
import { DISPOSABLE_DOMAINS, DISPOSABLE_WORDS } from './disposable-lists';

export const EMAIL_MESSAGES = {
  invalid: 'Please enter a valid email address',
  invalidDomain: 'Please enter a valid email domain',
  disposable: 'Please use your personal or work email address. Temporary email addresses are not accepted.',
} as const;

export type EmailCheck =
  | { valid: true; email: string }
  | { valid: false; reason: 'invalid' | 'invalidDomain' | 'disposable'; message: string };

const SHAPE = /^[^\s@]+@[^\s@]+$/;
const domains = new Set(DISPOSABLE_DOMAINS);
const words = new Set(DISPOSABLE_WORDS);

export function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  if (domains.has(labels.slice(-2).join('.')) || domains.has(domain.toLowerCase())) return true;
  // The second-to-last label, or any label other than the last.
  return labels.slice(0, -1).some((label) => words.has(label));
}

/** The shared email check of spec 01 §5: the sign-up form and the API run this same function. */
export function checkEmail(input: string): EmailCheck {
  const email = input.trim().toLowerCase();
  if (email === '' || !SHAPE.test(email))
    return { valid: false, reason: 'invalid', message: EMAIL_MESSAGES.invalid };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const labels = domain.split('.');
  const last = labels.at(-1) ?? '';
  if (
    labels.length < 2 ||
    labels.some((label) => label === '') ||
    last.length < TLD_MIN_LENGTH ||
    domain === 'localhost' ||
    domain.endsWith('.local') ||
    domain.endsWith('.invalid') ||
    domain.endsWith('.localhost')
  ) {
    return { valid: false, reason: 'invalidDomain', message: EMAIL_MESSAGES.invalidDomain };
  }
  if (isDisposableDomain(domain))
    return { valid: false, reason: 'disposable', message: EMAIL_MESSAGES.disposable };
  return { valid: true, email };
}
