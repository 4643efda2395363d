import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, NO_NUL_PATTERN, RequestBody, RequestParams, ResponseObject, Text } from './fields';

/**
 * Outgoing webhooks (issue 37 item 1): the events a website sends to the endpoints its owner subscribes, the
 * payload of each (written once here: the server builds them to these shapes and the OpenAPI document publishes
 * them in its `webhooks` section), and the Settings → Webhooks calls. Signed by the Standard Webhooks scheme.
 */

// ---------------------------------------------------------------------------------------------
// The payloads

const IsoTime = Type.String({ format: 'date-time', description: 'An ISO 8601 time in UTC.' });
const Cents = (description: string) => Type.Integer({ description: `${description}, in minor units of the currency (cents).` });

export const WebhookOrderLineSchema = ResponseObject({
  productId: Type.Union([Type.String(), Type.Null()], { description: 'null once the product was deleted for good: the line keeps its own name, sku and price.' }),
  variantId: Type.Union([Type.String(), Type.Null()]),
  sku: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  quantity: Type.Integer(),
  unitPriceCents: Cents('The price of one'),
});

export const WebhookOrderSchema = ResponseObject({
  id: Type.String(),
  /** The number the shopper sees (1001, 1002, …). */
  number: Type.Integer(),
  email: Type.String(),
  status: Type.String({ description: 'placed, fulfilled, cancelled or refunded.' }),
  paymentStatus: Type.String({ description: 'paid, pending, failed or expired.' }),
  testMode: Type.Boolean(),
  currency: Type.String({ description: 'ISO 4217 code.' }),
  subtotalCents: Cents('The lines before discounts'),
  discountCents: Cents('Discounts'),
  shippingCents: Cents('Shipping'),
  taxCents: Cents('Tax'),
  grandTotalCents: Cents('What the order costs'),
  refundedCents: Cents('What was paid back so far'),
  createdAt: IsoTime,
  lines: Type.Array(WebhookOrderLineSchema),
});
export type WebhookOrder = Static<typeof WebhookOrderSchema>;

export const WebhookOrderRefundSchema = ResponseObject({
  order: WebhookOrderSchema,
  amountCents: Cents('This refund'),
});

export const WebhookProductSchema = ResponseObject({
  id: Type.String(),
  title: Type.String(),
  urlSlug: Type.String(),
  productType: Type.String(),
  archived: Type.Boolean(),
  variants: Type.Array(
    ResponseObject({
      id: Type.String(),
      sku: Type.Union([Type.String(), Type.Null()]),
      priceCents: Cents('Its price'),
      stock: Type.Union([Type.Integer(), Type.Null()], { description: 'null: unlimited.' }),
    }),
  ),
});
export type WebhookProduct = Static<typeof WebhookProductSchema>;

export const WebhookProductDeletedSchema = ResponseObject({ id: Type.String() });

export const WebhookInventorySchema = ResponseObject({
  productId: Type.String(),
  variantId: Type.String(),
  sku: Type.Union([Type.String(), Type.Null()]),
  /** null: unlimited stock. */
  stock: Type.Union([Type.Integer(), Type.Null()]),
  unlimited: Type.Boolean(),
});
export type WebhookInventory = Static<typeof WebhookInventorySchema>;

export const WebhookCustomerSchema = ResponseObject({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.Union([Type.String(), Type.Null()]),
  lastName: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
});

export const WebhookFormSubmissionSchema = ResponseObject({
  formId: Type.String(),
  formName: Type.String(),
  submissionId: Type.String(),
  /** The answers by field name, as the visitor sent them. */
  answers: Type.Record(Type.String(), Type.Unknown()),
  submittedAt: IsoTime,
});

export const WebhookNewsletterSubscriberSchema = ResponseObject({
  email: Type.String(),
  formId: Type.Union([Type.String(), Type.Null()]),
  subscribedAt: IsoTime,
});

export const WebhookSubscriptionSchema = ResponseObject({
  id: Type.String(),
  status: Type.String(),
  email: Type.String(),
  productName: Type.String(),
  /** The renewal's order (subscription.renewed); null otherwise. */
  orderId: Type.Union([Type.String(), Type.Null()]),
});

export const WebhookReviewSchema = ResponseObject({
  id: Type.String(),
  productId: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  title: Type.String(),
  body: Type.String(),
  authorName: Type.String(),
  status: Type.String({ description: 'pending until moderated, or published.' }),
  createdAt: IsoTime,
});

