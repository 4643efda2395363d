import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateAutomaticDiscounts, evaluateAutomaticFreeShipping, freeShippingNudge, isAutomaticDiscountLive, percentLabel,
  productTierLabels, quantityTierLabels, tierFor, type AutomaticDiscount,
} from './automatic-discounts';
import { COUPON_MESSAGES } from './coupons';
import { computeCheckoutTotals, type CheckoutInput } from './totals';
import type { CheckoutLine, Coupon, ShippingZone } from './types';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const PHYSICAL = 1, DIGITAL = 2, GIFT_CARD = 4;

let nextId = 0;
const line = (quantity: number, unitPriceCents: number, extra: Partial<CheckoutLine> = {}): CheckoutLine => ({
  id: `line-${++nextId}`, productId: `product-${nextId}`, productType: PHYSICAL, quantity, unitPriceCents, ...extra,
});
const discount = (id: string, fields: Partial<AutomaticDiscount> & Pick<AutomaticDiscount, 'kind'>): AutomaticDiscount => ({
  id, title: id, active: true, ...fields,
});

const tiers = discount('tiers', { kind: 'quantity-tiers', tiers: [{ minQuantity: 3, percentBasisPoints: 1000 }, { minQuantity: 6, percentBasisPoints: 1500 }] });
const spend10 = discount('spend-10', { kind: 'spend-over', minSubtotalCents: 5000, percentBasisPoints: 1000 });
const spendFixed = discount('spend-fixed', { kind: 'spend-over', minSubtotalCents: 5000, amountCents: 700 });
const bogo = discount('bogo', { kind: 'buy-x-get-y', buyQuantity: 1, getQuantity: 1, percentBasisPoints: 10000 });
const freeOver50 = discount('free-50', { kind: 'free-shipping', minSubtotalCents: 5000, title: 'Free shipping over $50' });

describe('the active window and the on/off switch', () => {
  it('starts inclusive, ends exclusive, off is off', () => {
    const window = discount('w', { kind: 'spend-over', startsAt: '2026-06-15T12:00:00Z', endsAt: '2026-06-16T00:00:00Z' });
    expect(isAutomaticDiscountLive(window, NOW)).toBe(true);
    expect(isAutomaticDiscountLive(window, NOW - 1)).toBe(false);
    expect(isAutomaticDiscountLive(window, Date.parse('2026-06-16T00:00:00Z'))).toBe(false);
    expect(isAutomaticDiscountLive(window, Date.parse('2026-06-15T23:59:59.999Z'))).toBe(true);
    expect(isAutomaticDiscountLive({ ...window, active: false }, NOW)).toBe(false);
    expect(isAutomaticDiscountLive(discount('open', { kind: 'spend-over' }), new Date(NOW))).toBe(true);
  });

  it('a discount outside its window takes nothing off', () => {
    const later = { ...spend10, startsAt: '2026-07-01T00:00:00Z' };
    expect(evaluateAutomaticDiscounts([later], [line(1, 6000)], NOW)).toEqual({ applied: [], discountCents: 0, lineDiscounts: [0] });
    expect(evaluateAutomaticDiscounts([{ ...spend10, active: false }], [line(1, 6000)], NOW).discountCents).toBe(0);
  });
});

