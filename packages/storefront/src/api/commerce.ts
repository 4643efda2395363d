import type { Order, ShoppingCart, StoreSettings } from '@vitrine/commerce';
import type { StorefrontProduct } from '../types';
import { requestJson } from './http';

/** The calls the islands make; paths and bodies follow the HTTP contract in DESIGN/contracts. */

export interface AddEntryRequest {
  itemId: string;
  sku: string;
  quantity: number;
  /** JSON string of the additional-fields form values. */
  additionalFields?: string;
}

export function addCartEntry(request: AddEntryRequest) {
  return requestJson<{ shoppingCart: ShoppingCart; newlyAdded: unknown }>(
    'POST',
    '/api/commerce/shopping-cart/entries',
    request,
  );
}

export function updateEntryQuantity(entryId: string, quantity: number) {
  return requestJson<{ shoppingCart: ShoppingCart }>(
    'PUT',
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/quantity`,
    { quantity },
  );
}

export function updateEntryAdditionalFields(
  entryId: string,
  request: { itemId: string; sku: string; additionalFields: string },
) {
  return requestJson<{ shoppingCart: ShoppingCart; updatedEntry: unknown }>(
    'PUT',
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`,
    request,
  );
}

export function removeCartEntry(entryId: string) {
  return requestJson<{ shoppingCart: ShoppingCart }>(
    'DELETE',
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`,
  );
}

export function fetchCart() {
  return requestJson<ShoppingCart>('GET', '/api/commerce/shopping-cart?calculateSubtotal=true');
}

export function startSubscription(request: { itemId: string; sku: string; qty: number; additionalFields?: string }) {
  return requestJson<{ cartToken: string }>('POST', '/api/3/commerce/cart/subscription', request);
}

export function startExpressCheckout(request: AddEntryRequest) {
  return requestJson<{ cartToken: string }>('POST', '/api/commerce/express-checkout', request);
}

export function fetchStock(itemId: string) {
  return requestJson<{ results: { variantId: string; sku: string; unlimited: boolean; qtyInStock: number }[] }>(
    'GET',
    `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`,
  );
}

export function placeOrder(request: { email: string; cartToken?: string }) {
  return requestJson<{ order: Order }>('POST', '/api/commerce/orders', request);
}

/** Where the browser goes after each kind of purchase. */
export const checkoutUrls = {
  checkout: (cartToken: string) => `/checkout?cartToken=${encodeURIComponent(cartToken)}`,
  subscription: (cartToken: string) => `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`,
  giftCard: (itemId: string, sku: string) =>
    `/checkout/gift-card?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`,
  orderConfirmed: (orderId: string) => `/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}`,
};

/** A product page's context (`?format=json`): what the quick view needs to show the product form. */
export function fetchProductPage(productUrl: string) {
  const separator = productUrl.includes('?') ? '&' : '?';
  return requestJson<{ item: StorefrontProduct; websiteSettings?: { storeSettings?: StoreSettings } }>(
    'GET',
    `${productUrl}${separator}format=json`,
  );
}
