import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signStripePayload, SIGNATURE_MESSAGES, stripeSignatureOf, verifyStripeSignature } from './webhook-signature';

const SECRET = 'whsec_FixtureHook';
const BODY = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } });
const NOW = 1_796_000_000;

describe('verifyStripeSignature', () => {
  it("accepts a header made by Stripe's own library, and our own signing of the same body", () => {
    const stripe = new Stripe('sk_test_Unused');
    const header = stripe.webhooks.generateTestHeaderString({ payload: BODY, secret: SECRET, timestamp: NOW });
    expect(header).toBe(signStripePayload(BODY, SECRET, NOW));
    expect(verifyStripeSignature(BODY, header, SECRET, NOW)).toEqual({ ok: true, timestamp: NOW });
  });

  it('accepts any one matching v1 among several (a secret being rolled), and ignores v0', () => {
    const good = stripeSignatureOf(BODY, SECRET, NOW);
    const other = stripeSignatureOf(BODY, 'whsec_Older', NOW);
    expect(verifyStripeSignature(BODY, `t=${NOW},v1=${other},v1=${good},v0=abc`, SECRET, NOW)).toEqual({ ok: true, timestamp: NOW });
    expect(verifyStripeSignature(BODY, `t=${NOW},v0=${good}`, SECRET, NOW)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.malformed });
  });

  it('refuses a missing, malformed or mismatched header, a changed body and another secret', () => {
    expect(verifyStripeSignature(BODY, undefined, SECRET, NOW)).toEqual({ ok: false, message: 'The Stripe-Signature header is missing.' });
    expect(verifyStripeSignature(BODY, '  ', SECRET, NOW)).toEqual({ ok: false, message: 'The Stripe-Signature header is missing.' });
    expect(verifyStripeSignature(BODY, 'garbage', SECRET, NOW)).toEqual({ ok: false, message: 'The Stripe-Signature header is malformed.' });
    expect(verifyStripeSignature(BODY, `v1=${stripeSignatureOf(BODY, SECRET, NOW)}`, SECRET, NOW)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.malformed });
    expect(verifyStripeSignature(BODY, `t=${NOW},v1=nothex`, SECRET, NOW)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.malformed });
    const header = signStripePayload(BODY, SECRET, NOW);
    expect(verifyStripeSignature(`${BODY} `, header, SECRET, NOW)).toEqual({ ok: false, message: 'The webhook signature does not match.' });
    expect(verifyStripeSignature(BODY, header, 'whsec_Another', NOW)).toEqual({ ok: false, message: 'The webhook signature does not match.' });
    // The timestamp is signed too: moving it breaks the signature.
    expect(verifyStripeSignature(BODY, header.replace(`t=${NOW}`, `t=${NOW + 1}`), SECRET, NOW)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.mismatch });
  });

  it('refuses a signature older than five minutes, or more than five minutes ahead', () => {
    expect(verifyStripeSignature(BODY, signStripePayload(BODY, SECRET, NOW - 300), SECRET, NOW)).toEqual({ ok: true, timestamp: NOW - 300 });
    expect(verifyStripeSignature(BODY, signStripePayload(BODY, SECRET, NOW - 301), SECRET, NOW)).toEqual({ ok: false, message: 'The webhook signature is too old or from the future.' });
    expect(verifyStripeSignature(BODY, signStripePayload(BODY, SECRET, NOW + 301), SECRET, NOW)).toEqual({ ok: false, message: SIGNATURE_MESSAGES.stale });
  });
});
