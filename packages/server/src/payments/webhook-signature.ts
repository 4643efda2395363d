import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): the Stripe-Signature header holds
 * `t=<unix seconds>` and one or more `v1=<hex>`, each an HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's
 * secret (more than one while a secret is being rolled). The raw body is signed, so it is checked before parsing.
 * The timestamp bounds replays: a signature older than the tolerance is refused even when it matches.
 */

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const SIGNATURE_MESSAGES = {
  missing: 'The Stripe-Signature header is missing.',
  malformed: 'The Stripe-Signature header is malformed.',
  mismatch: 'The webhook signature does not match.',
  stale: 'The webhook signature is too old or from the future.',
} as const;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; message: string };

/** The HMAC Stripe puts in v1 for this timestamp and body. */
export function stripeSignatureOf(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** A Stripe-Signature header for this body, as Stripe sends it (tests, and tools that replay events). */
export function signStripePayload(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${stripeSignatureOf(payload, secret, timestamp)}`;
}

/** Checks a webhook's Stripe-Signature header against its raw body, at `nowSeconds`. */
export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === undefined || header.trim() === '') return { ok: false, message: SIGNATURE_MESSAGES.missing };
  if (header.length > 2000) return { ok: false, message: SIGNATURE_MESSAGES.malformed };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Other schemes (v0, Stripe's test scheme) are not accepted: only v1 is an HMAC with the secret.
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, message: SIGNATURE_MESSAGES.malformed };
  const expected = Buffer.from(stripeSignatureOf(payload, secret, timestamp), 'hex');
  // Every candidate is compared in constant time; a match among them is enough.
  const matches = signatures.reduce((found, signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected) || found, false);
  if (!matches) return { ok: false, message: SIGNATURE_MESSAGES.mismatch };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, message: SIGNATURE_MESSAGES.stale };
  return { ok: true, timestamp };
}
