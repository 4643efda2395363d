import { ProductType } from '../types';
import {
  evaluateAutomaticDiscounts, evaluateAutomaticFreeShipping, type AppliedAutomaticDiscount, type AutomaticDiscount,
} from './automatic-discounts';
import { COUPON_MESSAGES, evaluateCoupons, type CouponEvaluation } from './coupons';
import { normaliseLocation, type LocationInput } from './location';
import { lineAmountCents, lineNeedsShipping, selectShippingOption, shippingOptionsFor } from './shipping';
import { applicableTaxRules, computeTax } from './tax';
import type {
  AppliedCoupon, AppliedTaxRule, CheckoutLine, Coupon, InvalidCoupon, ShippingLocation, ShippingOption,
  ShippingZone, TaxRule,
} from './types';

export interface CheckoutInput {
  lines: readonly CheckoutLine[];
  /** ISO 4217 code of every cents field (the min-subtotal reason is formatted in it). */
  currency: string;
  locale?: string;
  /**
   * Where the goods go, or null while unknown. Tax reads the same location: for a cart that ships nothing, pass
   * the billing address (or null: no tax until it is known).
   */
  location: LocationInput | null;
  zones: readonly ShippingZone[];
  taxRules: readonly TaxRule[];
  pricesIncludeTax: boolean;
  /** The coupons the entered codes may name (the server may pass only those it found). */
  coupons: readonly Coupon[];
  codes: readonly string[];
  selectedShippingOptionId?: string | null;
  now: Date | number;
  /** Codes (or ids) whose usage limit the server found reached. */
  usedUp?: Iterable<string> | null;
  /** Codes (or ids) this customer has used to their per-customer limit. */
  usedByCustomer?: Iterable<string> | null;
  /** The store's automatic discounts (the engine keeps the live ones). */
  automaticDiscounts?: readonly AutomaticDiscount[];
}

export interface CheckoutTotals {
  subtotalCents: number;
  discountCents: number;
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  /** What shipping costs this order: the selected option's price, 0 with a free-shipping coupon. */
  shippingCostCents: number;
  taxCents: number;
  applicableTaxRules: AppliedTaxRule[];
  validCoupons: AppliedCoupon[];
  invalidCoupons: InvalidCoupon[];
  grandTotalCents: number;
  requiresShipping: boolean;
  hasDigital: boolean;
  purelyDigital: boolean;
  /** The normalised location the totals used. */
  shippingLocation: ShippingLocation | null;
  freeShipping: boolean;
  /** The automatic discounts that apply (free shipping among them, with discountCents 0). */
  automaticDiscounts: AppliedAutomaticDiscount[];
  /**
   * Entered coupons that apply but were not used: they do not combine with automatic discounts and those save
   * more. Not a refusal — the order goes through without them; the cart says why.
   */
  notCombinedCoupons: InvalidCoupon[];
  /** What the merchandise lacks for automatic free shipping ("Add $12.00 for free shipping"), or null. */
  freeShippingShortfallCents: number | null;
  /** Per line, in order: the discount allocated to it (automatic and coupon) and its tax. */
  lineDiscounts: number[];
  lineTaxCents: number[];
  shippingTaxCents: number;
}

/**
 * A cart's checkout totals. Order of operations:
 * 1. subtotal = Σ unit price × quantity;
 * 2. automatic discounts and coupons by the stacking rules (automatic-discounts.ts) → discount, allocated to the
 *    lines; a coupon's minimum reads the pre-discount subtotal; automatic free shipping reads what is left;
 * 3. shipping options priced for the location's zone, free-over thresholds read on the shippable lines' amount
 *    after their discounts; the selected option, or the cheapest when it is not on offer; a free-shipping coupon
 *    makes the shipping cost 0 (the options keep their prices);
 * 4. tax per line on (amount − its discount) and on the shipping cost under shipping-taxable rules, half-even;
 * 5. grand total = subtotal − discount + shipping (+ tax when prices exclude it; inclusive prices hold it already).
 */
