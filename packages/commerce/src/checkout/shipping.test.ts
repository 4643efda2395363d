import { describe, expect, it } from 'vitest';
import { cartWeightGrams, lineNeedsShipping, priceRate, selectShippingOption, shippingOptionsFor } from './shipping';
import type { CheckoutLine, ShippingRate, ShippingZone } from './types';

const line = (productType: number, quantity: number, unitPriceCents: number, weightGrams?: number): CheckoutLine => ({
  id: `l${productType}${quantity}`, productId: `p${productType}`, productType, quantity, unitPriceCents, weightGrams,
});

const byWeight: ShippingRate = {
  id: 'weight', name: 'By weight', kind: 'weight', amountCents: 0,
  // saved out of order on purpose: tiers are read by ascending upToGrams
  weightTiers: [{ upToGrams: 5000, amountCents: 1500 }, { upToGrams: 500, amountCents: 500 }, { upToGrams: 2000, amountCents: 900 }],
};
const zones: ShippingZone[] = [{
  id: 'us', name: 'United States', locations: [{ country: 'US', regions: null }],
  rates: [
    { id: 'standard', name: 'Standard', kind: 'free-over', amountCents: 800, freeOverCents: 5000 },
    { id: 'express', name: 'Express', kind: 'flat', amountCents: 2500 },
    byWeight,
  ],
}];

describe('what ships', () => {
  it('only physical lines need shipping', () => {
    expect([1, 2, 3, 4, 5].map((productType) => lineNeedsShipping({ productType }))).toEqual([true, false, false, false, false]);
  });

  it('weighs the shipped lines only', () => {
    // 2 × 300 g physical + a 1 kg digital line (ignored) = 600 g
    expect(cartWeightGrams([line(1, 2, 1000, 300), line(2, 1, 1000, 1000), line(1, 1, 500)])).toBe(600);
  });
});

describe('priceRate', () => {
  it.each([
    [0, 500], // 0 g: first tier
    [500, 500], // exactly 500 g: the 500 g tier (upToGrams ≥ weight)
    [501, 900],
    [5000, 1500],
  ])('weight %d g → %d', (grams, cents) => {
    expect(priceRate(byWeight, grams, 0)).toBe(cents);
  });

  it('a cart heavier than every tier cannot use the rate', () => {
    expect(priceRate(byWeight, 5001, 0)).toBeNull();
  });

  it('free-over: free at or above the threshold', () => {
    const rate = zones[0]!.rates[0]!;
    expect(priceRate(rate, 0, 4999)).toBe(800);
    expect(priceRate(rate, 0, 5000)).toBe(0);
  });
});

describe('shippingOptionsFor', () => {
  const cart = { lines: [line(1, 3, 1500, 700)] }; // 2,100 g, $45.00

  it('prices the zone rates in order; the too-heavy weight rate stays out', () => {
    expect(shippingOptionsFor(cart, { country: 'US', region: 'CA' }, zones, 4500)).toEqual([
      { id: 'standard', name: 'Standard', amountCents: 800 },
      { id: 'express', name: 'Express', amountCents: 2500 },
      { id: 'weight', name: 'By weight', amountCents: 1500 }, // 2,100 g → the 5 kg tier
    ]);
  });

  it('has none without a location, for an unserved country, or when nothing ships', () => {
    expect(shippingOptionsFor(cart, null, zones, 4500)).toEqual([]);
    expect(shippingOptionsFor(cart, { country: 'FR', region: null }, zones, 4500)).toEqual([]);
    expect(shippingOptionsFor({ lines: [line(2, 1, 1000), line(3, 1, 1000)] }, { country: 'US', region: null }, zones, 2000)).toEqual([]);
  });

  it('selects the chosen option, else the cheapest (first among equals)', () => {
    const options = [
      { id: 'a', name: 'A', amountCents: 900 },
      { id: 'b', name: 'B', amountCents: 500 },
      { id: 'c', name: 'C', amountCents: 500 },
    ];
    expect(selectShippingOption(options, 'a')?.id).toBe('a');
    expect(selectShippingOption(options, 'gone')?.id).toBe('b');
    expect(selectShippingOption(options, null)?.id).toBe('b');
    expect(selectShippingOption([], 'a')).toBeNull();
  });
});
