import type { StoreSettings } from '@vitrine/commerce';
// Types only: the contracts' schemas (TypeBox values) stay out of the browser bundle.
import type {
  AddCartEntryBody,
  AddCartEntryReply,
  CartReply,
  CartTokenReply,
  GetStockReply,
  PlaceOrderBody,
  PlaceOrderReply,
  ShoppingCartJson,
  StartExpressCheckoutBody,
  StartSubscriptionBody,
  UpdateCartEntryAdditionalFieldsBody,
  UpdateCartEntryAdditionalFieldsReply,
} from '@vitrine/contracts';
import type { StorefrontProduct } from '../types';
import { requestJson } from './http';

/** The calls the islands make: paths, bodies and answers are the contracts the server validates with. */

export type AddEntryRequest = AddCartEntryBody;

export function addCartEntry(request: AddCartEntryBody) {
  return requestJson<AddCartEntryReply>('POST', '/api/commerce/shopping-cart/entries', request);
}

export function updateEntryQuantity(entryId: string, quantity: number) {
  return requestJson<CartReply>('PUT', `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/quantity`, { quantity });
}

export function updateEntryAdditionalFields(entryId: string, request: UpdateCartEntryAdditionalFieldsBody) {
  return requestJson<UpdateCartEntryAdditionalFieldsReply>(
    'PUT',
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`,
    request,
  );
}

export function removeCartEntry(entryId: string) {
  return requestJson<CartReply>('DELETE', `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`);
}

export function fetchCart() {
  return requestJson<ShoppingCartJson>('GET', '/api/commerce/shopping-cart?calculateSubtotal=true');
}

export function startSubscription(request: StartSubscriptionBody) {
  return requestJson<CartTokenReply>('POST', '/api/3/commerce/cart/subscription', request);
}

export function startExpressCheckout(request: StartExpressCheckoutBody) {
  return requestJson<CartTokenReply>('POST', '/api/commerce/express-checkout', request);
}

export function fetchStock(itemId: string) {
  return requestJson<GetStockReply>('GET', `/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`);
}

export function placeOrder(request: PlaceOrderBody) {
  return requestJson<PlaceOrderReply>('POST', '/api/commerce/orders', request);
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
