import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce';
import { EMAIL_NOT_VALID } from '@vitrine/forms/messages';

/**
 * Every message a malformed call can receive, worded once. The spec leaves server messages unworded
 * except where noted; the shopper-facing ones come from `@vitrine/commerce` so the browser and the
 * server show the same text.
 */

/** Fastify's own 4xx (body parsing, limits) and the catch-all 404 and 500, worded for people. */
export const HTTP_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  emptyBody: 'The request body is empty.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Send the request body as JSON.',
  bodyNotObject: 'The request body must be a JSON object.',
  /** A validation failure no field can be named for (a schema without annotations, a header). */
  invalidRequest: 'The request is not valid.',
  notFound: 'Not found.',
  internal: 'Something went wrong. Please try again.',
  /** 503: the database gave up waiting for a lock (something else holds it for too long). */
  busy: 'The store is busy right now. Please try again in a moment.',
} as const;

/** The two crumb failures of storefront spec §8 (403 with `crumbFail: true`). */
export const CRUMB_MESSAGES = {
  sessionExpired: ADD_TO_CART_MESSAGES.sessionExpired,
  enableCookies: ADD_TO_CART_MESSAGES.enableCookies,
} as const;

/** The 429 of storefront spec §8. */
export const RATE_LIMIT_MESSAGE = ADD_TO_CART_MESSAGES.rateLimited;

/**
 * One message per request field, shown under the field (`errors[field]`) and as the top-level
 * `message` when it is the first bad field. `quantity` is the spec's own wording (§5).
 */
export const FIELD_MESSAGES = {
  itemId: 'itemId must be a product id.',
  sku: 'sku must be a string.',
  quantity: ADD_TO_CART_MESSAGES.quantityNotNumber,
  additionalFields: 'additionalFields must be a JSON string.',
  entryId: 'entryId must be a cart entry id.',
  email: EMAIL_NOT_VALID,
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 200 characters.',
  rememberMe: 'rememberMe must be true or false.',
  cartToken: 'That checkout link is no longer valid.',
  unknownField: 'Unknown field.',
} as const;

/** The fallback for a field whose schema carries no message. */
export function invalidFieldMessage(field: string): string {
  return `${field} is not valid.`;
}
