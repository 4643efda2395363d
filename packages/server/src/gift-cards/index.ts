/**
 * The gift cards domain (issue 17 item 7; tables gift_cards, gift_card_redemptions, gift_card_deliveries): cards
 * issued when an order is paid and mailed on their date, their balances, redemption inside an order's
 * transaction and its release when payment fails, the gift card page's delivery call, the owner's list.
 */
export { registerGiftCardRoutes } from './routes';
export { issueGiftCardsForOrder, giftCardMailTime, GIFT_CARD_SEND_HOUR_UTC, type IssuedGiftCard } from './issue';
export {
  giftCardBalances,
  redeemGiftCards,
  releaseGiftCardRedemptions,
  MAX_GIFT_CARD_CODES,
  type GiftCardBalance,
  type GiftCardRedemption,
  type RedeemedGiftCards,
} from './redeem';
export { saveGiftCardDelivery } from './delivery';
export { checkGiftCardBalance, GIFT_CARD_BALANCE_THROTTLE, GIFT_CARD_THROTTLE_MESSAGE } from './balance-check';
export { disableGiftCard, listOwnerGiftCards, giftCardStatusOf } from './owner';
