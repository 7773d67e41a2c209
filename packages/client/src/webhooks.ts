import { WEBHOOK_TOLERANCE_SECONDS, type WebhookEventPayload } from '@sieve/contracts';

export interface VerifyOptions {
  /** How far the signature's timestamp may be from now (seconds); default 300. */
  toleranceSeconds?: number;
  /** The current time (tests); default `Date.now()`. */
  now?: () => number;
}

function toHex(buffer: ArrayBuffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmacHex(secret: string, text: string) {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/**
 * The `Sieve-Signature` header for a body, as the server signs deliveries (`sieve listen` signs
 * what it forwards with this): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 */
export async function signWebhookPayload(
  rawBody: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, `${timestampSeconds}.${rawBody}`)}`;
}

/** Compares without returning early, so timing does not reveal how much of a signature matched. */
function equalInConstantTime(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** `t=…,v1=…[,v1=…]` → the timestamp and every v1 signature (several during a secret rotation). */
function parseHeader(header: string) {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value.toLowerCase());
  }
  return { timestamp, signatures };
}

/**
 * Checks a delivery's `Sieve-Signature` header (`t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`, as
 * Stripe signs) against the endpoint's secret, with the raw body exactly as received. False when
 * the signature does not match or the timestamp is outside the tolerance (a replay). Uses Web
 * Crypto, so it runs in Node 20+, browsers, and edge runtimes.
 */
export async function verifyWebhookSignature(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<boolean> {
  if (!signatureHeader) return false;
  const { timestamp, signatures } = parseHeader(signatureHeader);
  if (timestamp === undefined || signatures.length === 0) return false;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS))
    return false;
  const expected = await hmacHex(secret, `${timestamp}.${rawBody}`);
  return signatures.some((signature) => equalInConstantTime(signature, expected));
}

/** Verifies, then parses the body; throws when the signature does not hold. */
export async function parseWebhookEvent(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEventPayload> {
  if (!(await verifyWebhookSignature(rawBody, signatureHeader, secret, options))) {
    throw new Error(
      'Invalid Sieve-Signature: the body was changed, the secret is wrong, or the event is too old',
    );
  }
  return JSON.parse(rawBody) as WebhookEventPayload;
}