describe('spend over an amount', () => {
  it('a percentage off the order at the threshold (≥), nothing just under', () => {
    expect(evaluateAutomaticDiscounts([spend10], [line(1, 5000)], NOW)).toEqual({
      applied: [{ id: 'spend-10', title: 'spend-10', kind: 'spend-over', discountCents: 500 }], discountCents: 500, lineDiscounts: [500],
    });
    expect(evaluateAutomaticDiscounts([spend10], [line(1, 4999)], NOW).discountCents).toBe(0);
  });

  it('rounds half to even and allocates pro rata, the left-over cent to the largest line', () => {
    // 10 % of 5,005 = 500.5 → 500 (tie → even); lines 3,000 / 2,005 → 299.7… / 200.2… → 299 + 200, +1 to the 3,000 line.
    const result = evaluateAutomaticDiscounts([spend10], [line(1, 3000), line(1, 2005)], NOW);
    expect(result.discountCents).toBe(500);
    expect(result.lineDiscounts).toEqual([300, 200]);
    // 10 % of 5,015 = 501.5 → 502 (tie → even).
    expect(evaluateAutomaticDiscounts([spend10], [line(1, 5015)], NOW).discountCents).toBe(502);
  });

  it('a fixed amount, never more than the order', () => {
    expect(evaluateAutomaticDiscounts([spendFixed], [line(1, 5000)], NOW).discountCents).toBe(700);
    const huge = discount('huge', { kind: 'spend-over', minSubtotalCents: 0, amountCents: 99_999 });
    expect(evaluateAutomaticDiscounts([huge], [line(2, 1500)], NOW)).toMatchObject({ discountCents: 3000, lineDiscounts: [3000] });
  });

  it('at most one order discount: the best for the shopper (ties: the first given)', () => {
    // 10 % of 6,000 = 600 < 700 fixed.
    expect(evaluateAutomaticDiscounts([spend10, spendFixed], [line(1, 6000)], NOW).applied.map((d) => d.id)).toEqual(['spend-fixed']);
    // 10 % of 8,000 = 800 > 700.
    expect(evaluateAutomaticDiscounts([spend10, spendFixed], [line(1, 8000)], NOW)).toMatchObject({ discountCents: 800, applied: [{ id: 'spend-10' }] });
    // 7,000: 700 = 700 → the first given.
    expect(evaluateAutomaticDiscounts([spendFixed, spend10], [line(1, 7000)], NOW).applied.map((d) => d.id)).toEqual(['spend-fixed']);
    expect(evaluateAutomaticDiscounts([spend10, spendFixed], [line(1, 7000)], NOW).applied.map((d) => d.id)).toEqual(['spend-10']);
  });

  it('gift cards neither count toward the threshold nor are discounted', () => {
    const result = evaluateAutomaticDiscounts([spend10], [line(1, 4000), line(1, 5000, { productType: GIFT_CARD })], NOW);
    expect(result.discountCents).toBe(0);
    const over = evaluateAutomaticDiscounts([spend10], [line(1, 6000), line(1, 5000, { productType: GIFT_CARD })], NOW);
    expect(over.lineDiscounts).toEqual([600, 0]);
  });
});

describe('quantity tiers', () => {
  it('3+ → 10 %, 6+ → 15 %, under 3 nothing', () => {
    expect(evaluateAutomaticDiscounts([tiers], [line(2, 1000)], NOW).discountCents).toBe(0);
    expect(evaluateAutomaticDiscounts([tiers], [line(3, 1000)], NOW).discountCents).toBe(300);
    expect(evaluateAutomaticDiscounts([tiers], [line(5, 1000)], NOW).discountCents).toBe(500);
    expect(evaluateAutomaticDiscounts([tiers], [line(6, 1000)], NOW).discountCents).toBe(900);
    expect(evaluateAutomaticDiscounts([tiers], [line(40, 1000)], NOW).discountCents).toBe(6000);
  });

  it('tierFor picks the highest reached tier whatever the order given', () => {
    const given = [{ minQuantity: 6, percentBasisPoints: 1500 }, { minQuantity: 3, percentBasisPoints: 1000 }];
    expect(tierFor(given, 7)).toEqual({ minQuantity: 6, percentBasisPoints: 1500 });
    expect(tierFor(given, 3)).toEqual({ minQuantity: 3, percentBasisPoints: 1000 });
    expect(tierFor(given, 2)).toBeNull();
    expect(tierFor(null, 10)).toBeNull();
  });

  it('a products scope counts each product on its own; a collection counts its units together', () => {
    const perProduct = { ...tiers, scope: { kind: 'products' as const, productIds: ['a', 'b'] } };
    const mixed = [line(2, 1000, { productId: 'a' }), line(1, 1000, { productId: 'b' }), line(1, 1000, { productId: 'a' })];
    // a: 2 + 1 = 3 units → 10 % on both a lines; b: 1 unit → nothing.
    expect(evaluateAutomaticDiscounts([perProduct], mixed, NOW).lineDiscounts).toEqual([200, 0, 100]);
    const collection = { ...tiers, scope: { kind: 'collections' as const, collectionIds: ['mugs'] } };
    const mugs = [line(2, 1000, { collectionIds: ['mugs'] }), line(1, 1000, { collectionIds: ['mugs'] }), line(5, 1000)];
    expect(evaluateAutomaticDiscounts([collection], mugs, NOW).lineDiscounts).toEqual([200, 100, 0]);
  });

  it('rounds half to even once per line', () => {
    // 10 % of 3 × 1,005 = 301.5 → 302; of 3 × 1,015 = 304.5 → 304.
    expect(evaluateAutomaticDiscounts([tiers], [line(3, 1005)], NOW).discountCents).toBe(302);
    expect(evaluateAutomaticDiscounts([tiers], [line(3, 1015)], NOW).discountCents).toBe(304);
  });

  it('the product page reads its tiers', () => {
    expect(quantityTierLabels(tiers)).toEqual(['Buy 3, save 10%', 'Buy 6, save 15%']);
    expect(quantityTierLabels({ kind: 'quantity-tiers', tiers: [{ minQuantity: 2, percentBasisPoints: 1250 }] })).toEqual(['Buy 2, save 12.5%']);
    expect(quantityTierLabels(spend10)).toEqual([]);
    const scoped = { ...tiers, scope: { kind: 'products' as const, productIds: ['mug'] } };
    expect(productTierLabels([scoped], { productId: 'mug', productType: PHYSICAL }, NOW)).toEqual(['Buy 3, save 10%', 'Buy 6, save 15%']);
    expect(productTierLabels([scoped], { productId: 'tee', productType: PHYSICAL }, NOW)).toEqual([]);
    expect(productTierLabels([{ ...scoped, active: false }], { productId: 'mug', productType: PHYSICAL }, NOW)).toEqual([]);
    expect(productTierLabels([tiers], { productId: 'card', productType: GIFT_CARD }, NOW)).toEqual([]);
    expect(percentLabel(1000)).toBe('10%');
  });
});

