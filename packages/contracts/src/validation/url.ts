export const URL_MESSAGES = {
  scheme: 'URL must start with http:// or https://',
  invalid: 'Invalid URL format',
  valid: 'Valid URL format',
} as const;

/** spec 02 §5: a URL must parse and use http or https. */
export function checkUrl(input: string): { valid: boolean; message: string } {
  const value = input.trim();
  if (!/^https?:\/\//i.test(value)) return { valid: false, message: URL_MESSAGES.scheme };
  try {
    const url = new URL(value);
    if (!url.hostname || (!url.hostname.includes('.') && url.hostname !== 'localhost')) {
      return { valid: false, message: URL_MESSAGES.invalid };
    }
    return { valid: true, message: URL_MESSAGES.valid };
  } catch {
    return { valid: false, message: URL_MESSAGES.invalid };
  }
}
