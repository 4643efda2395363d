import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * The owner's gift cards (issue 17 item 7): the list (last four characters only: the codes are never stored) and
 * disabling a card. Listing shows shoppers' addresses, so it needs orders:read; disabling needs orders:write.
 */

const tags = ['owner-gift-cards'];

export const GIFT_CARD_PAGE_SIZE = { default: 25, max: 100 } as const;

export const OWNER_GIFT_CARD_MESSAGES = {
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${GIFT_CARD_PAGE_SIZE.max}.`,
  q: 'Search by the last 4 characters of a code or by an email address (up to 256 characters).',
  giftCardId: 'giftCardId must be a gift card id.',
  notFound: 'This gift card does not exist.',
  alreadyDisabled: 'This gift card is already disabled.',
} as const;

export const ListOwnerGiftCardsQuerySchema = RequestQuery({
  q: Type.Optional(Text({ maxLength: LIMITS.emailMaxLength, [MESSAGE_KEYWORD]: OWNER_GIFT_CARD_MESSAGES.q })),
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,300}$', [MESSAGE_KEYWORD]: OWNER_GIFT_CARD_MESSAGES.cursor })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', [MESSAGE_KEYWORD]: OWNER_GIFT_CARD_MESSAGES.limit })),
});
export type ListOwnerGiftCardsQuery = Static<typeof ListOwnerGiftCardsQuerySchema>;

/** active: can pay; scheduled: its mail waits for the send date; empty: nothing left; disabled: by the owner. */
export const GIFT_CARD_STATUSES = ['active', 'scheduled', 'empty', 'disabled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const OwnerGiftCardSchema = ResponseObject({
  id: Type.String(),
  last4: Type.String(),
  initialCents: Type.Integer(),
  balanceCents: Type.Integer(),
  currency: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('scheduled'), Type.Literal('empty'), Type.Literal('disabled')]),
  purchaserEmail: NullableString,
  recipientEmail: NullableString,
  recipientName: NullableString,
  /** YYYY-MM-DD: the day the code is (or was) mailed. */
  sendOn: NullableString,
  orderId: NullableString,
  orderNumber: Type.Union([Type.Integer(), Type.Null()]),
  disabledAt: NullableString,
  createdAt: Type.String(),
});
export type OwnerGiftCard = Static<typeof OwnerGiftCardSchema>;

export const ListOwnerGiftCardsReplySchema = ResponseObject({
  giftCards: Type.Array(OwnerGiftCardSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: NullableString,
});
export type ListOwnerGiftCardsReply = Static<typeof ListOwnerGiftCardsReplySchema>;

export const listOwnerGiftCardsContract = defineContract({
  operationId: 'listOwnerGiftCards',
  method: 'GET',
  url: '/api/owner/gift-cards',
  summary: 'The gift cards, newest first, searched by the last 4 characters of the code or an email (buyer or recipient), in cursor pages.',
  tags,
  access: 'orders:read',
  schema: { querystring: ListOwnerGiftCardsQuerySchema, response: { 200: ListOwnerGiftCardsReplySchema, ...ERROR_RESPONSES } },
});

export const GiftCardParamsSchema = RequestParams({
  giftCardId: Text({ minLength: 1, maxLength: LIMITS.idLength, [MESSAGE_KEYWORD]: OWNER_GIFT_CARD_MESSAGES.giftCardId }),
});

export const disableGiftCardContract = defineContract({
  operationId: 'disableGiftCard',
  method: 'POST',
  url: '/api/owner/gift-cards/:giftCardId/disable',
  summary: 'Disables a gift card: it pays for nothing more (its balance is kept, for the record).',
  tags,
  access: 'orders:write',
  schema: { params: GiftCardParamsSchema, response: { 200: ResponseObject({ giftCard: OwnerGiftCardSchema }), ...ERROR_RESPONSES } },
});

export const OWNER_GIFT_CARD_CONTRACTS = [listOwnerGiftCardsContract, disableGiftCardContract] as const;
