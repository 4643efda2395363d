/**
 * The checkout rule shapes (issue 17), shared by this pure engine and the server's storage and owner API.
 * Money is integer minor units of the store currency; rates are integer basis points (825 = 8.25 %).
 */

/**
 * Where the goods go. country: ISO 3166-1 alpha-2, upper case. region: ISO 3166-2 subdivision code without the
 * country prefix ('CA' for California), or null. The spec's US territories (PR, GU, VI, AS, MP, UM) count as US
 * with that territory as the region (platform §3).
 */
export interface ShippingLocation {
  country: string;
  region: string | null;
  postalCode?: string | null;
}

export interface TaxRule {
  id: string;
  name: string;
  country: string;
  /** null: the whole country. */
  region: string | null;
  /** 0..10000. */
  rateBasisPoints: number;
  shippingTaxable: boolean;
}

export interface ShippingRate {
  id: string;
  name: string;
  kind: 'flat' | 'weight' | 'free-over';
  /** flat: the price; free-over: the price under the threshold. */
  amountCents: number;
  /** free-over: free when the shippable subtotal (after discounts) ≥ this. */
  freeOverCents?: number | null;
  /** weight: the first tier (by upToGrams, ascending) whose upToGrams ≥ the cart's weight. */
  weightTiers?: { upToGrams: number; amountCents: number }[] | null;
}

export interface ShippingZone {
  id: string;
  name: string;
  locations: { country: string; regions: string[] | null }[];
  rates: ShippingRate[];
}

export type CouponScope =
  | { kind: 'all' }
  | { kind: 'products'; productIds: string[] }
  | { kind: 'collections'; collectionIds: string[] };

export interface Coupon {
  id: string;
  /** Codes compare case-insensitively, trimmed. */
  code: string;
  kind: 'percentage' | 'fixed' | 'free-shipping';
  /** percentage. */
  percentBasisPoints?: number | null;
  /** fixed. */
  amountCents?: number | null;
  minSubtotalCents?: number | null;
  /** ISO 8601. */
  startsAt?: string | null;
  endsAt?: string | null;
  /** Checked by the server (it counts uses), not by the engine: it passes the used-up codes in. */
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  scope: CouponScope;
  active: boolean;
  /** Whether it stacks on automatic discounts; otherwise the better of the two applies (automatic-discounts.ts). */
  combinesWithAutomaticDiscounts?: boolean;
}

/** One cart line as the checkout engine reads it. */
export interface CheckoutLine {
  id: string;
  productId: string;
  /** The collections the product belongs to (coupon scope). */
  collectionIds?: readonly string[];
  /** ProductType code: 1 physical, 2 digital, 3 service, 4 gift card. */
  productType: number;
  quantity: number;
  /** Minor units, each. */
  unitPriceCents: number;
  /** Grams, each; absent counts as 0. */
  weightGrams?: number | null;
}

export interface ShippingOption {
  id: string;
  name: string;
  amountCents: number;
}

export interface InvalidCoupon {
  code: string;
  reason: string;
}

export interface AppliedCoupon {
  id: string;
  code: string;
  kind: Coupon['kind'];
  /** What this coupon takes off the lines (0 for free shipping). */
  discountCents: number;
}

/** A matching tax rule with what it adds up to on this cart. */
export interface AppliedTaxRule extends TaxRule {
  taxCents: number;
}