describe('buy X get Y', () => {
  it('buy 1 get 1 free: the cheapest unit of each pair', () => {
    // Units 30, 20, 10 → one pair → the 10 is free.
    const result = evaluateAutomaticDiscounts([bogo], [line(1, 3000), line(1, 2000), line(1, 1000)], NOW);
    expect(result.lineDiscounts).toEqual([0, 0, 1000]);
    // Four units → two free: the two cheapest.
    expect(evaluateAutomaticDiscounts([bogo], [line(2, 3000), line(2, 1000)], NOW).lineDiscounts).toEqual([0, 2000]);
    expect(evaluateAutomaticDiscounts([bogo], [line(1, 3000)], NOW).discountCents).toBe(0);
  });

  it('buy 2 get 1 at 50 %, in scope only', () => {
    const b2g1 = discount('b2g1', { kind: 'buy-x-get-y', buyQuantity: 2, getQuantity: 1, percentBasisPoints: 5000, scope: { kind: 'products', productIds: ['sock'] } });
    // 5 sock units → one group of 3 → one unit at half price; the tee does not count.
    const result = evaluateAutomaticDiscounts([b2g1], [line(5, 801, { productId: 'sock' }), line(3, 100, { productId: 'tee' })], NOW);
    // 50 % of 801 = 400.5 → 400 (even).
    expect(result.lineDiscounts).toEqual([400, 0]);
  });

  it('never more than the units it names; gift cards never count', () => {
    const result = evaluateAutomaticDiscounts([bogo], [line(1, 5000, { productType: GIFT_CARD }), line(1, 1000)], NOW);
    expect(result.discountCents).toBe(0);
    const broken = discount('broken', { kind: 'buy-x-get-y', buyQuantity: 0, getQuantity: 1 });
    expect(evaluateAutomaticDiscounts([broken], [line(4, 1000)], NOW).discountCents).toBe(0);
  });
});

describe('stacking the automatic discounts', () => {
  it('product discounts never stack on one line: the line keeps the bigger', () => {
    // 4 × 1,000: tiers 10 % = 400; bogo: 2 free = 2,000 → bogo wins the line.
    const result = evaluateAutomaticDiscounts([tiers, bogo], [line(4, 1000)], NOW);
    expect(result.applied).toEqual([{ id: 'bogo', title: 'bogo', kind: 'buy-x-get-y', discountCents: 2000 }]);
    expect(result.lineDiscounts).toEqual([2000]);
  });

  it('a tier and the order discount combine: the order discount reads what the tier left', () => {
    // 6 × 1,000 → tier 15 % = 900; left 5,100 ≥ 5,000 → 10 % = 510. Total 1,410.
    const result = evaluateAutomaticDiscounts([tiers, spend10], [line(6, 1000)], NOW);
    expect(result.applied.map((d) => [d.id, d.discountCents])).toEqual([['tiers', 900], ['spend-10', 510]]);
    expect(result.discountCents).toBe(1410);
    // 5 × 1,040 = 5,200 → tier 10 % = 520; left 4,680 < 5,000 → no order discount.
    expect(evaluateAutomaticDiscounts([tiers, spend10], [line(5, 1040)], NOW).discountCents).toBe(520);
  });

  it('property: never below zero, no line discounted past its amount, the sum matches', () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 1, max: 12 }), unitPriceCents: fc.integer({ min: 0, max: 50_000 }),
      productType: fc.constantFrom(PHYSICAL, DIGITAL, GIFT_CARD), productId: fc.constantFrom('a', 'b', 'c'),
    });
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 6 }), (given) => {
      const lines = given.map((fields, index) => ({ id: `l${index}`, ...fields }));
      const result = evaluateAutomaticDiscounts([tiers, bogo, spend10, spendFixed], lines, NOW);
      result.lineDiscounts.forEach((cents, index) => {
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(lines[index]!.quantity * lines[index]!.unitPriceCents);
        if (lines[index]!.productType === GIFT_CARD) expect(cents).toBe(0);
      });
      expect(result.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(result.discountCents);
      expect(result.applied.filter((d) => d.kind === 'spend-over').length).toBeLessThanOrEqual(1);
    }));
  });
});