export function computeCheckoutTotals(input: CheckoutInput): CheckoutTotals {
  const { lines } = input;
  const amounts = lines.map(lineAmountCents);
  const subtotalCents = amounts.reduce((sum, amount) => sum + amount, 0);
  if (!Number.isSafeInteger(subtotalCents)) throw new RangeError('Cart subtotal exceeds the safe integer range');

  const needsShipping = lines.some(lineNeedsShipping);
  const digitalLines = lines.filter((line) => line.productType === ProductType.DIGITAL).length;
  const location = normaliseLocation(input.location);

  const discounts = applyDiscounts(input, amounts);
  const coupons = discounts.coupons;
  const automaticFreeShipping = evaluateAutomaticFreeShipping(input.automaticDiscounts ?? [], lines, coupons.lineDiscounts, input.now);
  const freeShipping = coupons.freeShipping || automaticFreeShipping.applied !== null;

  const shippableAfterDiscount = lines.reduce(
    (sum, line, index) =>
      lineNeedsShipping(line) ? sum + (amounts[index] ?? 0) - (coupons.lineDiscounts[index] ?? 0) : sum,
    0,
  );
  const shippingOptions = needsShipping
    ? shippingOptionsFor({ lines }, location, input.zones, shippableAfterDiscount)
    : [];
  const selectedShippingOption = selectShippingOption(shippingOptions, input.selectedShippingOptionId);
  const shippingCostCents = freeShipping ? 0 : (selectedShippingOption?.amountCents ?? 0);

  const rules = applicableTaxRules(location, input.taxRules);
  const tax = computeTax(
    lines.map((line, index) => ({
      amountCents: amounts[index] ?? 0,
      discountCents: coupons.lineDiscounts[index] ?? 0,
      taxable: line.productType !== ProductType.GIFT_CARD,
    })),
    shippingCostCents,
    rules,
    { pricesIncludeTax: input.pricesIncludeTax },
  );

  const grandTotalCents =
    subtotalCents - coupons.discountCents + shippingCostCents + (input.pricesIncludeTax ? 0 : tax.taxCents);

  return {
    subtotalCents,
    discountCents: coupons.discountCents,
    shippingOptions,
    selectedShippingOption,
    shippingCostCents,
    taxCents: tax.taxCents,
    applicableTaxRules: tax.byRule,
    validCoupons: coupons.validCoupons,
    invalidCoupons: coupons.invalidCoupons,
    grandTotalCents,
    requiresShipping: needsShipping,
    hasDigital: digitalLines > 0,
    purelyDigital: lines.length > 0 && digitalLines === lines.length,
    shippingLocation: location,
    freeShipping,
    automaticDiscounts: automaticFreeShipping.applied ? [...discounts.automatic, automaticFreeShipping.applied] : discounts.automatic,
    notCombinedCoupons: discounts.notCombined,
    freeShippingShortfallCents: coupons.freeShipping ? null : automaticFreeShipping.shortfallCents,
    lineDiscounts: coupons.lineDiscounts,
    lineTaxCents: tax.lineTaxCents,
    shippingTaxCents: tax.shippingTaxCents,
  };
}

/** The line discounts of automatic discounts and coupons together, by the stacking rules (automatic-discounts.ts). */
function applyDiscounts(
  input: CheckoutInput,
  amounts: readonly number[],
): { coupons: CouponEvaluation; automatic: AppliedAutomaticDiscount[]; notCombined: InvalidCoupon[] } {
  const { lines } = input;
  const usage = { usedUp: input.usedUp, usedByCustomer: input.usedByCustomer };
  const cart = { lines, currency: input.currency, locale: input.locale };
  const automatic = evaluateAutomaticDiscounts(input.automaticDiscounts ?? [], lines, input.now);
  const alone = evaluateCoupons(input.codes, input.coupons, cart, input.now, usage);
  if (automatic.discountCents === 0) return { coupons: alone, automatic: [], notCombined: [] };

  const orderCoupon = alone.validCoupons.find((coupon) => coupon.kind !== 'free-shipping');
  const stacks = orderCoupon
    ? input.coupons.find((coupon) => coupon.id === orderCoupon.id)?.combinesWithAutomaticDiscounts === true
    : true;
  if (!stacks && orderCoupon && orderCoupon.discountCents >= automatic.discountCents) {
    // The shopper's coupon saves at least as much: it applies alone (free shipping still combines).
    return { coupons: alone, automatic: [], notCombined: [] };
  }
  if (!stacks && orderCoupon) {
    // The automatic discounts save more: they apply, the coupon is set aside (a free-shipping coupon still applies).
    return {
      coupons: {
        validCoupons: alone.validCoupons.filter((coupon) => coupon.kind === 'free-shipping'),
        invalidCoupons: alone.invalidCoupons,
        discountCents: automatic.discountCents,
        freeShipping: alone.freeShipping,
        lineDiscounts: automatic.lineDiscounts,
      },
      automatic: automatic.applied,
      notCombined: [{ code: orderCoupon.code, reason: COUPON_MESSAGES.notCombinableWithAutomatic }],
    };
  }
  // The coupon stacks: it reads what the automatic discounts left of each line.
  const amountsLeft = amounts.map((amount, index) => amount - (automatic.lineDiscounts[index] ?? 0));
  const stacked = evaluateCoupons(input.codes, input.coupons, { ...cart, amountsLeft }, input.now, usage);
  return {
    coupons: {
      ...stacked,
      discountCents: stacked.discountCents + automatic.discountCents,
      lineDiscounts: stacked.lineDiscounts.map((cents, index) => cents + (automatic.lineDiscounts[index] ?? 0)),
    },
    automatic: automatic.applied,
    notCombined: [],
  };
}
