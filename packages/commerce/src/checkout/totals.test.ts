import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from './coupons';
import { roundHalfEven } from './rounding';
import { lineAmountCents } from './shipping';
import { computeCheckoutTotals, type CheckoutInput, type CheckoutTotals } from './totals';
import type { CheckoutLine, Coupon, ShippingZone, TaxRule } from './types';

const NOW = Date.parse('2026-06-15T12:00:00Z');

const zones: ShippingZone[] = [
  {
    id: 'us', name: 'United States', locations: [{ country: 'US', regions: null }],
    rates: [
      { id: 'standard', name: 'Standard', kind: 'free-over', amountCents: 800, freeOverCents: 5000 },
      { id: 'express', name: 'Express', kind: 'flat', amountCents: 2500 },
    ],
  },
  { id: 'eu', name: 'Europe', locations: [{ country: 'FR', regions: null }, { country: 'DE', regions: null }], rates: [{ id: 'eu-standard', name: 'Standard', kind: 'flat', amountCents: 1200 }] },
  { id: 'jp', name: 'Japan', locations: [{ country: 'JP', regions: null }], rates: [{ id: 'jp-standard', name: '通常配送', kind: 'flat', amountCents: 800 }] },
  {
    id: 'canada', name: 'Canada', locations: [{ country: 'CA', regions: null }],
    rates: [{ id: 'by-weight', name: 'By weight', kind: 'weight', amountCents: 0, weightTiers: [
      { upToGrams: 1000, amountCents: 1000 }, { upToGrams: 5000, amountCents: 2000 }, { upToGrams: 20000, amountCents: 4500 },
    ] }],
  },
];

const rule = (id: string, country: string, region: string | null, rateBasisPoints: number, shippingTaxable = false): TaxRule => ({
  id, name: id, country, region, rateBasisPoints, shippingTaxable,
});
const taxRules: TaxRule[] = [
  rule('us', 'US', null, 100),
  rule('us-ca', 'US', 'CA', 725),
  rule('us-tx', 'US', 'TX', 625),
  rule('pr', 'PR', null, 1150),
  rule('fr', 'FR', null, 2000, true),
  rule('jp', 'JP', null, 1000, true),
];

const coupon = (code: string, fields: Partial<Coupon>): Coupon => ({
  id: `c-${code}`, code, kind: 'percentage', percentBasisPoints: 1000, scope: { kind: 'all' }, active: true, ...fields,
});
const coupons: Coupon[] = [
  coupon('TEN', {}),
  coupon('FIVER', { kind: 'fixed', amountCents: 500 }),
  coupon('SHIP', { kind: 'free-shipping' }),
  coupon('BIG', { minSubtotalCents: 10_000 }),
  coupon('SUMMER', { percentBasisPoints: 2000, scope: { kind: 'collections', collectionIds: ['summer'] } }),
];

let nextId = 0;
const line = (productType: number, quantity: number, unitPriceCents: number, extra: Partial<CheckoutLine> = {}): CheckoutLine => ({
  id: `line-${++nextId}`, productId: `product-${nextId}`, productType, quantity, unitPriceCents, ...extra,
});
const PHYSICAL = 1, DIGITAL = 2, SERVICE = 3, GIFT_CARD = 4;

const base = (fields: Partial<CheckoutInput>): CheckoutInput => ({
  lines: [], currency: 'USD', location: null, zones, taxRules, pricesIncludeTax: false, coupons, codes: [],
  selectedShippingOptionId: null, now: NOW, ...fields,
});

interface Row {
  name: string;
  input: CheckoutInput;
  expected: Partial<CheckoutTotals> & { selectedId?: string | null; ruleTaxes?: Record<string, number> };
}

