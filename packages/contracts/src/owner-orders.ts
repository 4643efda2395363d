import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, NO_NUL_PATTERN, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';
import { AddressSchema } from './cart';
import { MoneySchema, OrderItemSchema } from './orders';
import { PERMISSIONS, type Permission } from './owner-roles';

/** Order management, API keys and the product feed (issue 12; platform spec §2: API keys panel, dynamic ads feed). */

// ---------------------------------------------------------------------------------------------
// Orders

export const ORDER_STATUSES = ['placed', 'partially_fulfilled', 'fulfilled', 'cancelled', 'refunded'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** The owner's order list pages: 25 orders by default, at most 100. */
export const ORDER_PAGE_SIZE = { default: 25, max: 100 } as const;

export const OWNER_ORDER_MESSAGES = {
  orderId: 'orderId must be an order id.',
  from: 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone).',
  to: 'to must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone).',
  status: `status must be one of ${ORDER_STATUSES.join(', ')}.`,
  email: 'email must be at most 256 characters.',
  emailPrefix: 'emailPrefix must be 1 to 256 characters.',
  number: 'number must be an order number, like 1001 or #1001.',
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${ORDER_PAGE_SIZE.max}.`,
  note: 'note must be at most 500 characters.',
  idempotencyKey: 'idempotencyKey must be 8 to 100 letters, digits, dashes or underscores.',
  amountCents: 'amountCents must be a whole number of cents above 0.',
} as const;

const tags = ['owner-orders'];

/** A date, or a date and time with its zone: what a date picker or an API client sends. */
const DATE_OR_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$';

export const OrderStatusSchema = Type.Unsafe<OrderStatusName>({ type: 'string', enum: [...ORDER_STATUSES] });

const OrderFilterProperties = {
  /** Orders created at or after this (a date: from that day's start, UTC). */
  from: Type.Optional(Text({ pattern: DATE_OR_TIME_PATTERN, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.from })),
  /** Orders created before this (a date: through the end of that day, UTC). */
  to: Type.Optional(Text({ pattern: DATE_OR_TIME_PATTERN, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.to })),
  status: Type.Optional(Text({ pattern: `^(${ORDER_STATUSES.join('|')})$`, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.status })),
  /** The shopper's email, whole, in any case. */
  email: Type.Optional(Text({ maxLength: 256, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.email })),
  /** The start of the shopper's email, in any case. */
  emailPrefix: Type.Optional(Text({ minLength: 1, maxLength: 256, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.emailPrefix })),
  /** The order's human number (1001, or #1001 as it is shown). */
  number: Type.Optional(Text({ pattern: '^#?[0-9]{1,9}$', [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.number })),
};

export const ListOwnerOrdersQuerySchema = RequestQuery({
  ...OrderFilterProperties,
  /** The previous page's nextCursor. */
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,200}$', [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.cursor })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.limit })),
});
export type ListOwnerOrdersQuery = Static<typeof ListOwnerOrdersQuerySchema>;

export const ExportOwnerOrdersQuerySchema = RequestQuery(OrderFilterProperties);
export type ExportOwnerOrdersQuery = Static<typeof ExportOwnerOrdersQuerySchema>;

export const OrderIdParamsSchema = RequestParams({
  orderId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.orderId }),
});

/** One row of the owner's order list. */
export const OwnerOrderSummarySchema = ResponseObject({
  id: Type.String(),
  /** The human number, per website: 1001, 1002, … */
  orderNumber: Type.Integer(),
  /** Milliseconds since the epoch. */
  created: Type.Integer(),
  email: Type.String(),
  status: OrderStatusSchema,
  testMode: Type.Boolean(),
  grandTotal: MoneySchema,
  refundedTotal: MoneySchema,
  itemCount: Type.Integer(),
});
export type OwnerOrderSummaryJson = Static<typeof OwnerOrderSummarySchema>;

export const ListOwnerOrdersReplySchema = ResponseObject({
  orders: Type.Array(OwnerOrderSummarySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ListOwnerOrdersReply = Static<typeof ListOwnerOrdersReplySchema>;

/** The steps an order's history shows (issue 12; issue 38 added partial fulfilment and the steps of returns). */
export const ORDER_EVENT_KINDS = [
  'fulfilled', 'partially_fulfilled', 'cancelled', 'refunded', 'paid', 'return_requested', 'return_approved', 'return_declined', 'return_received', 'return_refunded',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const OrderEventSchema = ResponseObject({
  kind: Type.Unsafe<OrderEventKind>({ type: 'string', enum: [...ORDER_EVENT_KINDS] }),
  at: Type.Integer(),
  /** A refund's amount; null for fulfilment and cancellation. */
  amount: Type.Union([MoneySchema, Type.Null()]),
  /** Who did it: the owner's email, 'API key vk_…', or a job. */
  by: Type.String(),
  note: Type.String(),
});

/** A line of the order with how much of it was shipped and asked back (issue 38): the ids fulfilments and returns name. */
export const OrderLineProgressSchema = ResponseObject({
  lineId: Type.String(),
  sku: Type.String(),
  productName: Type.String(),
  quantity: Type.Integer(),
  fulfilled: Type.Integer(),
  /** What returns asked back (declined returns do not count). */
  returned: Type.Integer(),
});
export type OrderLineProgressJson = Static<typeof OrderLineProgressSchema>;

const LineQuantityJson = ResponseObject({ lineId: Type.String(), quantity: Type.Integer() });

/** One parcel: its carrier, tracking number and link, and the lines in it. */
export const OrderFulfilmentSchema = ResponseObject({
  id: Type.String(),
  /** ups, usps, fedex, dhl, royal-mail, canada-post, australia-post, postnl or other. */
  carrier: Type.String(),
  /** The carrier's name as shown: 'Royal Mail', or 'Other'. */
  carrierName: Type.String(),
  trackingNumber: Type.String(),
  trackingUrl: Type.Union([Type.String(), Type.Null()]),
  created: Type.Integer(),
  by: Type.String(),
  lines: Type.Array(LineQuantityJson),
});
export type OrderFulfilmentJson = Static<typeof OrderFulfilmentSchema>;

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;
export type ReturnStatusName = (typeof RETURN_STATUSES)[number];

/** A return as the owner and the shopper see it. */
export const OrderReturnSchema = ResponseObject({
  id: Type.String(),
  status: Type.Unsafe<ReturnStatusName>({ type: 'string', enum: [...RETURN_STATUSES] }),
  reason: Type.String(),
  /** The reason as shown: 'It does not fit'. */
  reasonLabel: Type.String(),
  note: Type.String(),
  declineMessage: Type.String(),
  refunded: MoneySchema,
  created: Type.Integer(),
  lines: Type.Array(ResponseObject({ lineId: Type.String(), quantity: Type.Integer(), restock: Type.Boolean() })),
});
export type OrderReturnJson = Static<typeof OrderReturnSchema>;

/** An order as the owner sees it: the shopper's Order plus its state and history. */
export const OwnerOrderSchema = ResponseObject({
  id: Type.String(),
  /** The human number, per website: 1001, 1002, … */
  orderNumber: Type.Integer(),
  created: Type.Integer(),
  email: Type.String(),
  status: OrderStatusSchema,
  testMode: Type.Boolean(),
  items: Type.Array(OrderItemSchema),
  subtotal: MoneySchema,
  shippingTotal: MoneySchema,
  taxTotal: MoneySchema,
  grandTotal: MoneySchema,
  refundedTotal: MoneySchema,
  /** What may still be refunded: grandTotal − refundedTotal. */
  refundable: MoneySchema,
  fulfilledAt: Type.Union([Type.Integer(), Type.Null()]),
  cancelledAt: Type.Union([Type.Integer(), Type.Null()]),
  paymentProvider: Type.String(),
  history: Type.Array(OrderEventSchema),
  // Fulfilment and returns (issue 38):
  lines: Type.Array(OrderLineProgressSchema),
  fulfilments: Type.Array(OrderFulfilmentSchema),
  returns: Type.Array(OrderReturnSchema),
  // Checkout (issue 17):
  discountTotal: MoneySchema,
  /** What gift cards paid of the grand total. */
  giftCardTotal: MoneySchema,
  couponCodes: Type.Array(Type.String()),
  shippingOptionName: Type.Union([Type.String(), Type.Null()]),
  shippingAddress: Type.Union([AddressSchema, Type.Null()]),
  billingAddress: Type.Union([AddressSchema, Type.Null()]),
  /** pending (the provider still confirms), paid, failed or expired (the order was let go). */
  paymentStatus: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('failed'), Type.Literal('expired')]),
  /** While the payment is pending: when the order is let go and its stock returned (ms since the epoch). */
  paymentExpiresAt: Type.Union([Type.Integer(), Type.Null()]),
  /** A manual method's label ('Bank transfer') and the instructions the shopper was given; null for other orders. */
  manualPayment: Type.Union([ResponseObject({ label: Type.String(), instructions: Type.String() }), Type.Null()]),
});
export type OwnerOrderJson = Static<typeof OwnerOrderSchema>;

export const OwnerOrderReplySchema = ResponseObject({ order: OwnerOrderSchema });
export type OwnerOrderReply = Static<typeof OwnerOrderReplySchema>;

const NoteSchema = Type.Optional(Text({ maxLength: 500, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.note }));

export const OrderChangeBodySchema = RequestBody({ note: NoteSchema });
export type OrderChangeBody = Static<typeof OrderChangeBodySchema>;

export const RefundOrderBodySchema = RequestBody({
  /** The caller's key for this refund: the same key again answers the first refund, and refunds nothing more. */
  idempotencyKey: Text({ pattern: '^[A-Za-z0-9_-]{8,100}$', [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.idempotencyKey }),
  /** Minor units; the whole refundable amount when left out. */
  amountCents: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, [MESSAGE_KEYWORD]: OWNER_ORDER_MESSAGES.amountCents })),
  note: NoteSchema,
});
export type RefundOrderBody = Static<typeof RefundOrderBodySchema>;

export const RefundReplySchema = ResponseObject({
  order: OwnerOrderSchema,
  refund: ResponseObject({ amount: MoneySchema, idempotencyKey: Type.String(), paymentReference: Type.String() }),
  /** true when this key had already refunded: nothing more was refunded. */
  replayed: Type.Boolean(),
});
export type RefundReply = Static<typeof RefundReplySchema>;

export const listOwnerOrdersContract = defineContract({
  operationId: 'listOwnerOrders',
  method: 'GET',
  url: '/api/owner/orders',
  summary: 'The orders, newest first, filtered by creation date, status, email (exact or prefix, any case) and order number, in cursor pages.',
  tags,
  access: 'orders:read',
  schema: { querystring: ListOwnerOrdersQuerySchema, response: { 200: ListOwnerOrdersReplySchema, ...ERROR_RESPONSES } },
});

export const exportOwnerOrdersContract = defineContract({
  operationId: 'exportOwnerOrders',
  method: 'GET',
  url: '/api/owner/orders/export.csv',
  summary: 'The filtered orders as CSV (streamed), one row per order, money as decimals in the store currency.',
  tags,
  access: 'orders:read',
  schema: { querystring: ExportOwnerOrdersQuerySchema, response: { 200: Type.String({ description: 'text/csv' }), ...ERROR_RESPONSES } },
});

export const getOwnerOrderContract = defineContract({
  operationId: 'getOwnerOrder',
  method: 'GET',
  url: '/api/owner/orders/:orderId',
  summary: 'One order: its lines, totals, email, status and fulfilment, cancellation and refund history.',
  tags,
  access: 'orders:read',
  schema: { params: OrderIdParamsSchema, response: { 200: OwnerOrderReplySchema, ...ERROR_RESPONSES } },
});

export const fulfilOrderContract = defineContract({
  operationId: 'fulfilOrder',
  method: 'POST',
  url: '/api/owner/orders/:orderId/fulfil',
  summary: 'Marks a placed order fulfilled, all of it at once with no tracking (POST …/fulfilments ships lines with tracking).',
  tags,
  access: 'orders:write',
  schema: { params: OrderIdParamsSchema, body: OrderChangeBodySchema, response: { 200: OwnerOrderReplySchema, ...ERROR_RESPONSES } },
});

export const cancelOrderContract = defineContract({
  operationId: 'cancelOrder',
  method: 'POST',
  url: '/api/owner/orders/:orderId/cancel',
  summary: 'Cancels a placed order and puts its stock back (once, however many cancels race). Money goes back only by a refund.',
  tags,
  access: 'orders:write',
  schema: { params: OrderIdParamsSchema, body: OrderChangeBodySchema, response: { 200: OwnerOrderReplySchema, ...ERROR_RESPONSES } },
});

export const markOrderPaidContract = defineContract({
  operationId: 'markOrderPaid',
  method: 'POST',
  url: '/api/owner/orders/:orderId/mark-paid',
  summary: "Records that an order placed with the manual method (bank transfer, cash on delivery) was paid: once, however many requests race; downloads and gift cards are delivered then.",
  tags,
  access: 'orders:write',
  schema: { params: OrderIdParamsSchema, body: OrderChangeBodySchema, response: { 200: OwnerOrderReplySchema, ...ERROR_RESPONSES } },
});

export const refundOrderContract = defineContract({
  operationId: 'refundOrder',
  method: 'POST',
  url: '/api/owner/orders/:orderId/refunds',
  summary: 'Refunds all or part of what is left of an order through its payment provider (test mode: no money moves); idempotent by key.',
  tags,
  access: 'orders:write',
  schema: { params: OrderIdParamsSchema, body: RefundOrderBodySchema, response: { 200: RefundReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// API keys (the API keys panel)

export const API_KEY_LIMITS = { nameMaxLength: 100, perWebsite: 100 } as const;

export const API_KEY_MESSAGES = {
  name: `name must be 1 to ${API_KEY_LIMITS.nameMaxLength} characters.`,
  scopes: 'scopes must list one or more permissions, each once.',
  keyId: 'keyId must be an API key id.',
} as const;

const apiKeyTags = ['owner-api-keys'];

/** A permission a key may be given (the contributor permissions of owner-roles.ts). */
const ScopeSchema = Type.Unsafe<Permission>({
  type: 'string',
  enum: Object.keys(PERMISSIONS),
  pattern: NO_NUL_PATTERN,
  [MESSAGE_KEYWORD]: API_KEY_MESSAGES.scopes,
});

export const ApiKeySchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  /** 'vk_' and the secret's first 8 characters, to tell keys apart; never the secret. */
  prefix: Type.String(),
  scopes: Type.Array(Type.String()),
  created: Type.Integer(),
  lastUsed: Type.Union([Type.Integer(), Type.Null()]),
});
export type ApiKeyJson = Static<typeof ApiKeySchema>;

export const CreateApiKeyBodySchema = RequestBody({
  name: Text({ minLength: 1, maxLength: API_KEY_LIMITS.nameMaxLength, [MESSAGE_KEYWORD]: API_KEY_MESSAGES.name }),
  scopes: Type.Array(ScopeSchema, {
    minItems: 1,
    maxItems: Object.keys(PERMISSIONS).length,
    uniqueItems: true,
    [MESSAGE_KEYWORD]: API_KEY_MESSAGES.scopes,
  }),
});
export type CreateApiKeyBody = Static<typeof CreateApiKeyBodySchema>;

export const CreatedApiKeySchema = ResponseObject({
  apiKey: ApiKeySchema,
  /** The key itself (vk_…): shown this once, never again. Send it as `Authorization: Bearer vk_…`. */
  secret: Type.String(),
});
export type CreatedApiKeyReply = Static<typeof CreatedApiKeySchema>;

export const ApiKeyIdParamsSchema = RequestParams({
  keyId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: API_KEY_MESSAGES.keyId }),
});

export const listApiKeysContract = defineContract({
  operationId: 'listApiKeys',
  method: 'GET',
  url: '/api/owner/api-keys',
  summary: "The website's API keys, newest first: name, prefix, scopes, when made and last used; never the secret.",
  tags: apiKeyTags,
  access: 'api-keys:manage',
  schema: { response: { 200: ResponseObject({ apiKeys: Type.Array(ApiKeySchema) }), ...ERROR_RESPONSES } },
});

export const createApiKeyContract = defineContract({
  operationId: 'createApiKey',
  method: 'POST',
  url: '/api/owner/api-keys',
  summary: 'Creates an API key with scopes (at most the creator\'s own permissions); the secret is in this answer only.',
  tags: apiKeyTags,
  access: 'api-keys:manage',
  schema: { body: CreateApiKeyBodySchema, response: { 201: CreatedApiKeySchema, ...ERROR_RESPONSES } },
});

export const deleteApiKeyContract = defineContract({
  operationId: 'deleteApiKey',
  method: 'DELETE',
  url: '/api/owner/api-keys/:keyId',
  summary: 'Deletes an API key (the panel confirms first); calls made with it are refused from then on.',
  tags: apiKeyTags,
  access: 'api-keys:manage',
  schema: { params: ApiKeyIdParamsSchema, response: { 200: ResponseObject({ deleted: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const getCurrentApiKeyContract = defineContract({
  operationId: 'getCurrentApiKey',
  method: 'GET',
  url: '/api/owner/api-keys/current',
  summary: 'The API key making this call and its scopes (the headless counterpart of /api/owner/me).',
  tags: apiKeyTags,
  access: 'contributor',
  schema: { response: { 200: ResponseObject({ apiKey: ApiKeySchema }), ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// The dynamic ads feed: the product feed URL and the saved pixel id

export const PRODUCT_FEED_MESSAGES = {
  pixelId: 'pixelId must be a pixel id of 10 to 20 digits, or null to remove it.',
  feedToken: 'This product feed link is not valid.',
} as const;

/** A pixel id: digits only (Meta's are 15 or 16 today); null clears it. */
export const PIXEL_ID_PATTERN = '^[0-9]{10,20}$';

export const ProductFeedSettingsSchema = ResponseObject({
  /** The feed's address (Google Merchant RSS 2.0): copy it into the ads platform. */
  feedUrl: Type.String(),
  pixelId: Type.Union([Type.String(), Type.Null()]),
});
export type ProductFeedSettingsJson = Static<typeof ProductFeedSettingsSchema>;

export const SavePixelBodySchema = RequestBody({
  pixelId: Type.Union([Text({ pattern: PIXEL_ID_PATTERN }), Type.Null()], { [MESSAGE_KEYWORD]: PRODUCT_FEED_MESSAGES.pixelId }),
});
export type SavePixelBody = Static<typeof SavePixelBodySchema>;

export const FeedTokenParamsSchema = RequestParams({
  feedToken: Text({ pattern: '^[A-Za-z0-9_-]{1,64}$', [MESSAGE_KEYWORD]: PRODUCT_FEED_MESSAGES.feedToken }),
});

const feedTags = ['product-feed'];

export const getProductFeedSettingsContract = defineContract({
  operationId: 'getProductFeedSettings',
  method: 'GET',
  url: '/api/owner/product-feed',
  summary: 'The product feed URL to copy and the saved pixel id (the dynamic ads feed panel).',
  tags: feedTags,
  access: 'store-settings:read',
  schema: { response: { 200: ProductFeedSettingsSchema, ...ERROR_RESPONSES } },
});

export const rotateProductFeedTokenContract = defineContract({
  operationId: 'rotateProductFeedToken',
  method: 'POST',
  url: '/api/owner/product-feed/token',
  summary: 'Gives the product feed a new URL; the old one stops answering.',
  tags: feedTags,
  access: 'store-settings:write',
  schema: { body: RequestBody({}), response: { 200: ProductFeedSettingsSchema, ...ERROR_RESPONSES } },
});

export const saveProductFeedPixelContract = defineContract({
  operationId: 'saveProductFeedPixel',
  method: 'PUT',
  url: '/api/owner/product-feed/pixel',
  summary: 'Saves the ads pixel id (or removes it with null).',
  tags: feedTags,
  access: 'store-settings:write',
  schema: { body: SavePixelBodySchema, response: { 200: ProductFeedSettingsSchema, ...ERROR_RESPONSES } },
});

export const getProductFeedContract = defineContract({
  operationId: 'getProductFeed',
  method: 'GET',
  url: '/api/product-feed/:feedToken',
  summary: 'The product feed (RSS 2.0 with the Google Merchant g: namespace), one item per variant; its URL is the secret.',
  tags: feedTags,
  schema: { params: FeedTokenParamsSchema, response: { 200: Type.String({ description: 'application/rss+xml' }), ...ERROR_RESPONSES } },
});

export const OWNER_ORDER_CONTRACTS = [
  listOwnerOrdersContract,
  exportOwnerOrdersContract,
  getOwnerOrderContract,
  fulfilOrderContract,
  cancelOrderContract,
  refundOrderContract,
  markOrderPaidContract,
  listApiKeysContract,
  createApiKeyContract,
  deleteApiKeyContract,
  getCurrentApiKeyContract,
  getProductFeedSettingsContract,
  rotateProductFeedTokenContract,
  saveProductFeedPixelContract,
  getProductFeedContract,
] as const;
