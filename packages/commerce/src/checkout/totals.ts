import { ProductType } from '../types';
import { evaluateCoupons } from './coupons';
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
  /** Per line, in order: the discount allocated to it and its tax. */
  lineDiscounts: number[];
  lineTaxCents: number[];
  shippingTaxCents: number;
}

/**
 * A cart's checkout totals. Order of operations:
 * 1. subtotal = Σ unit price × quantity;
 * 2. coupons on the pre-discount subtotal → discount, allocated to the in-scope lines;
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

  const coupons = evaluateCoupons(
    input.codes,
    input.coupons,
    { lines, currency: input.currency, locale: input.locale },
    input.now,
    { usedUp: input.usedUp, usedByCustomer: input.usedByCustomer },
  );

  const shippableAfterDiscount = lines.reduce(
    (sum, line, index) =>
      lineNeedsShipping(line) ? sum + (amounts[index] ?? 0) - (coupons.lineDiscounts[index] ?? 0) : sum,
    0,
  );
  const shippingOptions = needsShipping
    ? shippingOptionsFor({ lines }, location, input.zones, shippableAfterDiscount)
    : [];
  const selectedShippingOption = selectShippingOption(shippingOptions, input.selectedShippingOptionId);
  const shippingCostCents = coupons.freeShipping ? 0 : (selectedShippingOption?.amountCents ?? 0);

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
    freeShipping: coupons.freeShipping,
    lineDiscounts: coupons.lineDiscounts,
    lineTaxCents: tax.lineTaxCents,
    shippingTaxCents: tax.shippingTaxCents,
  };
}
