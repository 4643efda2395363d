import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, evaluateCoupons, minSubtotalReason } from './coupons';
import type { CheckoutLine, Coupon } from './types';

const NOW = Date.parse('2026-06-15T12:00:00Z');

const coupon = (code: string, fields: Partial<Coupon>): Coupon => ({
  id: `c-${code}`, code, kind: 'percentage', percentBasisPoints: 1000, scope: { kind: 'all' }, active: true, ...fields,
});

const lines: CheckoutLine[] = [
  { id: 'a', productId: 'shirt', collectionIds: ['summer'], productType: 1, quantity: 2, unitPriceCents: 1500 }, // 3,000
  { id: 'b', productId: 'ebook', collectionIds: ['books'], productType: 2, quantity: 1, unitPriceCents: 1000 }, // 1,000
  { id: 'c', productId: 'gift', productType: 4, quantity: 1, unitPriceCents: 2500 }, // 2,500 (never discounted)
];
const cart = { lines, currency: 'USD' };

const coupons: Coupon[] = [
  coupon('TEN', { kind: 'percentage', percentBasisPoints: 1000 }),
  coupon('FIVER', { kind: 'fixed', amountCents: 500, percentBasisPoints: null }),
  coupon('HUGE', { kind: 'fixed', amountCents: 1_000_000, percentBasisPoints: null }),
  coupon('SHIP', { kind: 'free-shipping', percentBasisPoints: null }),
  coupon('SHIP2', { kind: 'free-shipping', percentBasisPoints: null }),
  coupon('BIG', { minSubtotalCents: 10_000 }),
  coupon('SUMMER', { percentBasisPoints: 2000, scope: { kind: 'collections', collectionIds: ['summer'] } }),
  coupon('EBOOK', { kind: 'fixed', amountCents: 300, percentBasisPoints: null, scope: { kind: 'products', productIds: ['ebook'] } }),
  coupon('SOCKS', { scope: { kind: 'products', productIds: ['socks'] } }),
  coupon('OLD', { endsAt: '2026-06-01T00:00:00Z' }),
  coupon('SOON', { startsAt: '2026-07-01T00:00:00Z' }),
  coupon('OFF', { active: false }),
  coupon('LIMITED', {}),
];

const run = (codes: string[], usage = {}) => evaluateCoupons(codes, coupons, cart, NOW, usage);

describe('evaluateCoupons', () => {
  it('percentage on every discountable line (gift cards never)', () => {
    // eligible 3,000 + 1,000 = 4,000; 10 % = 400, allocated 300 / 100
    const result = run(['ten']);
    expect(result.discountCents).toBe(400);
    expect(result.lineDiscounts).toEqual([300, 100, 0]);
    expect(result.validCoupons).toEqual([{ id: 'c-TEN', code: 'TEN', kind: 'percentage', discountCents: 400 }]);
  });

  it('fixed, and never more than the eligible amount', () => {
    // 500 over 3,000 / 1,000: 375 / 125
    expect(run(['FIVER']).lineDiscounts).toEqual([375, 125, 0]);
    // 1,000,000 capped at the eligible 4,000
    expect(run(['HUGE']).discountCents).toBe(4000);
  });

  it('free shipping needs a line that ships, takes nothing off the lines', () => {
    const result = run([' ship ']);
    expect(result).toMatchObject({ freeShipping: true, discountCents: 0, invalidCoupons: [] });
    const digitalOnly = evaluateCoupons(['SHIP'], coupons, { lines: [lines[1]!], currency: 'USD' }, NOW);
    expect(digitalOnly.invalidCoupons).toEqual([{ code: 'SHIP', reason: COUPON_MESSAGES.notApplicable }]);
  });

  it('refuses a minimum subtotal with the amount missing', () => {
    // pre-discount subtotal 6,500 (gift card included); 10,000 − 6,500 = $35.00
    expect(run(['BIG']).invalidCoupons).toEqual([{ code: 'BIG', reason: 'Add $35.00 more to use this coupon.' }]);
    expect(minSubtotalReason('¥500')).toBe('Add ¥500 more to use this coupon.');
  });

  it('scopes to a collection or to products', () => {
    // SUMMER: 20 % of the shirts' 3,000 = 600
    expect(run(['SUMMER']).lineDiscounts).toEqual([600, 0, 0]);
    // EBOOK: 300 off the ebook only
    expect(run(['EBOOK']).lineDiscounts).toEqual([0, 300, 0]);
    expect(run(['SOCKS']).invalidCoupons).toEqual([{ code: 'SOCKS', reason: COUPON_MESSAGES.notApplicable }]);
  });

  it('refuses by date, unknown or inactive codes, and the server’s usage counts', () => {
    expect(run(['OLD', 'SOON', 'NOPE', 'OFF']).invalidCoupons).toEqual([
      { code: 'OLD', reason: 'This coupon has expired.' },
      { code: 'SOON', reason: 'This coupon is not active yet.' },
      { code: 'NOPE', reason: 'This coupon code does not exist.' },
      { code: 'OFF', reason: 'This coupon code does not exist.' },
    ]);
    expect(run(['limited'], { usedUp: ['LIMITED'] }).invalidCoupons).toEqual([{ code: 'limited', reason: 'This coupon has been used up.' }]);
    expect(run(['LIMITED'], { usedByCustomer: new Set(['c-LIMITED']) }).invalidCoupons).toEqual([
      { code: 'LIMITED', reason: 'You have already used this coupon.' },
    ]);
  });

  it('a coupon ends exactly at endsAt and starts exactly at startsAt', () => {
    const edge = [coupon('EDGE', { startsAt: '2026-06-15T12:00:00Z', endsAt: '2026-06-15T12:00:01Z' })];
    expect(evaluateCoupons(['EDGE'], edge, cart, NOW).validCoupons).toHaveLength(1);
    expect(evaluateCoupons(['EDGE'], edge, cart, NOW + 1000).invalidCoupons[0]?.reason).toBe(COUPON_MESSAGES.expired);
  });

  it('one order-level coupon plus one free shipping; each code once', () => {
    const result = run(['TEN', 'ten', 'FIVER', 'SHIP', 'SHIP2', '  ']);
    expect(result.validCoupons.map((c) => c.code)).toEqual(['TEN', 'SHIP']);
    expect(result.invalidCoupons).toEqual([
      { code: 'FIVER', reason: COUPON_MESSAGES.notCombinable },
      { code: 'SHIP2', reason: COUPON_MESSAGES.notCombinable },
    ]);
    expect(result.discountCents).toBe(400);
  });
});