const rows: Row[] = [
  {
    // 2 × 19.99 = 3,998 and 1 × 12.50 = 1,250 → subtotal 5,248; express 2,500 chosen (shipping not taxable).
    // US 1 %: 3,998 → 39.98 → 40; 1,250 → 12.5 → 12 (tie, even) = 52.
    // CA 7.25 %: 3,998 → 289.855 → 290; 1,250 → 90.625 → 91 = 381. Tax 433. Grand 5,248 + 2,500 + 433 = 8,181.
    name: 'exclusive US state + country rules',
    input: base({ lines: [line(PHYSICAL, 2, 1999), line(PHYSICAL, 1, 1250)], location: { country: 'US', region: 'CA' }, selectedShippingOptionId: 'express' }),
    expected: { subtotalCents: 5248, discountCents: 0, shippingCostCents: 2500, selectedId: 'express', taxCents: 433, grandTotalCents: 8181, ruleTaxes: { us: 52, 'us-ca': 381 } },
  },
  {
    // Same cart, no choice: the cheapest is Standard, free over 50.00 (5,248 ≥ 5,000) → 0. Grand 5,248 + 0 + 433 = 5,681.
    name: 'no choice: the cheapest option, free over the threshold',
    input: base({ lines: [line(PHYSICAL, 2, 1999), line(PHYSICAL, 1, 1250)], location: { country: 'us', region: 'ca' } }),
    expected: { shippingCostCents: 0, selectedId: 'standard', taxCents: 433, grandTotalCents: 5681 },
  },
  {
    // EUR, inclusive 20 %, shipping taxable. 24.99: 2,499 × 10000 / 12000 = 2,082.5 → 2,082 (even) → tax 417.
    // 2 × 10.00 = 2,000: 1,666.67 → 1,667 → tax 333. Shipping 1,200: 1,000 → tax 200. Tax 950 (inside).
    // Grand 4,499 + 1,200 = 5,699.
    name: 'inclusive EU 20 % with shipping taxable',
    input: base({ currency: 'EUR', pricesIncludeTax: true, lines: [line(PHYSICAL, 1, 2499), line(PHYSICAL, 2, 1000)], location: { country: 'FR', region: null } }),
    expected: { subtotalCents: 4499, shippingCostCents: 1200, selectedId: 'eu-standard', taxCents: 950, grandTotalCents: 5699, shippingTaxCents: 200 },
  },
  {
    // JPY (0 fraction digits), inclusive 10 %, shipping taxable. 3 × ¥1,650 = 4,950 → 4,500 → tax 450.
    // ¥1,100 → 1,000 → tax 100. Shipping ¥800: 727.27 → 727 → tax 73. Tax 623. Grand 6,050 + 800 = 6,850.
    name: 'JPY inclusive 10 %',
    input: base({ currency: 'JPY', pricesIncludeTax: true, lines: [line(PHYSICAL, 3, 1650), line(PHYSICAL, 1, 1100)], location: { country: 'JP', region: null } }),
    expected: { subtotalCents: 6050, shippingCostCents: 800, taxCents: 623, grandTotalCents: 6850 },
  },
  {
    // Texas 6.25 % ties: 1,000 → 62.5 → 62 (even); 600 → 37.5 → 38 (even) = 100. US 1 %: 10 + 6 = 16. Tax 116.
    // Shippable 1,600 < 5,000 → Standard 800 (cheapest). Grand 1,600 + 800 + 116 = 2,516.
    name: 'half-even ties',
    input: base({ lines: [line(PHYSICAL, 1, 1000), line(PHYSICAL, 1, 600)], location: { country: 'US', region: 'TX' } }),
    expected: { subtotalCents: 1600, shippingCostCents: 800, taxCents: 116, grandTotalCents: 2516, lineTaxCents: [72, 44], ruleTaxes: { us: 16, 'us-tx': 100 } },
  },
  {
    // TEN: 10 % of 5,248 = 524.8 → 525. Allocated over 3,998 / 1,250: 399.96 → 399, 125.04 → 125 (= 524), the cent
    // left to the larger line → [400, 125]. Nets 3,598 / 1,125; shippable 4,723 < 5,000: the discount takes the cart
    // under the free threshold → Standard 800. US: 35.98 → 36, 11.25 → 11; CA: 260.855 → 261, 81.5625 → 82. Tax 390.
    // Grand 5,248 − 525 + 800 + 390 = 5,913.
    name: 'percentage coupon (and a free-over threshold crossed by it)',
    input: base({ lines: [line(PHYSICAL, 2, 1999), line(PHYSICAL, 1, 1250)], location: { country: 'US', region: 'CA' }, codes: ['ten'] }),
    expected: { discountCents: 525, lineDiscounts: [400, 125], shippingCostCents: 800, taxCents: 390, grandTotalCents: 5913 },
  },
  {
    // FIVER: 500 over 3,998 / 1,250: 380.9 → 380, 119.09 → 119 (= 499), +1 to the larger → [381, 119].
    // Nets 3,617 / 1,131. US: 36.17 → 36, 11.31 → 11; CA: 262.2325 → 262, 81.9975 → 82. Tax 391.
    // Shippable 4,748 → Standard 800. Grand 5,248 − 500 + 800 + 391 = 5,939.
    name: 'fixed coupon',
    input: base({ lines: [line(PHYSICAL, 2, 1999), line(PHYSICAL, 1, 1250)], location: { country: 'US', region: 'CA' }, codes: ['FIVER'] }),
    expected: { discountCents: 500, lineDiscounts: [381, 119], shippingCostCents: 800, taxCents: 391, grandTotalCents: 5939 },
  },
  {
    // SHIP with Express chosen: the option keeps its listed 2,500, the order pays 0 for shipping.
    // Tax on 2,000 in Texas: 1 % = 20, 6.25 % = 125 → 145. Grand 2,000 + 0 + 145 = 2,145.
    name: 'free-shipping coupon',
    input: base({ lines: [line(PHYSICAL, 1, 2000)], location: { country: 'US', region: 'TX' }, codes: ['SHIP'], selectedShippingOptionId: 'express' }),
    expected: { discountCents: 0, selectedId: 'express', shippingCostCents: 0, freeShipping: true, taxCents: 145, grandTotalCents: 2145 },
  },
  {
    // BIG needs 100.00; the cart has 20.00 → 'Add $80.00 more…'. Standard 800; tax 145. Grand 2,000 + 800 + 145 = 2,945.
    name: 'min subtotal refused with the reason',
    input: base({ lines: [line(PHYSICAL, 1, 2000)], location: { country: 'US', region: 'TX' }, codes: ['BIG'] }),
    expected: { discountCents: 0, validCoupons: [], invalidCoupons: [{ code: 'BIG', reason: 'Add $80.00 more to use this coupon.' }], taxCents: 145, grandTotalCents: 2945 },
  },
  {
    // SUMMER: 20 % of the summer shirt (3,000) = 600; the mug (2,000) is out of scope. Nets 2,400 / 2,000.
    // Shippable 4,400 < 5,000 (5,000 before the discount would ship free) → 800.
    // Tax: 2,400 → 24 + 150; 2,000 → 20 + 125 → 319. Grand 5,000 − 600 + 800 + 319 = 5,519.
    name: 'coupon scoped to a collection',
    input: base({ lines: [line(PHYSICAL, 1, 3000, { collectionIds: ['summer'] }), line(PHYSICAL, 1, 2000, { collectionIds: ['kitchen'] })], location: { country: 'US', region: 'TX' }, codes: ['SUMMER'] }),
    expected: { discountCents: 600, lineDiscounts: [600, 0], shippingCostCents: 800, taxCents: 319, grandTotalCents: 5519 },
  },
  {
    // Canada, no tax rule. 3 × 800 g = 2,400 g (the digital line's 5 kg does not ship) → the ≤ 5,000 g tier: 2,000.
    // Grand 3,000 + 500 + 2,000 = 5,500.
    name: 'weight tiers',
    input: base({ lines: [line(PHYSICAL, 3, 1000, { weightGrams: 800 }), line(DIGITAL, 1, 500, { weightGrams: 5000 })], location: { country: 'CA', region: 'ON' } }),
    expected: { subtotalCents: 3500, shippingCostCents: 2000, selectedId: 'by-weight', taxCents: 0, grandTotalCents: 5500, requiresShipping: true, hasDigital: true, purelyDigital: false },
  },
  {
    // Two downloads, no address: nothing ships, no options, no tax location → 0. SHIP has nothing to apply to.
    // Grand 999 + 1,500 = 2,499.
    name: 'purely digital cart (no shipping, no address)',
    input: base({ lines: [line(DIGITAL, 1, 999), line(DIGITAL, 1, 1500)], codes: ['SHIP'] }),
    expected: {
      subtotalCents: 2499, shippingOptions: [], selectedShippingOption: null, shippingCostCents: 0, taxCents: 0, grandTotalCents: 2499,
      requiresShipping: false, hasDigital: true, purelyDigital: true, invalidCoupons: [{ code: 'SHIP', reason: COUPON_MESSAGES.notApplicable }],
    },
  },
  {
    // Puerto Rico is the US with region PR: the US-wide zone ships (Standard 800), the US rule and the PR rule apply.
    // 2,000: 1 % = 20, 11.5 % = 230 → 250. Grand 2,000 + 800 + 250 = 3,050.
    name: 'a territory (PR) treated as US',
    input: base({ lines: [line(PHYSICAL, 1, 2000)], location: { country: 'pr', region: null } }),
    expected: { shippingLocation: { country: 'US', region: 'PR' }, shippingCostCents: 800, selectedId: 'standard', taxCents: 250, grandTotalCents: 3050, ruleTaxes: { us: 20, pr: 230 } },
  },
  {
    // A service (no shipping) and a gift card (never taxed nor discounted). TEN: 10 % of the service's 4,000 = 400.
    // Tax on 3,600 in Texas: 36 + 225 = 261. Grand 6,500 − 400 + 261 = 6,361.
    name: 'service and gift card',
    input: base({ lines: [line(SERVICE, 1, 4000), line(GIFT_CARD, 1, 2500)], location: { country: 'US', region: 'TX' }, codes: ['TEN'] }),
    expected: { requiresShipping: false, shippingOptions: [], discountCents: 400, lineDiscounts: [400, 0], lineTaxCents: [261, 0], taxCents: 261, grandTotalCents: 6361 },
  },
];

