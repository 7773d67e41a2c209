/**
 * The only reader of `import.meta.env` in this app (STYLE §4). Vite replaces it with literals at
 * build time, so what a production build must not contain is decided here, next to the literal.
 */
/**
 * DESIGN §5: /test-login exists only in development builds. In production this is null and the
 * screen's module is not even emitted (the dynamic import has to sit beside the literal for that).
 */
export const loadTestLoginScreen = import.meta.env.DEV ? () => import('@sieve/auth/test-login') : null;
