import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/** The owner's subscriptions (issue 17 item 8): started by paid subscription orders, renewed by the server's job. */

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled', 'completed'] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

/** The owner's subscription list pages: 25 by default, at most 100. */
export const SUBSCRIPTION_PAGE_SIZE = { default: 25, max: 100 } as const;

export const OWNER_SUBSCRIPTION_MESSAGES = {
  subscriptionId: 'subscriptionId must be a subscription id.',
  status: `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${SUBSCRIPTION_PAGE_SIZE.max}.`,
} as const;

const tags = ['owner-subscriptions'];

export const SubscriptionStatusSchema = Type.Unsafe<SubscriptionStatusName>({ type: 'string', enum: [...SUBSCRIPTION_STATUSES] });

export const ListOwnerSubscriptionsQuerySchema = RequestQuery({
  status: Type.Optional(Text({ pattern: `^(${SUBSCRIPTION_STATUSES.join('|')})$`, [MESSAGE_KEYWORD]: OWNER_SUBSCRIPTION_MESSAGES.status })),
  /** The previous page's nextCursor. */
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,300}$', [MESSAGE_KEYWORD]: OWNER_SUBSCRIPTION_MESSAGES.cursor })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', [MESSAGE_KEYWORD]: OWNER_SUBSCRIPTION_MESSAGES.limit })),
});
export type ListOwnerSubscriptionsQuery = Static<typeof ListOwnerSubscriptionsQuerySchema>;

export const SubscriptionIdParamsSchema = RequestParams({
  subscriptionId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: OWNER_SUBSCRIPTION_MESSAGES.subscriptionId }),
});

const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/** One subscription as the owner sees it. */
export const OwnerSubscriptionSchema = ResponseObject({
  id: Type.String(),
  /** The shopper's email. */
  email: Type.String(),
  productName: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  status: SubscriptionStatusSchema,
  /** 'Active', 'Past due', 'Cancelled', 'Completed'. */
  statusLabel: Type.String(),
  /** The format library's wording: '$18.00 every month', '$25.00 every 2 weeks for 6 months'. */
  wording: Type.String(),
  unitPriceCents: Type.Integer(),
  currency: Type.String(),
  /** Cycles paid so far (the first order is cycle 1). */
  cyclesBilled: Type.Integer(),
  /** 0 = indefinite. */
  totalCycles: Type.Integer(),
  /** 'Cycle 2 of 6', 'Cycle 2'. */
  cyclesLabel: Type.String(),
  /** Milliseconds since the epoch; null once cancelled or completed. */
  nextRenewalAt: NullableInteger,
  created: Type.Integer(),
  cancelledAt: NullableInteger,
  /** 'shopper', 'owner', 'payment' (the last retry failed), or null. */
  cancelledBy: Type.Union([Type.String(), Type.Null()]),
  cancellable: Type.Boolean(),
  testMode: Type.Boolean(),
  firstOrderId: Type.String(),
});
export type OwnerSubscriptionJson = Static<typeof OwnerSubscriptionSchema>;

export const ListOwnerSubscriptionsReplySchema = ResponseObject({
  subscriptions: Type.Array(OwnerSubscriptionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ListOwnerSubscriptionsReply = Static<typeof ListOwnerSubscriptionsReplySchema>;

export const CancelOwnerSubscriptionReplySchema = ResponseObject({
  subscription: OwnerSubscriptionSchema,
  /** false when it was already cancelled or completed: nothing changed. */
  changed: Type.Boolean(),
});
export type CancelOwnerSubscriptionReply = Static<typeof CancelOwnerSubscriptionReplySchema>;

export const listOwnerSubscriptionsContract = defineContract({
  operationId: 'listOwnerSubscriptions',
  method: 'GET',
  url: '/api/owner/subscriptions',
  summary: 'The subscriptions, newest first, optionally of one status, in cursor pages.',
  tags,
  access: 'orders:read',
  schema: { querystring: ListOwnerSubscriptionsQuerySchema, response: { 200: ListOwnerSubscriptionsReplySchema, ...ERROR_RESPONSES } },
});

export const cancelOwnerSubscriptionContract = defineContract({
  operationId: 'cancelOwnerSubscription',
  method: 'POST',
  url: '/api/owner/subscriptions/:subscriptionId/cancel',
  summary: 'Cancels a subscription: no renewal is charged after this (idempotent: a cancelled or completed one is answered as it is).',
  tags,
  access: 'orders:write',
  schema: { params: SubscriptionIdParamsSchema, response: { 200: CancelOwnerSubscriptionReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_SUBSCRIPTION_CONTRACTS = [listOwnerSubscriptionsContract, cancelOwnerSubscriptionContract] as const;
