import { checkUrl, URL_CHECK_DEBOUNCE_MS, URL_CHECK_MIN_LENGTH } from '@sieve/contracts';
import { useEffect, useState } from 'react';

export interface UrlCheck {
  url: string;
  valid: boolean;
  message: string;
}

/**
 * spec 02 §4: a URL is checked about 500 ms after typing stops, once longer than 5 characters.
 * Returns the verdict for the current text only (null while typing or when too short).
 */
export function useUrlCheck(url: string): UrlCheck | null {
  const [check, setCheck] = useState<UrlCheck | null>(null);
  useEffect(() => {
    if (url.trim().length <= URL_CHECK_MIN_LENGTH) return;
    const timer = setTimeout(() => setCheck({ url, ...checkUrl(url) }), URL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [url]);
  return check && check.url === url ? check : null;
}
