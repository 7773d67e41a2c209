import type { EmailCheck } from './email';

/** Shared test vectors: the sign-up form's tests and the API's tests both run these. */
export const EMAIL_VECTORS: readonly {
  email: string;
  reason: Exclude<EmailCheck, { valid: true }>['reason'] | null;
}[] = [
  { email: 'ada@lovelace.co.uk', reason: null },
  { email: 'Grace.Hopper@Navy.mil', reason: null },
  { email: 'ops+alerts@company.io', reason: null },
  { email: '', reason: 'invalid' },
  { email: 'plainaddress', reason: 'invalid' },
  { email: 'two@@signs.com', reason: 'invalid' },
  { email: 'space in@name.com', reason: 'invalid' },
  { email: 'user@nodot', reason: 'invalidDomain' },
  { email: 'user@domain.c', reason: 'invalidDomain' },
  { email: 'user@localhost', reason: 'invalidDomain' },
  { email: 'user@printer.local', reason: 'invalidDomain' },
  { email: 'user@site.invalid', reason: 'invalidDomain' },
  { email: 'user@mailinator.com', reason: 'disposable' },
  { email: 'user@yopmail.com', reason: 'disposable' },
  { email: 'user@test.com', reason: 'disposable' },
  { email: 'user@example.org', reason: 'disposable' },
  { email: 'user@temp-mail.io', reason: 'disposable' },
  { email: 'user@inbox.mailinator.net', reason: 'disposable' },
];
