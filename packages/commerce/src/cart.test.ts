import { describe, expect, it } from 'vitest';
import {
  CART_LIMITS, CART_LIMIT_MESSAGES, cartLimitMessage, cartCountText, cartPill, computeCartTotals, isBelowMinimumSubtotal, isCartPillAllowed, minimumSubtotalMessage,
} from './cart';

describe('computeCartTotals', () => {
  it('adds lines in minor units and flags digital and shipped goods', () => {
    const totals = computeCartTotals([
      { quantity: 2, purchasePriceCents: 1999, productType: 1 },
      { quantity: 1, purchasePriceCents: 500, productType: 2 },
    ]);
    expect(totals).toMatchObject({
      subtotalCents: 4498, grandTotalCents: 4498, totalQuantity: 3,
      hasDigital: true, purelyDigital: false, requiresShipping: true,
    });
  });

  it('an empty cart is all zeros and not purely digital', () => {
    expect(computeCartTotals([])).toMatchObject({ subtotalCents: 0, totalQuantity: 0, purelyDigital: false, hasDigital: false });
  });

  it('refuses sums beyond the safe integer range rather than rounding money', () => {
    expect(() => computeCartTotals([{ quantity: 9999, purchasePriceCents: Number.MAX_SAFE_INTEGER, productType: 1 }])).toThrow(RangeError);
  });
});

describe('cart pill', () => {
  it('is hidden when empty', () => {
    expect(cartPill({ totalQuantity: 0, subtotalCents: 0 }, 'USD').hidden).toBe(true);
  });

  it('says item or items and trims zero fractions', () => {
    expect(cartPill({ totalQuantity: 1, subtotalCents: 2500 }, 'USD')).toEqual({
      hidden: false, countText: '1', label: 'item', subtotalText: '$25',
    });
    expect(cartPill({ totalQuantity: 3, subtotalCents: 2550 }, 'USD')).toMatchObject({ label: 'items', subtotalText: '$25.50' });
  });

  it('caps the count at 100+', () => {
    expect(cartCountText(100)).toBe('100');
    expect(cartCountText(101)).toBe('100+');
  });

  it('is skipped on /cart, in express checkout and with a custom cart', () => {
    expect(isCartPillAllowed({ pathname: '/shop' })).toBe(true);
    expect(isCartPillAllowed({ pathname: '/cart' })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/cart/' })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/checkout' })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/checkout/subscription' })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/checkout/order-confirmed' })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/checkout/gift-card' })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/checkouts' })).toBe(true);
    expect(isCartPillAllowed({ pathname: '/shop', expressCheckout: true })).toBe(false);
    expect(isCartPillAllowed({ pathname: '/shop', customCart: true })).toBe(false);
  });
});

describe('minimum subtotal', () => {
  it('words the bound and applies it only when set', () => {
    expect(minimumSubtotalMessage('$50.00')).toBe('To check out, your order subtotal must be $50.00 or more.');
    expect(isBelowMinimumSubtotal(4999, 5000)).toBe(true);
    expect(isBelowMinimumSubtotal(5000, 5000)).toBe(false);
    expect(isBelowMinimumSubtotal(1, null)).toBe(false);
  });
});

describe('cart limits', () => {
  const line = (quantity = 1, additionalFields: string | null = null) => ({ quantity, additionalFields });

  it('lets a cart at every limit through', () => {
    expect(cartLimitMessage(Array.from({ length: CART_LIMITS.maxLines }, () => line()))).toBeUndefined();
    expect(cartLimitMessage([line(9000), line(999)])).toBeUndefined();
  });

  it('refuses one line too many, one unit too many and too much personalisation', () => {
    expect(cartLimitMessage(Array.from({ length: CART_LIMITS.maxLines + 1 }, () => line()))).toBe(CART_LIMIT_MESSAGES.tooManyLines);
    expect(cartLimitMessage([line(9999), line(1)])).toBe(CART_LIMIT_MESSAGES.tooManyUnits);
    const answers = 'x'.repeat(16_384);
    expect(cartLimitMessage([line(1, answers), line(1, answers), line(1, answers), line(1, answers)])).toBeUndefined();
    expect(cartLimitMessage([line(1, answers), line(1, answers), line(1, answers), line(1, answers), line(1, '{}')])).toBe(
      CART_LIMIT_MESSAGES.tooMuchPersonalisation,
    );
  });
});