describe('free shipping over an amount, and the nudge', () => {
  it('reached at the threshold after discounts; below it says what is missing', () => {
    expect(evaluateAutomaticFreeShipping([freeOver50], [line(1, 5000)], [0], NOW)).toEqual({
      applied: { id: 'free-50', title: 'Free shipping over $50', kind: 'free-shipping', discountCents: 0 }, shortfallCents: null,
    });
    expect(evaluateAutomaticFreeShipping([freeOver50], [line(1, 5000)], [1], NOW)).toEqual({ applied: null, shortfallCents: 1 });
    expect(evaluateAutomaticFreeShipping([freeOver50], [line(1, 3800)], [0], NOW)).toEqual({ applied: null, shortfallCents: 1200 });
  });

  it('nothing to nudge when nothing ships or none is live; the lowest threshold counts', () => {
    expect(evaluateAutomaticFreeShipping([freeOver50], [line(1, 100, { productType: DIGITAL })], [0], NOW)).toEqual({ applied: null, shortfallCents: null });
    expect(evaluateAutomaticFreeShipping([{ ...freeOver50, active: false }], [line(1, 100)], [0], NOW)).toEqual({ applied: null, shortfallCents: null });
    const over30 = discount('free-30', { kind: 'free-shipping', minSubtotalCents: 3000 });
    expect(evaluateAutomaticFreeShipping([freeOver50, over30], [line(1, 1000)], [0], NOW).shortfallCents).toBe(2000);
    // Gift cards do not count toward it.
    expect(evaluateAutomaticFreeShipping([freeOver50], [line(1, 1000), line(1, 9000, { productType: GIFT_CARD })], [0, 0], NOW).shortfallCents).toBe(4000);
  });

  it('the nudge reads "Add $12.00 for free shipping", money as the store formats it', () => {
    expect(freeShippingNudge(1200, 'USD')).toBe('Add $12.00 for free shipping');
    expect(freeShippingNudge(1200, 'EUR', 'fr-FR')).toBe('Add 12,00\u00a0€ for free shipping');
    expect(freeShippingNudge(500, 'JPY', 'ja-JP')).toBe('Add ￥500 for free shipping');
  });
});

