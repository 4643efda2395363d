/** @vitrine/server: the Fastify server, its database and the page context builders. */
export { buildApp, BODY_LIMIT_BYTES, DEFAULT_RATE_LIMIT, type BuildAppOptions } from './app';
export type { ServerContext } from './context';
export { openDatabaseFromEnv, openPGlite, openPostgres, type DatabaseKind, type OpenDatabase } from './db/database';
export { migrate, loadMigrations } from './db/migrate';
export type { Database } from './db/schema';
export { seedDemoSite } from './demo-site';
export {
  seedDemoStore, DEMO_COLLECTION, DEMO_PRODUCTS, DEMO_WEBSITE, productItemJson, variantJson, minorUnitsToDecimalString, moneyJson,
  type ProductItemJson, type VariantJson,
} from './catalog';
export { HttpError, type ErrorBody } from './http/errors';
export { CRUMB_COOKIE, CRUMB_HEADER, CRUMB_KEY_COOKIE, Crumbs, ensureVisitorCrumb } from './http/crumb';
export { DatabaseRateLimitStore, RATE_LIMIT_MESSAGE, type RateLimitStore } from './http/rate-limit';
export { RedisRateLimitStore } from './http/redis-rate-limit';
export { CART_COOKIE, HOST_PREFIX, SESSION_COOKIE, SITE_USER_INFO_COOKIE, cookieNameFor } from './http/cookies';
export { shoppingCartJson, cartEntryJson, type CartMergePolicy, mergeIntoUserCart } from './cart';
export { TestModePaymentProvider, type PaymentProvider, type PaymentRequest, type PaymentResult } from './orders';
export { visitorActor, systemActor, type Actor, type VisitorActor, type SystemActor } from './actor';
export { Failure, type FailureKind } from './failures';
export { WebsiteCache, WEBSITE_FRESH_MS, updateWebsiteSettings } from './websites';
export {
  buildCartPageContext,
  buildCheckoutPageContext,
  buildGiftCardPageContext,
  buildHomePageContext,
  buildOrderConfirmedPageContext,
  buildProductPageContext,
  buildSearchPageContext,
  buildStorePageContext,
  installmentContext,
  websiteJson,
  websiteSettingsJson,
  PAGE_TYPES,
  type BasePageContext,
  type CartPageContext,
  type CheckoutPageContext,
  type GiftCardPageContext,
  type OrderConfirmedPageContext,
  type ProductPageContext,
  type SearchPageContext,
  type StorePageContext,
} from './pages/contexts';
export { registerPageRoutes } from './pages/routes';
