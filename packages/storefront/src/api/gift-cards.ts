// Types only: the contracts' schemas (TypeBox values) stay out of the browser bundle.
import type { GiftCardBalanceBody, GiftCardBalanceReply, GiftCardDeliveryBody, GiftCardDeliveryReply } from '@vitrine/contracts';
import { requestJson } from './http';

/** The gift card page's "Send to someone else", saved on the gift card checkout's cart before paying. */
export function saveGiftCardDelivery(request: GiftCardDeliveryBody) {
  return requestJson<GiftCardDeliveryReply>('PUT', '/api/commerce/gift-card-delivery', request);
}

/** A code's balance (last four, amount, whether it can pay); 404 with the shopper's message for an unknown code. */
export function checkGiftCardBalance(request: GiftCardBalanceBody) {
  return requestJson<GiftCardBalanceReply>('POST', '/api/commerce/gift-cards/balance', request);
}
