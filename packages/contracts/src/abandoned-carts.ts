import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, ResponseObject } from './fields';
import { MoneySchema } from './orders';

/**
 * Abandoned-cart recovery (issue 38 item 3): a shopper who gave an email at checkout and left gets one reminder after
 * the delay the owner chose, with a link that restores the cart; the orders placed through it are counted.
 */

/** The delays the owner chooses from, in hours; null is off (the default). */
export const ABANDONED_CART_DELAYS_HOURS = [1, 4, 24] as const;
export type AbandonedCartDelayHours = (typeof ABANDONED_CART_DELAYS_HOURS)[number];

export const ABANDONED_CART_MESSAGES = {
  delayHours: `delayHours must be one of ${ABANDONED_CART_DELAYS_HOURS.join(', ')} or null (off).`,
  linkNotValid: 'This link has expired or is not valid. Your cart may have been bought already.',
  restored: 'Your cart is back, just as you left it.',
} as const;

const tags = ['owner-abandoned-carts'];

export const AbandonedCartSettingsSchema = ResponseObject({
  /** Hours a cart stays idle before its reminder is sent; null: reminders are off. */
  delayHours: Type.Union([Type.Integer(), Type.Null()]),
  /** The choices, for clients. */
  delayChoices: Type.Array(Type.Integer()),
});
export type AbandonedCartSettingsJson = Static<typeof AbandonedCartSettingsSchema>;

export const UpdateAbandonedCartSettingsBodySchema = RequestBody({
  // Written out (not mapped from ABANDONED_CART_DELAYS_HOURS) so the body's static type keeps each literal.
  delayHours: Type.Union([Type.Literal(1), Type.Literal(4), Type.Literal(24), Type.Null()], { [MESSAGE_KEYWORD]: ABANDONED_CART_MESSAGES.delayHours }),
});
export type UpdateAbandonedCartSettingsBody = Static<typeof UpdateAbandonedCartSettingsBodySchema>;

export const AbandonedCartSummarySchema = ResponseObject({
  /** Reminders sent (ever). */
  remindersSent: Type.Integer(),
  /** Orders placed from a cart after its reminder's link restored it. */
  recoveredOrders: Type.Integer(),
  recoveredRevenue: MoneySchema,
});
export type AbandonedCartSummaryJson = Static<typeof AbandonedCartSummarySchema>;

export const getAbandonedCartSettingsContract = defineContract({
  operationId: 'getAbandonedCartSettings',
  method: 'GET',
  url: '/api/owner/abandoned-carts/settings',
  summary: 'Whether abandoned-cart reminders are on, and after how many hours.',
  tags,
  access: 'store-settings:read',
  schema: { response: { 200: AbandonedCartSettingsSchema, ...ERROR_RESPONSES } },
});

export const updateAbandonedCartSettingsContract = defineContract({
  operationId: 'updateAbandonedCartSettings',
  method: 'PUT',
  url: '/api/owner/abandoned-carts/settings',
  summary: 'Turns abandoned-cart reminders on with a delay (1, 4 or 24 hours) or off (null).',
  tags,
  access: 'store-settings:write',
  schema: { body: UpdateAbandonedCartSettingsBodySchema, response: { 200: AbandonedCartSettingsSchema, ...ERROR_RESPONSES } },
});

export const getAbandonedCartSummaryContract = defineContract({
  operationId: 'getAbandonedCartSummary',
  method: 'GET',
  url: '/api/owner/abandoned-carts/summary',
  summary: 'Reminders sent, and the orders and revenue recovered through their links (the dashboard card).',
  tags,
  access: 'reports:read',
  schema: { response: { 200: AbandonedCartSummarySchema, ...ERROR_RESPONSES } },
});

export const ABANDONED_CART_CONTRACTS = [getAbandonedCartSettingsContract, updateAbandonedCartSettingsContract, getAbandonedCartSummaryContract] as const;
