import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestQuery, ResponseObject, Text } from './fields';
import { RESTOCK_MESSAGES } from './shopper-messages';

export { RESTOCK_DEFAULT_TEXTS, RESTOCK_MESSAGES, RESTOCK_TEXT_KEYS, type RestockTextKey } from './shopper-messages';

/**
 * Back-in-stock notices (storefront spec §2, §3, §4, §5, §7): a shopper's sign-up on a sold-out variant,
 * and the store's listings and sends (owner calls at the spec's paths).
 */

const tags = ['restock'];


const IdSchema = (message: string) => Text({ minLength: 1, maxLength: LIMITS.idLength, [MESSAGE_KEYWORD]: message });

export const RestockSignUpBodySchema = RequestBody({
  isJoinMailingList: Type.Boolean({ [MESSAGE_KEYWORD]: 'isJoinMailingList must be true or false.' }),
  productId: IdSchema('This product is no longer available.'),
  variantId: IdSchema('This product option is no longer available.'),
  siteVisitorEmail: Text({
    maxLength: LIMITS.emailMaxLength,
    [MESSAGE_KEYWORD]: { default: RESTOCK_MESSAGES.emailInvalid },
  }),
  captchaToken: Type.Optional(Text({ maxLength: 4096, [MESSAGE_KEYWORD]: RESTOCK_MESSAGES.captchaMissing })),
  language: Type.Optional(Text({ maxLength: 35, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', [MESSAGE_KEYWORD]: 'language must be a language tag such as en or fr-CA.' })),
});
export type RestockSignUpBody = Static<typeof RestockSignUpBodySchema>;

/** The success answer (the spec does not show one): signed up, and whether this address was already waiting. */
export const RestockSignUpReplySchema = ResponseObject({ signedUp: Type.Literal(true), alreadySignedUp: Type.Boolean() });
export type RestockSignUpReply = Static<typeof RestockSignUpReplySchema>;

export const restockSignUpContract = defineContract({
  operationId: 'signUpForRestock',
  method: 'POST',
  url: '/api/site-users/account/notifications/restock',
  summary: 'A shopper asks to be mailed when a sold-out variant is back (a repeat is a success); optionally joins the newsletter.',
  tags,
  schema: { body: RestockSignUpBodySchema, response: { 200: RestockSignUpReplySchema, ...ERROR_RESPONSES } },
});

const CursorQuerySchema = Type.Optional(Text({ maxLength: 300 }));

export const RestockGroupSchema = ResponseObject({
  productId: Type.String(),
  variantId: Type.String(),
  productTitle: Type.String(),
  sku: Type.String(),
  /** The variant's option values, 'M / Navy' (empty for a product without options). */
  variantLabel: Type.String(),
  /** Sign-ups not yet notified. */
  count: Type.Integer(),
  inStock: Type.Boolean(),
});

export const RestockGroupsReplySchema = ResponseObject({
  signUpGroups: Type.Array(RestockGroupSchema),
  hasNextPage: Type.Boolean(),
  nextPageCursor: Type.Union([Type.String(), Type.Null()]),
});

export const listRestockGroupsContract = defineContract({
  operationId: 'listRestockGroups',
  method: 'GET',
  url: '/api/site-users/account/notifications/restock/groups',
  summary: 'One group per product and variant with waiting sign-ups: the count and whether it is back in stock (cursor pages).',
  tags,
  access: 'orders:read',
  schema: { querystring: RequestQuery({ cursor: CursorQuerySchema }), response: { 200: RestockGroupsReplySchema, ...ERROR_RESPONSES } },
});

export const RestockSignUpSchema = ResponseObject({
  id: Type.String(),
  email: Type.String(),
  isJoinMailingList: Type.Boolean(),
  createdAt: Type.String(),
});

export const listRestockSignUpsContract = defineContract({
  operationId: 'listRestockSignUps',
  method: 'GET',
  url: '/api/site-users/account/notifications/restock',
  summary: 'The waiting sign-ups of one variant, oldest first (cursor pages, stable while sign-ups arrive).',
  tags,
  access: 'orders:read',
  schema: {
    querystring: RequestQuery({
      productId: IdSchema('productId names no product.'),
      variantId: IdSchema('variantId names no variant.'),
      cursor: CursorQuerySchema,
    }),
    response: {
      200: ResponseObject({ signUps: Type.Array(RestockSignUpSchema), hasNextPage: Type.Boolean(), nextPageCursor: Type.Union([Type.String(), Type.Null()]) }),
      ...ERROR_RESPONSES,
    },
  },
});

export const RestockSendRequestSchema = RequestBody({
  productId: IdSchema('productId names no product.'),
  variantId: IdSchema('variantId names no variant.'),
});

export const RestockSendReplySchema = ResponseObject({ productId: Type.String(), variantId: Type.String(), notified: Type.Integer() });

export const sendRestockContract = defineContract({
  operationId: 'sendRestockNotices',
  method: 'POST',
  url: '/api/site-users/account/notifications/restock/send',
  summary: 'Mails every waiting sign-up of a variant that is back in stock, once each (409 while it is still sold out).',
  tags,
  access: 'orders:write',
  schema: { body: RestockSendRequestSchema, response: { 200: RestockSendReplySchema, ...ERROR_RESPONSES } },
});

export const sendAllRestockContract = defineContract({
  operationId: 'sendAllRestockNotices',
  method: 'POST',
  url: '/api/site-users/account/notifications/restock/send/all',
  summary: 'Sends for several variants; each result says how many were mailed, or why none were.',
  tags,
  access: 'orders:write',
  schema: {
    body: RequestBody({ sendRequests: Type.Array(RestockSendRequestSchema, { minItems: 1, maxItems: 100, [MESSAGE_KEYWORD]: 'sendRequests must list 1 to 100 variants.' }) }),
    response: {
      200: ResponseObject({
        results: Type.Array(ResponseObject({ productId: Type.String(), variantId: Type.String(), notified: Type.Integer(), message: Type.Optional(Type.String()) })),
      }),
      ...ERROR_RESPONSES,
    },
  },
});

export const RESTOCK_CONTRACTS = [restockSignUpContract, listRestockGroupsContract, listRestockSignUpsContract, sendRestockContract, sendAllRestockContract] as const;
