/**
 * @vitrine/contracts: the request and response schemas of every call of the HTTP API, as JSON Schema
 * (TypeBox) with the static types derived from them. The server validates and serialises with them,
 * the storefront's client types its calls with them, and the OpenAPI document is generated from them.
 */
export type { HttpMethod, RouteAccess, RouteContract, RouteDocs, RouteSchema, ValidationContext } from './contract';
export { defineContract, type ContractDefinition } from './contract';

export { CRUMB_MESSAGES, FIELD_MESSAGES, HTTP_MESSAGES, RATE_LIMIT_MESSAGE, invalidFieldMessage } from './messages';
export { ERROR_RESPONSES, ErrorBodySchema, type ErrorBody } from './errors';
export { ajvOptions, formatValidationErrors, type ContractAjvOptions, type ValidationIssue } from './validation';

export {
  EMAIL_PATTERN,
  LIMITS,
  MESSAGE_KEYWORD,
  NO_NUL_PATTERN,
  QUANTITY_STRING_MAX_LENGTH,
  Text,
  isValidEmail,
  type FieldMessage,
} from './fields';

export * from './cart';
export * from './orders';
export * from './payments';
export * from './checkout';
export * from './address';
export * from './site-users';
export * from './health';
export * from './crumb';
export * from './mail';
export * from './mail-templates';
export * from './mail-template-model';
export * from './owner-campaigns';
export * from './restock';
export * from './captcha';
export * from './forms';
export * from './owner-roles';
export * from './owner';
export * from './seo';
export * from './owner-catalog';
export * from './owner-orders';
export * from './fulfilments';
export * from './owner-images';
export * from './owner-media';
export * from './site-footer';
export * from './site-announcement';
export * from './owner-site';
export * from './site-identity';
export * from './owner-themes';
export * from './owner-site-archives';
export * from './owner-site-imports';
export * from './owner-redirects';
export * from './site-styles';
export * from './site-templates';
export * from './owner-forms';
export * from './owner-content';
export * from './owner-courses';
export * from './owner-newsletter';
export * from './comments';
export * from './owner-comments';
export * from './owner-contributors';
export * from './owner-domains';
export * from './owner-checkout';
export * from './owner-automatic-discounts';
export * from './owner-subscriptions';
export * from './reviews';
export * from './owner-reviews';
export * from './owner-downloads';
export * from './gift-cards';
export * from './owner-gift-cards';
export * from './owner-experiments';
export * from './session-replay';
export * from './experiments';
export * from './owner-popup-overlay';
export * from './owner-members';
export * from './members';
export * from './analytics';
export * from './webhooks';
export * from './headless';
export { ANALYTICS_EVENT_SCHEMAS, ANALYTICS_COMMON_EVENT_SCHEMA } from './analytics-events';
export { ROUTE_CONTRACTS, contractFor } from './routes';
export * from './abandoned-carts';
