import type { Kysely } from 'kysely';
import {
  computeCheckoutTotals, lineNeedsShipping, type AutomaticDiscount, type CheckoutLine, type CheckoutTotals, type Coupon,
} from '@vitrine/commerce/checkout';
import {
  checkoutRulesFor,
  couponUsageFor,
  findCouponsByCodes,
  type CheckoutCoupon,
  type CheckoutRules,
} from '../checkout-settings';
import type { CartCheckoutState, Database, PostalAddress, Website } from '../db/schema';
import type { CartLine } from './store';

/**
 * A cart's checkout totals (issue 17): the shared engine (@vitrine/commerce/checkout) run on the cart's lines with
 * the store's shipping zones, tax rules and the coupons the cart names. A cart nobody has started checking out
 * (no address, no codes) needs none of those: its totals come without a database read, so adding to the cart stays
 * as fast as it was.
 */

/** What the engine needs from the database for one cart. */
export interface CheckoutSources {
  rules: CheckoutRules;
  coupons: CheckoutCoupon[];
  usedUp: string[];
  usedByCustomer: string[];
}

const NO_RULES: CheckoutRules = { zones: [], taxRules: [], pricesIncludeTax: false };

/** Whether the cart's totals depend on the store's checkout settings (an address or a code has been given). */
export function needsCheckoutSources(state: CartCheckoutState): boolean {
  return Boolean(state.shippingAddress || state.billingAddress || (state.couponCodes?.length ?? 0) > 0);
}

export async function loadCheckoutSources(db: Kysely<Database>, website: Website, state: CartCheckoutState): Promise<CheckoutSources> {
  const rules = await checkoutRulesFor(db, website);
  const codes = state.couponCodes ?? [];
  const coupons = codes.length > 0 ? await findCouponsByCodes(db, website, codes) : [];
  const usage = coupons.length > 0 ? await couponUsageFor(db, coupons, state.email ?? null) : { usedUp: [], usedByCustomer: [] };
  return { rules, coupons, ...usage };
}

/** The engine's view of a cart line: the price the cart charges, the product's type and collection (coupon scope). */
export function checkoutLineOf(line: CartLine, unitPriceCents: number): CheckoutLine {
  return {
    id: line.entry.id,
    productId: line.product.id,
    collectionIds: line.product.collection_id ? [line.product.collection_id] : [],
    productType: line.product.product_type,
    quantity: line.entry.quantity,
    unitPriceCents,
    weightGrams: line.variant.weight_grams ?? null,
  };
}

/**
 * Where tax and shipping are worked out: the shipping address when something ships; otherwise the billing address
 * (tax on what does not ship follows the buyer), else the shipping address if one was given anyway.
 */
export function taxLocationOf(state: CartCheckoutState, requiresShipping: boolean): PostalAddress | null {
  if (requiresShipping) return state.shippingAddress ?? null;
  return state.billingAddress ?? state.shippingAddress ?? null;
}

const engineCoupon = (coupon: CheckoutCoupon): Coupon => ({
  id: coupon.id,
  code: coupon.code,
  kind: coupon.kind,
  percentBasisPoints: coupon.percentBasisPoints,
  amountCents: coupon.amountCents,
  minSubtotalCents: coupon.minSubtotalCents,
  startsAt: coupon.startsAt,
  endsAt: coupon.endsAt,
  usageLimit: coupon.usageLimit,
  perCustomerLimit: coupon.perCustomerLimit,
  scope: coupon.scope,
  active: coupon.active,
  combinesWithAutomaticDiscounts: coupon.combinesWithAutomaticDiscounts,
});

/**
 * The engine run on a cart; `sources` null: no address and no codes, so no rules are needed. `automaticDiscounts`:
 * the store's live ones (discounts/liveAutomaticDiscounts), read for every cart with lines.
 */
export function checkoutTotalsOf(
  lines: readonly CheckoutLine[],
  website: Website,
  state: CartCheckoutState,
  sources: CheckoutSources | null,
  now: Date = new Date(),
  automaticDiscounts: readonly AutomaticDiscount[] = [],
): CheckoutTotals {
  const rules = sources?.rules ?? NO_RULES;
  const requiresShipping = lines.some(lineNeedsShipping);
  const location = taxLocationOf(state, requiresShipping);
  return computeCheckoutTotals({
    lines,
    currency: website.currency,
    locale: website.locale,
    location: location ? { country: location.country, region: location.region, postalCode: location.postalCode } : null,
    zones: rules.zones,
    taxRules: rules.taxRules,
    pricesIncludeTax: rules.pricesIncludeTax,
    coupons: (sources?.coupons ?? []).map(engineCoupon),
    codes: state.couponCodes ?? [],
    selectedShippingOptionId: state.selectedShippingOptionId ?? null,
    now,
    usedUp: sources?.usedUp,
    usedByCustomer: sources?.usedByCustomer,
    automaticDiscounts,
  });
}