describe('with coupons and gift cards at checkout', () => {
  const zones: ShippingZone[] = [{ id: 'us', name: 'US', locations: [{ country: 'US', regions: null }], rates: [{ id: 'flat', name: 'Standard', kind: 'flat', amountCents: 800 }] }];
  const coupon = (code: string, fields: Partial<Coupon> = {}): Coupon => ({
    id: `c-${code}`, code, kind: 'percentage', percentBasisPoints: 500, scope: { kind: 'all' }, active: true, ...fields,
  });
  const coupons = [
    coupon('FIVE'), coupon('TWENTY', { percentBasisPoints: 2000 }), coupon('STACK5', { combinesWithAutomaticDiscounts: true }),
    coupon('SHIP', { kind: 'free-shipping' }),
  ];
  const input = (fields: Partial<CheckoutInput>): CheckoutInput => ({
    lines: [line(1, 6000)], currency: 'USD', location: { country: 'US', region: 'NY' }, zones, taxRules: [], pricesIncludeTax: false,
    coupons, codes: [], now: NOW, automaticDiscounts: [spend10, freeOver50], ...fields,
  });

  it('automatic discounts apply without a code, free shipping among them', () => {
    const totals = computeCheckoutTotals(input({}));
    expect(totals.automaticDiscounts.map((d) => [d.id, d.discountCents])).toEqual([['spend-10', 600], ['free-50', 0]]);
    // 6,000 − 600 = 5,400 ≥ 5,000 → shipping 0.
    expect(totals).toMatchObject({ discountCents: 600, shippingCostCents: 0, freeShipping: true, grandTotalCents: 5400, freeShippingShortfallCents: null });
  });

  it('the free-shipping threshold reads the merchandise after the discounts; the nudge says what is missing', () => {
    // 5,500 − 550 = 4,950 < 5,000 → shipping 800, nudge 50.
    const totals = computeCheckoutTotals(input({ lines: [line(1, 5500)] }));
    expect(totals).toMatchObject({ discountCents: 550, shippingCostCents: 800, freeShipping: false, freeShippingShortfallCents: 50, grandTotalCents: 5750 });
  });

  it('a coupon that does not combine: the better of the two — automatic when it saves more', () => {
    const totals = computeCheckoutTotals(input({ codes: ['FIVE'] }));
    // FIVE alone: 300 < 600 automatic → automatic applies, FIVE is set aside (not refused).
    expect(totals.discountCents).toBe(600);
    expect(totals.validCoupons).toEqual([]);
    expect(totals.invalidCoupons).toEqual([]);
    expect(totals.notCombinedCoupons).toEqual([{ code: 'FIVE', reason: COUPON_MESSAGES.notCombinableWithAutomatic }]);
    expect(COUPON_MESSAGES.notCombinableWithAutomatic).toBe('Your automatic discounts save more; this coupon cannot be combined with them.');
  });

  it('a coupon that does not combine: the coupon when it saves at least as much, automatic free shipping still combines', () => {
    const totals = computeCheckoutTotals(input({ codes: ['TWENTY'] }));
    // 20 % of 6,000 = 1,200 > 600 → the coupon alone; 4,800 < 5,000 → no free shipping, nudge 200.
    expect(totals).toMatchObject({ discountCents: 1200, shippingCostCents: 800, freeShippingShortfallCents: 200, notCombinedCoupons: [] });
    expect(totals.validCoupons).toEqual([{ id: 'c-TWENTY', code: 'TWENTY', kind: 'percentage', discountCents: 1200 }]);
    expect(totals.automaticDiscounts).toEqual([]);
    // A tie goes to the coupon: tiers 3 × 2,000 → 600; TEN-like 10 % coupon → 600.
    const tie = computeCheckoutTotals(input({ lines: [line(3, 2000)], automaticDiscounts: [tiers], coupons: [coupon('TEN', { percentBasisPoints: 1000 })], codes: ['TEN'] }));
    expect(tie.validCoupons.map((c) => c.code)).toEqual(['TEN']);
    expect(tie.automaticDiscounts).toEqual([]);
  });

  it('a coupon that says it combines stacks on what the automatic discounts left', () => {
    const totals = computeCheckoutTotals(input({ codes: ['STACK5'] }));
    // 600 automatic; 5 % of 5,400 = 270 → 870; 5,130 ≥ 5,000 → free shipping.
    expect(totals).toMatchObject({ discountCents: 870, shippingCostCents: 0, grandTotalCents: 5130 });
    expect(totals.validCoupons).toEqual([{ id: 'c-STACK5', code: 'STACK5', kind: 'percentage', discountCents: 270 }]);
    expect(totals.lineDiscounts).toEqual([870]);
  });

  it('a free-shipping coupon combines with everything; a refused code is still refused', () => {
    const totals = computeCheckoutTotals(input({ lines: [line(1, 1000)], codes: ['SHIP', 'NOPE'] }));
    expect(totals).toMatchObject({ discountCents: 0, shippingCostCents: 0, freeShipping: true, freeShippingShortfallCents: null });
    expect(totals.invalidCoupons).toEqual([{ code: 'NOPE', reason: COUPON_MESSAGES.notFound }]);
    const both = computeCheckoutTotals(input({ codes: ['FIVE', 'SHIP'] }));
    expect(both.validCoupons.map((c) => c.code)).toEqual(['SHIP']);
    expect(both.notCombinedCoupons.map((c) => c.code)).toEqual(['FIVE']);
  });

  it('gift card lines are never discounted and the total never goes below zero', () => {
    const huge = discount('huge', { kind: 'spend-over', minSubtotalCents: 0, amountCents: 1_000_000 });
    const totals = computeCheckoutTotals(input({ lines: [line(1, 2000), line(1, 5000, { productType: GIFT_CARD })], automaticDiscounts: [huge] }));
    expect(totals.lineDiscounts).toEqual([2000, 0]);
    expect(totals.grandTotalCents).toBe(5000 + 800);
  });

  it('without automatic discounts the totals are as before', () => {
    const totals = computeCheckoutTotals(input({ automaticDiscounts: undefined, codes: ['FIVE'] }));
    expect(totals).toMatchObject({ discountCents: 300, shippingCostCents: 800, automaticDiscounts: [], notCombinedCoupons: [], freeShippingShortfallCents: null });
  });
});
