import Type, { type Static } from 'typebox';
import { CARRIER_NAMES, CARRIERS, TRACKING_NUMBER_PATTERN, type Carrier } from '@vitrine/commerce';

/** The carriers and their names, for clients (the owner app's carrier select). */
export { CARRIER_NAMES, CARRIERS, type Carrier };
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, NO_NUL_PATTERN, RequestBody, RequestParams, ResponseObject, Text } from './fields';
import { OrderIdParamsSchema, OrderReturnSchema, OrderLineProgressSchema, OwnerOrderReplySchema } from './owner-orders';

/** Fulfilment with tracking, packing slips and returns (issue 38 item 2). */

export const FULFILMENT_LIMITS = { linesMax: 200, noteMaxLength: 500, urlMaxLength: 2000, declineMessageMaxLength: 1000 } as const;

/** Why a shopper sends something back: the list the return form offers. */
export const RETURN_REASONS = {
  'does-not-fit': 'It does not fit',
  'not-as-described': 'It is not as described',
  damaged: 'It arrived damaged',
  'wrong-item': 'I received the wrong item',
  'changed-mind': 'I changed my mind',
  other: 'Another reason',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

/** The order statuses whose shipped lines the shopper may ask to return (the server's rule and the pages' links). */
export const RETURNABLE_ORDER_STATUSES: readonly string[] = ['partially_fulfilled', 'fulfilled', 'refunded'];

/** What the shopper's return form says (the order page's plain form; the JSON call's errors are these too). */
export const RETURN_REQUEST_MESSAGES = {
  otherNeedsNote: 'Tell us the reason in a few words.',
  chooseSomething: 'Choose at least one item to return.',
  requested: 'Your return request was sent. We will write to you once the store has looked at it.',
  nothingReturnable: 'Nothing in this order can be returned now.',
  notShipped: 'Items can be returned once they have been shipped.',
  expired: 'This page has expired. Reload it and try again.',
} as const;

export const FULFILMENT_MESSAGES = {
  lines: `lines must list 1 to ${FULFILMENT_LIMITS.linesMax} order lines, each with a lineId and a quantity of 1 or more.`,
  carrier: `carrier must be one of ${CARRIERS.join(', ')}.`,
  trackingNumber: 'trackingNumber must be 1 to 64 letters, digits, spaces or dashes.',
  trackingUrl: 'trackingUrl must be an http or https address.',
  trackingUrlNeeded: 'Give the tracking link (trackingUrl) for another carrier.',
  trackingNumberNeeded: 'Give the tracking number for this carrier.',
  note: `note must be at most ${FULFILMENT_LIMITS.noteMaxLength} characters.`,
  notifyShopper: 'notifyShopper must be true or false.',
  unknownLine: 'This order has no such line.',
  repeatedLine: 'Each line may be listed once.',
  tooManyToFulfil: (left: number) => (left === 0 ? 'This line has already been fulfilled in full.' : `Only ${left} of this line ${left === 1 ? 'is' : 'are'} left to fulfil.`),
  nothingLeft: 'This order has already been fulfilled in full.',
  raced: 'Another fulfilment of this order was saved first: reload the order and try again.',
  notFulfillable: 'Only a placed, paid order can be fulfilled.',
  reason: `reason must be one of ${Object.keys(RETURN_REASONS).join(', ')}.`,
  tooManyToReturn: (left: number) => (left === 0 ? 'Nothing of this line can be returned.' : `At most ${left} of this line can be returned.`),
  notReturnable: 'Only an order that has been shipped can be returned.',
  returnNotFound: 'Sorry, that return was not found.',
  returnIs: (status: string) => `This return is ${status}: it cannot be changed that way.`,
  declineMessage: `message must be 1 to ${FULFILMENT_LIMITS.declineMessageMaxLength} characters.`,
  returnId: 'returnId must be a return id.',
  restock: 'restock must list lines of this return.',
} as const;

const tags = ['owner-orders'];

const LineQuantitySchema = RequestBody({
  lineId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.lines }),
  quantity: Type.Integer({ minimum: 1, maximum: 100000, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.lines }),
});
const LinesSchema = Type.Array(LineQuantitySchema, { minItems: 1, maxItems: FULFILMENT_LIMITS.linesMax, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.lines });

export const CreateFulfilmentBodySchema = RequestBody({
  lines: LinesSchema,
  carrier: Type.Unsafe<(typeof CARRIERS)[number]>({ type: 'string', enum: [...CARRIERS], pattern: NO_NUL_PATTERN, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.carrier }),
  trackingNumber: Type.Optional(Text({ pattern: TRACKING_NUMBER_PATTERN, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.trackingNumber })),
  /** For carrier 'other' only: the link to the parcel's tracking page. */
  trackingUrl: Type.Optional(Text({ maxLength: FULFILMENT_LIMITS.urlMaxLength, pattern: '^https?://', [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.trackingUrl })),
  /** false: no shipped mail (the owner tells the shopper another way). Mailed by default. */
  notifyShopper: Type.Optional(Type.Boolean({ [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.notifyShopper })),
});
export type CreateFulfilmentBody = Static<typeof CreateFulfilmentBodySchema>;

export const ReturnIdParamsSchema = RequestParams({
  orderId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: 'orderId must be an order id.' }),
  returnId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.returnId }),
});