describe('computeCheckoutTotals: hand-computed carts', () => {
  it.each(rows)('$name', ({ input, expected }) => {
    const totals = computeCheckoutTotals(input);
    const { selectedId, ruleTaxes, ...fields } = expected;
    expect(totals).toMatchObject(fields);
    if (selectedId !== undefined) expect(totals.selectedShippingOption?.id ?? null).toBe(selectedId);
    if (ruleTaxes) expect(Object.fromEntries(totals.applicableTaxRules.map((r) => [r.id, r.taxCents]))).toEqual(ruleTaxes);
  });
});

const lineArb = fc.record({
  productType: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  weightGrams: fc.integer({ min: 0, max: 3000 }),
  inSummer: fc.boolean(),
});
const inputArb = fc.record({
  lines: fc.array(lineArb, { minLength: 0, maxLength: 8 }),
  location: fc.constantFrom(null, { country: 'US', region: 'CA' }, { country: 'US', region: 'TX' }, { country: 'PR', region: null }, { country: 'FR', region: null }, { country: 'JP', region: null }, { country: 'CA', region: 'QC' }, { country: 'BR', region: null }),
  pricesIncludeTax: fc.boolean(),
  codes: fc.subarray(['TEN', 'FIVER', 'SHIP', 'BIG', 'SUMMER', 'NOPE']),
  selected: fc.constantFrom(null, 'express', 'standard', 'gone'),
}).map(({ lines, location, pricesIncludeTax, codes, selected }) =>
  base({
    lines: lines.map((l, i) => ({ id: `l${i}`, productId: `p${i}`, productType: l.productType, quantity: l.quantity, unitPriceCents: l.unitPriceCents, weightGrams: l.weightGrams, collectionIds: l.inSummer ? ['summer'] : [] })),
    location, pricesIncludeTax, codes, selectedShippingOptionId: selected,
    coupons: [...coupons, coupon('HUGE', { kind: 'fixed', amountCents: 99_999_999 })],
  }),
);

