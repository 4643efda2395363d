import type { CartEntry, ShoppingCart } from '@vitrine/commerce/cart';
import { computeCartTotals } from '@vitrine/commerce/cart';
import { effectiveVariantPrice } from '@vitrine/commerce/product';
import type { CartRow, Website } from '../db/schema';
import { variantJson } from '../catalog';
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

/** The whole Shopping cart (spec §3), totals computed here on the server with the shared rule. */
export function shoppingCartJson(cart: CartRow | undefined, lines: readonly CartLine[], website: Website): ShoppingCart {
  const entries = lines.map((line) => cartEntryJson(line, website));
  return {
    id: cart?.id ?? '',
    websiteId: website.id,
    orderId: cart?.order_id ?? null,
    created: cart ? cart.created_at.getTime() : 0,
    isPurchased: cart?.is_purchased ?? false,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    ...computeCartTotals(entries),
    currency: website.currency,
  };
}
