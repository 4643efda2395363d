import Type, { type Static } from 'typebox';
import { GIFT_CARD_LIMITS, GIFT_CARD_MESSAGES } from '@vitrine/commerce/gift-cards';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { FIELD_MESSAGES } from './messages';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';
import { MoneySchema } from './orders';

/**
 * Gift cards, the shopper's calls (issue 17 item 7): what the buyer types on the gift card page before paying
 * (who receives the card, when), and a code's balance. The delivery's rules are commerce's
 * (checkGiftCardDelivery), checked again by the server; the schema only bounds sizes.
 */

const tags = ['gift-cards'];

const OptionalText = (maxLength: number, message: string) => Type.Optional(Type.Union([Text({ maxLength }), Type.Null()], { [MESSAGE_KEYWORD]: message }));

export const GiftCardDeliveryBodySchema = RequestBody({
  cartToken: Text({ minLength: 1, maxLength: LIMITS.cartTokenLength, [MESSAGE_KEYWORD]: FIELD_MESSAGES.cartToken }),
  recipientEmail: Text({ maxLength: LIMITS.emailMaxLength, [MESSAGE_KEYWORD]: GIFT_CARD_MESSAGES.recipientEmail }),
  // Bounds several times the rules' limits: the rule, not the schema, says what is too long (in characters).
  recipientName: OptionalText(GIFT_CARD_LIMITS.nameLength * 4, GIFT_CARD_MESSAGES.recipientName),
  senderName: OptionalText(GIFT_CARD_LIMITS.nameLength * 4, GIFT_CARD_MESSAGES.senderName),
  message: OptionalText(GIFT_CARD_LIMITS.messageLength * 4, GIFT_CARD_MESSAGES.message),
  sendOn: OptionalText(10, GIFT_CARD_MESSAGES.sendOn),
});
export type GiftCardDeliveryBody = Static<typeof GiftCardDeliveryBodySchema>;

export const GiftCardDeliveryReplySchema = ResponseObject({
  delivery: ResponseObject({
    recipientEmail: Type.String(),
    recipientName: Type.Union([Type.String(), Type.Null()]),
    senderName: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
    /** YYYY-MM-DD in the store's calendar; the code is mailed at 09:00 UTC that day (at once for today). */
    sendOn: Type.String(),
  }),
});
export type GiftCardDeliveryReply = Static<typeof GiftCardDeliveryReplySchema>;

export const saveGiftCardDeliveryContract = defineContract({
  operationId: 'saveGiftCardDelivery',
  method: 'PUT',
  url: '/api/commerce/gift-card-delivery',
  summary: "The gift card page's \"Send to someone else\": the recipient, names, message and send date for a gift card checkout's cart.",
  tags,
  schema: { body: GiftCardDeliveryBodySchema, response: { 200: GiftCardDeliveryReplySchema, ...ERROR_RESPONSES } },
});

export const GiftCardBalanceBodySchema = RequestBody({
  code: Text({ minLength: 1, maxLength: GIFT_CARD_LIMITS.codeInputLength, [MESSAGE_KEYWORD]: GIFT_CARD_MESSAGES.codeRequired }),
});
export type GiftCardBalanceBody = Static<typeof GiftCardBalanceBodySchema>;

export const GiftCardBalanceReplySchema = ResponseObject({
  giftCard: ResponseObject({
    /** Never more of the code than this. */
    last4: Type.String(),
    balance: MoneySchema,
    usable: Type.Boolean(),
    reason: Type.Optional(Type.String()),
  }),
});
export type GiftCardBalanceReply = Static<typeof GiftCardBalanceReplySchema>;

export const checkGiftCardBalanceContract = defineContract({
  operationId: 'checkGiftCardBalance',
  method: 'POST',
  url: '/api/commerce/gift-cards/balance',
  summary: "A gift card code's balance in the store's currency (404 for an unknown code); strictly rate limited per visitor.",
  tags,
  schema: { body: GiftCardBalanceBodySchema, response: { 200: GiftCardBalanceReplySchema, ...ERROR_RESPONSES } },
});

export const GIFT_CARD_CONTRACTS = [saveGiftCardDeliveryContract, checkGiftCardBalanceContract] as const;
