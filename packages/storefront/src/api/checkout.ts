// Types only: the contracts' schemas (TypeBox values) stay out of the browser bundle.
import type { CartCodeBody, CartReply, PendingPaymentJson, ShoppingCartJson, UpdateCheckoutBody } from '@vitrine/contracts';
import { requestJson } from './http';

/**
 * The checkout page's calls (issue 17). A module of their own, imported only by the checkout's on-demand chunk,
 * so the every-page script does not carry them (api/commerce.ts is part of it).
 */

/**
 * A payment the browser still has to confirm with the provider (Stripe's Payment Element). The server sends it
 * only when the order's payment is pending (placeOrder's answer); test mode pays at once and sends none.
 */
export type PendingPayment = PendingPaymentJson;

// The checkout page's calls on the cart being checked out (`cartToken`: express, subscription and gift card carts;
// none: the visitor's own). Each answers the whole cart with its totals recomputed.

const tokenQuery = (cartToken: string | undefined) => (cartToken ? `?cartToken=${encodeURIComponent(cartToken)}` : '');
const withToken = <T extends object>(body: T, cartToken: string | undefined) => (cartToken ? { ...body, cartToken } : body);

export function fetchCheckoutCart(cartToken?: string) {
  return requestJson<ShoppingCartJson>('GET', `/api/commerce/shopping-cart${tokenQuery(cartToken)}`);
}

export function updateCheckout(request: UpdateCheckoutBody, cartToken?: string) {
  return requestJson<CartReply>('PUT', '/api/commerce/shopping-cart/checkout', withToken(request, cartToken));
}

export function applyCoupon(code: CartCodeBody['code'], cartToken?: string) {
  return requestJson<CartReply>('POST', '/api/commerce/shopping-cart/coupons', withToken({ code }, cartToken));
}

export function removeCoupon(code: string, cartToken?: string) {
  return requestJson<CartReply>('DELETE', `/api/commerce/shopping-cart/coupons/${encodeURIComponent(code)}${tokenQuery(cartToken)}`);
}

export function applyGiftCard(code: CartCodeBody['code'], cartToken?: string) {
  return requestJson<CartReply>('POST', '/api/commerce/shopping-cart/gift-cards', withToken({ code }, cartToken));
}

export function removeGiftCard(last4: string, cartToken?: string) {
  return requestJson<CartReply>('DELETE', `/api/commerce/shopping-cart/gift-cards/${encodeURIComponent(last4)}${tokenQuery(cartToken)}`);
}

