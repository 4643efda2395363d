import { describe, expect, it } from 'vitest';
import { ProductType } from './types';
import {
  cartInstallmentOffer, cartInstallmentWording, DEFAULT_INSTALLMENT_COUNT, installmentLocale, installmentProvider, installmentWording, isCartInstallmentEligible,
  isInstallmentInRange, isInstallmentPillShown,
} from './installments';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('installments', () => {
  it('is in range above the minimum and up to the maximum', () => {
    expect(isInstallmentInRange(100, 100, 200000)).toBe(false);
    expect(isInstallmentInRange(101, 100, 200000)).toBe(true);
    expect(isInstallmentInRange(200000, 100, 200000)).toBe(true);
    expect(isInstallmentInRange(200001, 100, 200000)).toBe(false);
  });

  it('picks the provider by locale', () => {
    for (const locale of ['en_US', 'en_CA', 'fr_CA', 'en_AU', 'en_NZ', 'en-US']) expect(installmentProvider(locale)).toBe('afterpay');
    expect(installmentProvider('en_GB')).toBe('clearpay');
    expect(installmentProvider('de_DE')).toBeNull();
  });

  it('chooses the locale from shopper language and country, falling back to the first language', () => {
    expect(installmentLocale('fr', 'CA')).toBe('fr_CA');
    expect(installmentLocale('de', 'CA')).toBe('en_CA');
    expect(installmentLocale('fr', 'US')).toBe('en_US');
    expect(installmentLocale('en', 'DE')).toBeNull();
  });

  it('shows the pill for physical products with Afterpay only', () => {
    expect(isInstallmentPillShown(1, { afterPayAvailable: true })).toBe(true);
    expect(isInstallmentPillShown(3, { afterPayAvailable: true })).toBe(false);
    expect(isInstallmentPillShown(1, { afterPayAvailable: false })).toBe(false);
  });

  it('a cart qualifies only when non-empty and all physical', () => {
    expect(isCartInstallmentEligible([])).toBe(false);
    expect(isCartInstallmentEligible([{ productType: 1 }, { productType: 1 }])).toBe(true);
    expect(isCartInstallmentEligible([{ productType: 1 }, { productType: 2 }])).toBe(false);
  });

  it('words in range and both out-of-range cases', () => {
    const base = { minCents: 3500, maxCents: 200000, provider: 'afterpay' as const, formatPrice: dollars };
    expect(DEFAULT_INSTALLMENT_COUNT).toBe(4);
    expect(installmentWording({ ...base, priceCents: 10000 })).toBe('or 4 interest-free payments of $25.00 with Afterpay');
    expect(installmentWording({ ...base, priceCents: 250000 })).toBe('Afterpay is available for orders up to $2000.00');
    expect(installmentWording({ ...base, priceCents: 1000, provider: 'clearpay' })).toBe('Clearpay is available for orders over $35.00');
  });
});

describe('the whole cart\'s installment line', () => {
  const context = { afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 100000, shopperLanguage: 'en-US', stripeAccountCountry: 'US' };
  const line = (entries: { productType: number }[], subtotalCents: number, over: Partial<typeof context> = {}) =>
    cartInstallmentWording({ entries, subtotalCents, context: { ...context, ...over }, formatPrice: dollars });

  it('reads as the product pill for an all-physical cart, in and out of range', () => {
    expect(line([{ productType: 1 }, { productType: 1 }], 9000)).toBe('or 4 interest-free payments of $22.50 with Afterpay');
    expect(line([{ productType: 1 }], 2000)).toBe('Afterpay is available for orders over $35.00');
    expect(line([{ productType: 1 }], 200000)).toBe('Afterpay is available for orders up to $1000.00');
  });

  it('says a cart with a non-physical line is not eligible, and says nothing for an empty cart or no provider', () => {
    expect(line([{ productType: 1 }, { productType: 2 }], 9000)).toBe('Afterpay is available only when every item in the cart is a physical product');
    expect(line([], 0)).toBeNull();
    expect(line([{ productType: 1 }], 9000, { afterPayAvailable: false })).toBeNull();
    expect(line([{ productType: 1 }], 9000, { stripeAccountCountry: 'DE' })).toBeNull();
  });
});

describe('cartInstallmentOffer (the one rule behind the cart line and checkout methods)', () => {
  const context = { afterPayAvailable: true, afterPayMin: 3500, afterPayMax: 200000, shopperLanguage: 'en', stripeAccountCountry: 'US' };
  const physical = [{ productType: ProductType.PHYSICAL }];
  it('offers the country provider for an in-range all-physical cart', () => {
    expect(cartInstallmentOffer({ entries: physical, subtotalCents: 12700, context })).toBe('afterpay');
    expect(cartInstallmentOffer({ entries: physical, subtotalCents: 12700, context: { ...context, stripeAccountCountry: 'GB' } })).toBe('clearpay');
  });
  it('offers nothing out of range, with a non-physical item, off, or where no provider runs', () => {
    expect(cartInstallmentOffer({ entries: physical, subtotalCents: 3500, context })).toBeNull();
    expect(cartInstallmentOffer({ entries: physical, subtotalCents: 200001, context })).toBeNull();
    expect(cartInstallmentOffer({ entries: [...physical, { productType: ProductType.DIGITAL }], subtotalCents: 12700, context })).toBeNull();
    expect(cartInstallmentOffer({ entries: physical, subtotalCents: 12700, context: { ...context, afterPayAvailable: false } })).toBeNull();
    expect(cartInstallmentOffer({ entries: physical, subtotalCents: 12700, context: { ...context, stripeAccountCountry: 'DE' } })).toBeNull();
  });
});