/** Every event a website sends, with what it means and its `data`. The order is Settings → Webhooks' list. */
export const WEBHOOK_EVENTS = {
  'order.created': { description: 'An order was placed (paid or waiting for its payment).', data: WebhookOrderSchema },
  'order.paid': { description: 'An order’s payment was confirmed.', data: WebhookOrderSchema },
  'order.fulfilled': { description: 'An order was marked fulfilled.', data: WebhookOrderSchema },
  'order.cancelled': { description: 'An order was cancelled (by the owner, or its payment failed or expired).', data: WebhookOrderSchema },
  'order.refunded': { description: 'All or part of an order was refunded.', data: WebhookOrderRefundSchema },
  'product.created': { description: 'A product was created (by hand or by an import).', data: WebhookProductSchema },
  'product.updated': { description: 'A product was changed, or restored from the archive.', data: WebhookProductSchema },
  'product.deleted': { description: 'A product was archived: it left the shop (its record stays for the orders that name it).', data: WebhookProductDeletedSchema },
  'inventory.changed': { description: 'A variant’s stock was set or adjusted by the owner.', data: WebhookInventorySchema },
  'customer.created': { description: 'A shopper created an account.', data: WebhookCustomerSchema },
  'form.submitted': { description: 'A visitor sent a form (spam excluded).', data: WebhookFormSubmissionSchema },
  'newsletter.subscribed': { description: 'An address joined the newsletter (confirmed).', data: WebhookNewsletterSubscriberSchema },
  'subscription.renewed': { description: 'A subscription was charged for its next period.', data: WebhookSubscriptionSchema },
  'subscription.cancelled': { description: 'A subscription was cancelled.', data: WebhookSubscriptionSchema },
  'review.created': { description: 'A shopper wrote a product review.', data: WebhookReviewSchema },
} as const satisfies Record<string, { description: string; data: TSchema }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
export type WebhookEventData<T extends WebhookEventType> = Static<(typeof WEBHOOK_EVENTS)[T]['data']>;

/** What is POSTed: `type`, when it happened, and the event's `data` (the Standard Webhooks envelope). */
export function webhookPayloadSchema(type: WebhookEventType) {
  return Type.Object(
    { type: Type.Literal(type), timestamp: IsoTime, data: WEBHOOK_EVENTS[type].data },
    { additionalProperties: true, description: WEBHOOK_EVENTS[type].description },
  );
}

// ---------------------------------------------------------------------------------------------
// Settings → Webhooks

export const WEBHOOK_LIMITS = {
  perWebsite: 20,
  urlMaxLength: 2083,
  descriptionMaxLength: 200,
  /** Deliveries the log lists per endpoint, newest first. */
  deliveriesListed: 50,
  /** The most of an answer's body the log keeps. */
  responseExcerptBytes: 2048,
} as const;

export const WEBHOOK_MESSAGES = {
  url: `url must be an http:// or https:// address of at most ${WEBHOOK_LIMITS.urlMaxLength} characters, without a user name or password.`,
  urlNotPublic: 'This address is private, loopback or link-local: webhooks are sent to public addresses only.',
  description: `description must be at most ${WEBHOOK_LIMITS.descriptionMaxLength} characters.`,
  events: 'events must list one or more webhook events, each once.',
  enabled: 'enabled must be true or false.',
  endpointId: 'endpointId must be a webhook endpoint id.',
  deliveryId: 'deliveryId must be a delivery id.',
  notFound: 'Sorry, that webhook endpoint was not found.',
  deliveryNotFound: 'Sorry, that delivery was not found.',
  tooMany: `A website may have at most ${WEBHOOK_LIMITS.perWebsite} webhook endpoints. Delete one first.`,
} as const;

const tags = ['owner-webhooks'];

const EventTypeSchema = Type.Unsafe<WebhookEventType>({ type: 'string', enum: WEBHOOK_EVENT_TYPES, pattern: NO_NUL_PATTERN, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.events });

export const WebhookEndpointSchema = ResponseObject({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** Why the platform switched it off (persistent failure); null when the owner's switch rules. */
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  /** 'whsec_' and the secret's first characters, to tell secrets apart; never the secret. */
  secretPrefix: Type.String(),
  /** After a rotation, until when the previous secret signs too (both signatures in the header); else null. */
  previousSecretValidUntil: Type.Union([Type.Integer(), Type.Null()]),
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type WebhookEndpointJson = Static<typeof WebhookEndpointSchema>;

export const WebhookEventInfoSchema = ResponseObject({ type: Type.String(), description: Type.String() });

export const WebhookEndpointBodySchema = RequestBody({
  url: Text({ minLength: 1, maxLength: WEBHOOK_LIMITS.urlMaxLength, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.url }),
  description: Type.Optional(Text({ maxLength: WEBHOOK_LIMITS.descriptionMaxLength, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.description })),
  events: Type.Array(EventTypeSchema, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.events }),
  enabled: Type.Optional(Type.Boolean({ [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.enabled })),
});
export type WebhookEndpointBody = Static<typeof WebhookEndpointBodySchema>;

export const CreatedWebhookEndpointSchema = ResponseObject({
  endpoint: WebhookEndpointSchema,
  /** The signing secret (whsec_…): shown in this answer only. */
  secret: Type.String(),
});
export type CreatedWebhookEndpointReply = Static<typeof CreatedWebhookEndpointSchema>;

export const WebhookAttemptSchema = ResponseObject({
  attempt: Type.Integer(),
  at: Type.Integer(),
  /** The answer's status; null when none came (refused address, timeout, connection failure). */
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  /** The answer's first bytes. */
  responseBody: Type.String(),
  durationMs: Type.Integer(),
  /** Why it failed without an answer; null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
});

export const WebhookDeliverySchema = ResponseObject({
  id: Type.String(),
  /** The webhook-id header: the same on every attempt and resend, for the receiver's de-duplication. */
  eventId: Type.String(),
  eventType: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  created: Type.Integer(),
  nextAttemptAt: Type.Union([Type.Integer(), Type.Null()]),
  /** The JSON body sent. */
  requestBody: Type.String(),
  attemptLog: Type.Array(WebhookAttemptSchema),
});
export type WebhookDeliveryJson = Static<typeof WebhookDeliverySchema>;

const EndpointParamsSchema = RequestParams({
  endpointId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.endpointId }),
});
const DeliveryParamsSchema = RequestParams({
  endpointId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.endpointId }),
  deliveryId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: WEBHOOK_MESSAGES.deliveryId }),
});

