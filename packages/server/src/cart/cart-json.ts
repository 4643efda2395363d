import type { Kysely } from 'kysely';
import type { CartEntry, ShoppingCart } from '@vitrine/commerce/cart';
import { computeCartTotals } from '@vitrine/commerce/cart';
import { freeShippingNudge, type AutomaticDiscount } from '@vitrine/commerce/checkout';
import { effectiveVariantPrice } from '@vitrine/commerce/product';
import type { CartCheckoutState, CartRow, Database, PostalAddress, Website } from '../db/schema';
import { variantJson } from '../catalog';
import { giftCardBalances } from '../gift-cards';
import { liveAutomaticDiscounts } from '../discounts';
import { checkoutLineOf, checkoutTotalsOf, loadCheckoutSources, needsCheckoutSources, type CheckoutSources } from './checkout-totals';
import type { CartLine } from './store';

/** One cart line as the cart API answers it (spec §3 Cart entry, plus what the cart page shows). */
export function cartEntryJson(line: CartLine, website: Pick<Website, 'currency'>, collectionUrlId = 'shop'): CartEntry {
  const variant = variantJson(line.variant, website.currency);
  const purchasePriceCents = effectiveVariantPrice(variant);
  return {
    id: line.entry.id,
    itemId: line.product.id,
    chosenVariant: { id: variant.id, sku: variant.sku, attributes: variant.attributes },
    quantity: line.entry.quantity,
    title: line.product.title,
    subTotal: purchasePriceCents * line.entry.quantity,
    purchasePriceCents,
    additionalFields: line.entry.additional_fields,
    productType: line.product.product_type,
    isSubscription: line.product.is_subscribable,
    url: `/${collectionUrlId}/p/${line.product.url_id}`,
    // The chosen variant's own picture when it has one, else the product's.
    imageUrl: line.variantImageUrl ?? line.product.asset_url,
  };
}

/** A gift card a cart names, with what it can still pay (gift-cards/ answers these). */
export interface CartGiftCardBalance {
  last4: string;
  balanceCents: number;
}

/** What checkout needs besides the lines: the rules and coupons (null when the cart names none), gift card balances. */
export interface CartCheckoutSources {
  rules: CheckoutSources | null;
  giftCards: CartGiftCardBalance[];
  /** The store's live automatic discounts (read for every cart with lines). */
  automaticDiscounts?: AutomaticDiscount[];
}

const stateOf = (cart: CartRow | undefined): CartCheckoutState => cart?.checkout ?? {};

/**
 * The whole Shopping cart (spec §3), every total computed here on the server with the shared rules: the subtotal,
 * and — once the shopper has given an address or a code — shipping options, tax, coupons and gift cards.
 */
export function shoppingCartJson(cart: CartRow | undefined, lines: readonly CartLine[], website: Website, sources: CartCheckoutSources | null = null): ShoppingCart {
  const entries = lines.map((line) => cartEntryJson(line, website));
  const state = stateOf(cart);
  const totals = checkoutTotalsOf(
    lines.map((line, index) => checkoutLineOf(line, entries[index].purchasePriceCents)),
    website,
    state,
    sources?.rules ?? null,
    new Date(),
    sources?.automaticDiscounts ?? [],
  );
  // Gift cards pay what is left, in the order they were entered.
  let left = totals.grandTotalCents;
  const giftCards = (sources?.giftCards ?? []).map(({ last4, balanceCents }) => {
    const appliedCents = Math.min(balanceCents, left);
    left -= appliedCents;
    return { last4, balanceCents, appliedCents };
  });
  const { totalQuantity } = computeCartTotals(entries);
  return {
    id: cart?.id ?? '',
    websiteId: website.id,
    orderId: cart?.order_id ?? null,
    created: cart ? cart.created_at.getTime() : 0,
    isPurchased: cart?.is_purchased ?? false,
    entries,
    shippingOptions: totals.shippingOptions,
    selectedShippingOption: totals.selectedShippingOption,
    shippingLocation: totals.shippingLocation,
    applicableTaxRules: totals.applicableTaxRules,
    coupons: state.couponCodes ?? [],
    validCoupons: totals.validCoupons,
    // A coupon set aside for better automatic discounts is shown with why (the order goes through without it).
    invalidCoupons: [...totals.invalidCoupons, ...totals.notCombinedCoupons],
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
    totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
    currency: website.currency,
    checkout: {
      email: state.email ?? null,
      shippingAddress: state.shippingAddress ? postalAddressJson(state.shippingAddress) : null,
      billingAddress: state.billingAddress ? postalAddressJson(state.billingAddress) : null,
    },
    giftCards,
    amountDueCents: left,
    automaticDiscounts: totals.automaticDiscounts,
    freeShippingShortfallCents: totals.freeShippingShortfallCents,
    freeShippingNudge: totals.freeShippingShortfallCents === null ? null : freeShippingNudge(totals.freeShippingShortfallCents, website.currency, website.locale),
  };
}

/** A stored address as the API answers it (optional parts null). */
export const postalAddressJson = (address: PostalAddress) => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? null,
  city: address.city,
  region: address.region,
  postalCode: address.postalCode,
  country: address.country,
  phone: address.phone ?? null,
});

/** Reads what the cart's checkout needs (nothing for a cart with no address or code) and answers the cart. */
export async function shoppingCartWithCheckout(db: Kysely<Database>, website: Website, cart: CartRow | undefined, lines: readonly CartLine[]): Promise<ShoppingCart> {
  const sources = await loadCartCheckoutSources(db, website, stateOf(cart));
  if (lines.length === 0) return shoppingCartJson(cart, lines, website, sources);
  const automaticDiscounts = await liveAutomaticDiscounts(db, website);
  return shoppingCartJson(cart, lines, website, { rules: null, giftCards: [], ...sources, automaticDiscounts });
}

export async function loadCartCheckoutSources(db: Kysely<Database>, website: Website, state: CartCheckoutState): Promise<CartCheckoutSources | null> {
  const hasGiftCards = (state.giftCardCodes?.length ?? 0) > 0;
  if (!needsCheckoutSources(state) && !hasGiftCards) return null;
  return {
    rules: needsCheckoutSources(state) ? await loadCheckoutSources(db, website, state) : null,
    giftCards: hasGiftCards ? await giftCardBalancesOf(db, website, state.giftCardCodes!) : [],
  };
}

/** What each of the cart's gift cards can still pay; cards that can no longer pay (spent, disabled) show 0. */
async function giftCardBalancesOf(db: Kysely<Database>, website: Website, codes: readonly string[]): Promise<CartGiftCardBalance[]> {
  const balances = await giftCardBalances(db, website, codes);
  return balances.map(({ last4, balanceCents, usable }) => ({ last4, balanceCents: usable ? balanceCents : 0 }));
}