export const RequestReturnBodySchema = RequestBody({
  lines: LinesSchema,
  reason: Type.Unsafe<ReturnReason>({ type: 'string', enum: Object.keys(RETURN_REASONS), pattern: NO_NUL_PATTERN, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.reason }),
  note: Type.Optional(Text({ maxLength: FULFILMENT_LIMITS.noteMaxLength, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.note })),
});
export type RequestReturnBody = Static<typeof RequestReturnBodySchema>;

export const DeclineReturnBodySchema = RequestBody({
  message: Text({ minLength: 1, maxLength: FULFILMENT_LIMITS.declineMessageMaxLength, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.declineMessage }),
});
export type DeclineReturnBody = Static<typeof DeclineReturnBodySchema>;

export const ReturnStepBodySchema = RequestBody({ note: Type.Optional(Text({ maxLength: FULFILMENT_LIMITS.noteMaxLength, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.note })) });
export type ReturnStepBody = Static<typeof ReturnStepBodySchema>;

export const RefundReturnBodySchema = RequestBody({
  /** The lines whose units go back on sale (by lineId); none when left out. */
  restock: Type.Optional(Type.Array(Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.restock }), { maxItems: FULFILMENT_LIMITS.linesMax, uniqueItems: true, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.restock })),
  note: Type.Optional(Text({ maxLength: FULFILMENT_LIMITS.noteMaxLength, [MESSAGE_KEYWORD]: FULFILMENT_MESSAGES.note })),
});
export type RefundReturnBody = Static<typeof RefundReturnBodySchema>;

/** What the shopper's order link shows of returns: the lines with what may still be sent back, and earlier returns. */
export const ShopperReturnsReplySchema = ResponseObject({
  orderNumber: Type.Integer(),
  lines: Type.Array(OrderLineProgressSchema),
  returns: Type.Array(OrderReturnSchema),
  reasons: Type.Array(ResponseObject({ value: Type.String(), label: Type.String() })),
});
export type ShopperReturnsReply = Static<typeof ShopperReturnsReplySchema>;

export const createFulfilmentContract = defineContract({
  operationId: 'createFulfilment',
  method: 'POST',
  url: '/api/owner/orders/:orderId/fulfilments',
  summary: 'Ships some lines or all with a carrier and tracking number, and queues the shipped mail; more than is left is a 400, a lost race a 409.',
  tags,
  access: 'orders:write',
  schema: { params: OrderIdParamsSchema, body: CreateFulfilmentBodySchema, response: { 201: OwnerOrderReplySchema, ...ERROR_RESPONSES } },
});

export const packingSlipContract = defineContract({
  operationId: 'getPackingSlip',
  method: 'GET',
  url: '/api/owner/orders/:orderId/packing-slip',
  summary: "The order's printable packing slip (HTML with print CSS): store, address, order number, lines and quantities, no prices.",
  tags,
  access: 'orders:read',
  schema: { params: OrderIdParamsSchema, response: { 200: Type.String({ description: 'text/html' }), ...ERROR_RESPONSES } },
});

const returnStep = <B extends typeof ReturnStepBodySchema | typeof DeclineReturnBodySchema | typeof RefundReturnBodySchema>(operationId: string, step: string, summary: string, body: B) =>
  defineContract({
    operationId,
    method: 'POST',
    url: `/api/owner/orders/:orderId/returns/:returnId/${step}`,
    summary,
    tags,
    access: 'orders:write',
    schema: { params: ReturnIdParamsSchema, body, response: { 200: OwnerOrderReplySchema, ...ERROR_RESPONSES } },
  });

export const approveReturnContract = returnStep('approveReturn', 'approve', 'Approves a requested return and mails the shopper.', ReturnStepBodySchema);
export const declineReturnContract = returnStep('declineReturn', 'decline', "Declines a requested return with a message, mailed to the shopper.", DeclineReturnBodySchema);
export const receiveReturnContract = returnStep('receiveReturn', 'receive', 'Marks an approved return received.', ReturnStepBodySchema);
export const refundReturnContract = returnStep(
  'refundReturn',
  'refund',
  "Refunds a received return's lines through the provider that took the payment and restocks the lines asked for, once however many requests race.",
  RefundReturnBodySchema,
);

export const getShopperReturnsContract = defineContract({
  operationId: 'getOrderReturns',
  method: 'GET',
  url: '/api/commerce/orders/:orderId/returns',
  summary: "What of an order may be sent back, and its returns so far (the order's link is the key).",
  tags: ['orders'],
  schema: { params: OrderIdParamsSchema, response: { 200: ShopperReturnsReplySchema, ...ERROR_RESPONSES } },
});

export const requestReturnContract = defineContract({
  operationId: 'requestReturn',
  method: 'POST',
  url: '/api/commerce/orders/:orderId/returns',
  summary: 'The shopper asks to send back lines of a shipped order, with a reason from the list and a note.',
  tags: ['orders'],
  schema: { params: OrderIdParamsSchema, body: RequestReturnBodySchema, response: { 201: ShopperReturnsReplySchema, ...ERROR_RESPONSES } },
});

export const FULFILMENT_CONTRACTS = [
  createFulfilmentContract,
  packingSlipContract,
  approveReturnContract,
  declineReturnContract,
  receiveReturnContract,
  refundReturnContract,
  getShopperReturnsContract,
  requestReturnContract,
] as const;