describe('computeCheckoutTotals: invariants', () => {
  it('never negative; discount ≤ subtotal; grand total adds up', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeCheckoutTotals(input);
        for (const value of [t.subtotalCents, t.discountCents, t.shippingCostCents, t.taxCents, t.grandTotalCents]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.grandTotalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCostCents + (input.pricesIncludeTax ? 0 : t.taxCents));
        if (input.pricesIncludeTax) expect(t.taxCents).toBeLessThanOrEqual(t.grandTotalCents);
        if (!t.requiresShipping) expect(t.shippingOptions).toEqual([]);
      }),
    );
  });

  it('the discount is allocated exactly, within each line', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeCheckoutTotals(input);
        expect(t.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(t.discountCents);
        t.lineDiscounts.forEach((d, i) => expect(d).toBeLessThanOrEqual(lineAmountCents(input.lines[i]!)));
      }),
    );
  });

  it('exclusive tax is the sum of each line’s per-rule half-even tax, plus the shipping’s', () => {
    fc.assert(
      fc.property(inputArb, (input0) => {
        const input = { ...input0, pricesIncludeTax: false };
        const t = computeCheckoutTotals(input);
        const rates = t.applicableTaxRules.map((r) => r.rateBasisPoints);
        input.lines.forEach((l, i) => {
          const net = lineAmountCents(l) - (t.lineDiscounts[i] ?? 0);
          const expected = l.productType === GIFT_CARD ? 0 : rates.reduce((sum, bp) => sum + roundHalfEven(net * bp, 10_000), 0);
          expect(t.lineTaxCents[i]).toBe(expected);
        });
        expect(t.taxCents).toBe(t.lineTaxCents.reduce((a, b) => a + b, 0) + t.shippingTaxCents);
        expect(t.applicableTaxRules.reduce((a, r) => a + r.taxCents, 0)).toBe(t.taxCents);
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(computeCheckoutTotals(input)).toEqual(computeCheckoutTotals(structuredClone(input)));
      }),
    );
  });
});