export const listWebhookEndpointsContract = defineContract({
  operationId: 'listWebhookEndpoints',
  method: 'GET',
  url: '/api/owner/webhooks',
  summary: "The website's webhook endpoints, newest first, and the events one may subscribe to; never a secret.",
  tags,
  access: 'webhooks:manage',
  schema: { response: { 200: ResponseObject({ endpoints: Type.Array(WebhookEndpointSchema), events: Type.Array(WebhookEventInfoSchema) }), ...ERROR_RESPONSES } },
});

export const createWebhookEndpointContract = defineContract({
  operationId: 'createWebhookEndpoint',
  method: 'POST',
  url: '/api/owner/webhooks',
  summary: 'Adds a webhook endpoint subscribed to events; its signing secret (whsec_…) is in this answer only.',
  tags,
  access: 'webhooks:manage',
  schema: { body: WebhookEndpointBodySchema, response: { 201: CreatedWebhookEndpointSchema, ...ERROR_RESPONSES } },
});

export const updateWebhookEndpointContract = defineContract({
  operationId: 'updateWebhookEndpoint',
  method: 'PUT',
  url: '/api/owner/webhooks/:endpointId',
  summary: 'Changes an endpoint’s URL, description, events and switch; switching it on clears a failure stop.',
  tags,
  access: 'webhooks:manage',
  schema: { params: EndpointParamsSchema, body: WebhookEndpointBodySchema, response: { 200: ResponseObject({ endpoint: WebhookEndpointSchema }), ...ERROR_RESPONSES } },
});

export const deleteWebhookEndpointContract = defineContract({
  operationId: 'deleteWebhookEndpoint',
  method: 'DELETE',
  url: '/api/owner/webhooks/:endpointId',
  summary: 'Deletes an endpoint and its delivery log; nothing more is sent to it.',
  tags,
  access: 'webhooks:manage',
  schema: { params: EndpointParamsSchema, response: { 200: ResponseObject({ deleted: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const rotateWebhookSecretContract = defineContract({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  url: '/api/owner/webhooks/:endpointId/secret',
  summary: 'A new signing secret (in this answer only); the previous one keeps signing beside it for 24 hours.',
  tags,
  access: 'webhooks:manage',
  schema: { params: EndpointParamsSchema, response: { 200: CreatedWebhookEndpointSchema, ...ERROR_RESPONSES } },
});

export const listWebhookDeliveriesContract = defineContract({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  url: '/api/owner/webhooks/:endpointId/deliveries',
  summary: `An endpoint's delivery log, newest first (the last ${WEBHOOK_LIMITS.deliveriesListed}): the body sent, each attempt's answer, timing and error.`,
  tags,
  access: 'webhooks:manage',
  schema: { params: EndpointParamsSchema, response: { 200: ResponseObject({ deliveries: Type.Array(WebhookDeliverySchema) }), ...ERROR_RESPONSES } },
});

export const resendWebhookDeliveryContract = defineContract({
  operationId: 'resendWebhookDelivery',
  method: 'POST',
  url: '/api/owner/webhooks/:endpointId/deliveries/:deliveryId/resend',
  summary: 'Sends a delivery’s event again, with the same webhook-id, as a new delivery at once.',
  tags,
  access: 'webhooks:manage',
  schema: { params: DeliveryParamsSchema, response: { 202: ResponseObject({ delivery: WebhookDeliverySchema }), ...ERROR_RESPONSES } },
});

export const WEBHOOK_CONTRACTS = [
  listWebhookEndpointsContract,
  createWebhookEndpointContract,
  updateWebhookEndpointContract,
  deleteWebhookEndpointContract,
  rotateWebhookSecretContract,
  listWebhookDeliveriesContract,
  resendWebhookDeliveryContract,
] as const;
