import { EN_CART, EN_CART_LIMITS } from '@vitrine/format/catalogs/en';
import { fillPlaceholders } from '@vitrine/format/catalogs/fill';
import { formatMoney } from '@vitrine/format';
import { ProductType } from './types';
import type { AppliedCoupon, AppliedTaxRule, InvalidCoupon, ShippingLocation, ShippingOption } from './checkout/types';
import type { PostalAddressValue } from './checkout/address';
import type { AppliedAutomaticDiscount } from './checkout/automatic-discounts';

/** A line in the cart (storefront spec, section 3), with what the cart page needs to show it. */
export interface CartEntry {
  id: string;
  itemId: string;
  chosenVariant: { id?: string; sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  /** Minor units: purchasePriceCents × quantity. */
  subTotal: number;
  purchasePriceCents: number;
  /** The additional-fields form data as a JSON string, or null. */
  additionalFields: string | null;
  productType: number;
  isSubscription?: boolean;
  url?: string;
  imageUrl?: string | null;
}

export interface ShoppingCart {
  id: string;
  websiteId: string;
  orderId: string | null;
  created: number;
  isPurchased: boolean;
  entries: CartEntry[];
  /** The store's options for the shipping location, priced; [] until the location is known or when nothing ships. */
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  shippingLocation: ShippingLocation | null;
  applicableTaxRules: AppliedTaxRule[];
  /** The codes entered, as typed. */
  coupons: string[];
  validCoupons: AppliedCoupon[];
  invalidCoupons: InvalidCoupon[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** Store currency of every cents field. */
  currency?: string;
  /** What the shopper has told checkout (ours). */
  checkout?: CartCheckout;
  /** Gift cards paying part of the order (ours), by their last four characters. */
  giftCards?: CartGiftCard[];
  /** What the payment provider is asked for: grandTotalCents less the gift cards (ours). */
  amountDueCents?: number;
  /** The automatic discounts that apply (ours, issue 38), free shipping among them with discountCents 0. */
  automaticDiscounts?: AppliedAutomaticDiscount[];
  /** What the merchandise lacks for automatic free shipping, or null; and the nudge that says it. */
  freeShippingShortfallCents?: number | null;
  freeShippingNudge?: string | null;
}

/** A checked postal address (checkout/address.ts). */
export type Address = PostalAddressValue;

export interface CartCheckout {
  email: string | null;
  shippingAddress: Address | null;
  /** null: the same as the shipping address. */
  billingAddress: Address | null;
}

export interface CartGiftCard {
  last4: string;
  balanceCents: number;
  appliedCents: number;
}

export interface Money {
  value: string;
  currency: string;
}

/** The order a shopper sees once checkout is confirmed (spec, section 3). */
export interface Order {
  id: string;
  /** The human number, per website: 1001, 1002, … (shown as '#1001'). */
  orderNumber: number;
  purchasedCartId: string;
  testMode: boolean;
  websiteId: string;
  grandTotal: Money;
  shippingTotal: Money;
  taxTotal: Money;
  items: { sku: string; productName: string; quantity: number; unitPrice: Money; kind?: string; optionValues?: { optionName: string; value: string }[] }[];
  email?: string;
  created?: number;
  subtotal?: Money;
  discountTotal?: Money;
  giftCardTotal?: Money;
  shippingOptionName?: string | null;
  shippingAddress?: Address | null;
  billingAddress?: Address | null;
  couponCodes?: string[];
  /** The automatic discounts the order got (ours, issue 38). */
  automaticDiscounts?: AppliedAutomaticDiscount[];
  /** 'pending' while the provider still confirms the payment. */
  paymentStatus?: string;
  /** Placed with the store's manual method (bank transfer, cash on delivery): its label and how to pay. */
  manualPayment?: { label: string; instructions: string } | null;
}

/** The cart's words: the English catalog's (packages/format/src/catalogs). */
export const CART_MESSAGES = EN_CART;

export type CartTotals = Pick<
  ShoppingCart,
  | 'subtotalCents' | 'taxCents' | 'shippingCostCents' | 'discountCents' | 'grandTotalCents'
  | 'totalQuantity' | 'hasDigital' | 'purelyDigital' | 'requiresShipping'
>;

type TotalledEntry = Pick<CartEntry, 'quantity' | 'purchasePriceCents' | 'productType'>;

/**
 * Totals of a cart, computed from its entries. Tax, shipping and discounts
 * are zero until those features exist; the fields are kept so clients can
 * rely on the shape.
 */
export function computeCartTotals(entries: readonly TotalledEntry[]): CartTotals {
  let subtotalCents = 0;
  let totalQuantity = 0;
  let digitalLines = 0;
  let shippedLines = 0;
  for (const entry of entries) {
    subtotalCents += entry.purchasePriceCents * entry.quantity;
    totalQuantity += entry.quantity;
    if (entry.productType === ProductType.DIGITAL) digitalLines += 1;
    if (entry.productType === ProductType.PHYSICAL) shippedLines += 1;
  }
  if (!Number.isSafeInteger(subtotalCents)) throw new RangeError('Cart subtotal exceeds the safe integer range');
  const taxCents = 0;
  const shippingCostCents = 0;
  const discountCents = 0;
  return {
    subtotalCents,
    taxCents,
    shippingCostCents,
    discountCents,
    grandTotalCents: subtotalCents + taxCents + shippingCostCents - discountCents,
    totalQuantity,
    hasDigital: digitalLines > 0,
    purelyDigital: entries.length > 0 && digitalLines === entries.length,
    requiresShipping: shippedLines > 0,
  };
}

/** Count cap of the cart pill and header badge. */
export const CART_COUNT_CAP = 100;

export function cartCountText(totalQuantity: number): string {
  return totalQuantity > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : String(totalQuantity);
}

export interface CartPillView {
  hidden: boolean;
  countText: string;
  label: 'item' | 'items';
  subtotalText: string;
}

export interface CartPillPlace {
  /** Current path; the pill never shows on the cart page nor on the checkout pages (/checkout…). */
  pathname?: string;
  expressCheckout?: boolean;
  customCart?: boolean;
}

/**
 * Whether the floating pill belongs on this page at all: not on the cart page, nor on the checkout pages (which
 * show the cart being bought, and whose way back to /cart would leave the checkout), nor in express checkout.
 */
export function isCartPillAllowed(place: CartPillPlace): boolean {
  const path = (place.pathname ?? '').replace(/\/+$/, '');
  const onCheckout = path === '/checkout' || path.startsWith('/checkout/');
  return !place.expressCheckout && !place.customCart && path !== '/cart' && !onCheckout;
}

/** What the cart pill shows: hidden when empty, '100+' above 100, subtotal without trailing zero fractions. */
export function cartPill(
  cart: Pick<ShoppingCart, 'totalQuantity' | 'subtotalCents'>,
  currency: string,
  locale = 'en-US',
): CartPillView {
  return {
    hidden: cart.totalQuantity <= 0,
    countText: cartCountText(cart.totalQuantity),
    label: cart.totalQuantity === 1 ? 'item' : 'items',
    subtotalText: formatMoney(cart.subtotalCents, currency, { locale, trimZeroFractions: true }),
  };
}

/** The cart-wide bound a store may set on its subtotal. */
export function minimumSubtotalMessage(formattedMinimum: string): string {
  return `To check out, your order subtotal must be ${formattedMinimum} or more.`;
}

export function isBelowMinimumSubtotal(subtotalCents: number, minimumCents: number | null | undefined): boolean {
  return typeof minimumCents === 'number' && minimumCents > 0 && subtotalCents < minimumCents;
}

/**
 * How much one cart may hold. A cart is embedded in every page its visitor loads, so an unbounded one
 * (hundreds of lines of personalised answers) would make each page megabytes heavy.
 */
export const CART_LIMITS = {
  /** Different lines. */
  maxLines: 100,
  /** Units across every line (a single line holds at most 9999 as well). */
  maxUnits: 9999,
  /** Characters of additional-fields answers across every line. */
  maxAdditionalFieldsLength: 65_536,
} as const;

// Filled once; the pure wrapper lets a bundle that never reads them leave them out (no property reads kept).
export const CART_LIMIT_MESSAGES = /* @__PURE__ */ (() => ({
    tooManyLines: fillPlaceholders(EN_CART_LIMITS.tooManyLines, { maxLines: CART_LIMITS.maxLines }),
    tooManyUnits: fillPlaceholders(EN_CART_LIMITS.tooManyUnits, { maxUnits: CART_LIMITS.maxUnits }),
    tooMuchPersonalisation: EN_CART_LIMITS.tooMuchPersonalisation,
  }) as const)();

export interface CartLineSize {
  quantity: number;
  additionalFields: string | null;
}

/** The message of the first limit a cart's lines break, or undefined when they fit (CART_LIMITS). */
export function cartLimitMessage(lines: readonly CartLineSize[]): string | undefined {
  if (lines.length > CART_LIMITS.maxLines) return CART_LIMIT_MESSAGES.tooManyLines;
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units > CART_LIMITS.maxUnits) return CART_LIMIT_MESSAGES.tooManyUnits;
  const personalised = lines.reduce((sum, line) => sum + (line.additionalFields?.length ?? 0), 0);
  if (personalised > CART_LIMITS.maxAdditionalFieldsLength) return CART_LIMIT_MESSAGES.tooMuchPersonalisation;
  return undefined;
}
